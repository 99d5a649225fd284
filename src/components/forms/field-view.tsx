import type { ComponentType, InputHTMLAttributes, ReactNode } from "react"

export interface FieldViewProps extends InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement> {
  name: string
  label: string
  required?: boolean
  multiline?: boolean
  error?: string
  /** Help under the field that is not an error (an e-mail field's "Did you mean …?"), announced when it appears. */
  hint?: ReactNode
}

/** What a form's field list passes to a field; the value and error come from the live form or are absent in its prerendered shell. */
export type FieldProps = Omit<FieldViewProps, "error" | "hint" | "value" | "onChange" | "onBlur">
/** The live (Formik) field or the prerendered one, so one field list draws both. */
export type FieldComponent = ComponentType<FieldProps>

/** A labelled input with its error next to it; required fields carry an asterisk. Shared by the live form and its placeholder. */
export function FieldView({
  name,
  label,
  required = false,
  multiline = false,
  error,
  hint,
  className = "",
  ...rest
}: FieldViewProps) {
  const id = `field-${name}`
  const inputClass = `mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-50 ${error ? "border-red-600" : "border-slate-300"} ${className}`
  const common = {
    name,
    id,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {multiline ? (
        <textarea {...common} {...rest} className={`${inputClass} min-h-[120px]`} />
      ) : (
        <input {...common} {...rest} className={inputClass} />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint !== undefined && <div aria-live="polite">{hint}</div>}
    </div>
  )
}
