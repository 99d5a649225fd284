import { CheckListPanel } from "../ui/check-list"
import { Panel } from "../ui/panel"
import { TextList } from "../ui/text-list"

interface TitledList {
  readonly heading: string
  readonly items: readonly string[]
}

/** What the visit includes, and beside it what the $49 rate does not cover. */
export function OfferDetails({ included, disclaimer }: { included: TitledList; disclaimer: TitledList }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-12 md:grid-cols-[3fr_2fr]">
      <CheckListPanel id="offer-included" heading={included.heading} items={included.items} headingSize="text-2xl" />
      <Panel
        id="offer-disclaimer"
        heading={disclaimer.heading}
        headingClassName="text-xl font-bold text-slate-900"
        surface="white"
      >
        <TextList items={disclaimer.items} className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700" />
      </Panel>
    </div>
  )
}
