import { ChevronDown } from "../ui/ui-icons"
import { useId, useState } from "react"
import type { QuestionData } from "../../../gatsby/data-schemas/fields"

export type AccordionItem = QuestionData

/** One item open at a time; the open one can be closed. Buttons with aria-expanded control their panels. */
export function Accordion({
  items,
  defaultOpen = null,
}: {
  items: readonly AccordionItem[]
  defaultOpen?: number | null
}) {
  const [open, setOpen] = useState<number | null>(defaultOpen)
  const id = useId()
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item, i) => {
        const expanded = open === i
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`${id}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${i}`}
                onClick={() => {
                  setOpen(expanded ? null : i)
                }}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
              >
                {item.question}
                <ChevronDown
                  className={`h-5 w-5 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={`${id}-a${i}`}
              role="region"
              aria-labelledby={`${id}-q${i}`}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-700"
            >
              {item.answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}
