import { useField } from "formik"
import type { InputHTMLAttributes } from "react"

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement> {
  name: string
  label: string
  required?: boolean
  multiline?: boolean
}

/** A labelled input with its error next to it; required fields carry an asterisk. */
export function TextField({ name, label, required = false, multiline = false, className = "", ...rest }: TextFieldProps) {
  const [field, meta] = useField<string>(name)
  const id = `field-${name}`
  const invalid = Boolean(meta.touched && meta.error)
  const inputClass = `mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${invalid ? "border-red-600" : "border-slate-300"} ${className}`
  const common = { ...field, id, required, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `${id}-error` : undefined }
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
      {multiline ? <textarea {...common} {...rest} className={`${inputClass} min-h-[120px]`} /> : <input {...common} {...rest} className={inputClass} />}
      {invalid && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {meta.error}
        </p>
      )}
    </div>
  )
}
