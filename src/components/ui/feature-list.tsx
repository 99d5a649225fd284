import { Check, X } from "./ui-icons"

const MARKS = {
  check: { Mark: Check, color: "text-brand-700" },
  no: { Mark: X, color: "text-slate-500" },
} as const

/** Short lines, each after a small mark: what a plan or a service includes (a check) or leaves out (a cross). */
export function FeatureList({
  items,
  mark = "check",
  className,
}: {
  items: readonly string[]
  mark?: keyof typeof MARKS
  className: string
}) {
  const { Mark, color } = MARKS[mark]
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Mark className={`mt-0.5 h-4 w-4 shrink-0 ${color}`} aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}
