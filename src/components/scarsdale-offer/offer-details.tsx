import { CheckListPanel } from "../ui/check-list"

interface TitledList {
  readonly heading: string
  readonly items: readonly string[]
}

/** What the visit includes, and beside it what the $49 rate does not cover. */
export function OfferDetails({ included, disclaimer }: { included: TitledList; disclaimer: TitledList }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-12 md:grid-cols-[3fr_2fr]">
      <CheckListPanel id="offer-included" heading={included.heading} items={included.items} headingSize="text-2xl" />
      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="offer-disclaimer">
        <h2 id="offer-disclaimer" className="text-xl font-bold text-slate-900">
          {disclaimer.heading}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
          {disclaimer.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  )
}
