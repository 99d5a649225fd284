import { Ban, CircleCheck } from "./ui-icons"

/** A list with a check mark (or a "no" mark) before each item. */
export function CheckList({
  items,
  mark = "check",
  columns = 1,
}: {
  items: readonly string[]
  mark?: "check" | "no"
  columns?: 1 | 2
}) {
  const Mark = mark === "check" ? CircleCheck : Ban
  return (
    <ul className={columns === 2 ? "grid gap-3 md:grid-cols-2" : "space-y-2"}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <Mark
            className={`mt-0.5 h-5 w-5 shrink-0 ${mark === "check" ? "text-brand-700" : "text-red-700"}`}
            aria-hidden="true"
          />
          {item}
        </li>
      ))}
    </ul>
  )
}
