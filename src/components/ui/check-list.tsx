import { CodeText } from "./code-text"
import { Panel } from "./panel"
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
          <span>
            <CodeText text={item} />
          </span>
        </li>
      ))}
    </ul>
  )
}

/** A tinted box of reasons or inclusions: a heading (labelling the section by `id`) over a check list. */
export function CheckListPanel({
  id,
  heading,
  items,
  headingSize,
}: {
  id: string
  heading: string
  items: readonly string[]
  headingSize: "text-xl" | "text-2xl"
}) {
  return (
    <Panel id={id} heading={heading} headingClassName={`${headingSize} font-bold text-brand-900`} surface="tinted">
      <div className="mt-4">
        <CheckList items={items} />
      </div>
    </Panel>
  )
}
