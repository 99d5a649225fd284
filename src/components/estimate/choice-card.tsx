import { useId, type ReactNode } from "react"

interface ChoiceCardProps {
  type: "radio" | "checkbox"
  name: string
  value: string
  checked: boolean
  onChange: () => void
  /** The choice's name: the control's accessible name. */
  title: ReactNode
  /** More about the choice, read as its description. */
  details?: ReactNode
  disabled?: boolean
}

/** A large selectable card: a radio (single choice) or a checkbox (several). */
export function ChoiceCard({ title, details, disabled = false, ...control }: ChoiceCardProps) {
  const id = useId()
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${
        control.checked ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white hover:border-brand-300"
      }`}
    >
      <input
        {...control}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={details ? `${id}-details` : undefined}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span className="flex-1">
        <span id={`${id}-title`} className="block font-semibold text-slate-900">
          {title}
        </span>
        {details && (
          <span id={`${id}-details`} className="mt-1 block text-sm text-slate-700">
            {details}
          </span>
        )}
      </span>
    </label>
  )
}
