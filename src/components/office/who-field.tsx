import { useId } from "react"

/** "Who is taking it?": a name from the on-call list (a link to a shared inbox is opened by whoever reads it). */
export function WhoField({
  label,
  names,
  value,
  onChange,
}: {
  label: string
  names: readonly string[]
  value: string
  onChange: (name: string) => void
}) {
  const id = useId()
  if (names.length < 2) return null
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="mt-1 block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Who the page suggests: `preferred` when the list has it (the contact the link went to), else the list's first. */
export const suggestedName = (names: readonly string[], ...preferred: ReadonlyArray<string | null>) =>
  preferred.find((name): name is string => name !== null && names.includes(name)) ?? names[0] ?? ""
