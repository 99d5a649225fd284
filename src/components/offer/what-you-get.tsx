import { CardGrid, type CardData } from "../ui/card-grid"
import { Section } from "../ui/section"

/** "What You Get": the three things the offer's visit includes. */
export function WhatYouGet({ heading, cards }: { heading: string; cards: readonly CardData[] }) {
  return (
    <Section heading={heading} id="what-you-get">
      <CardGrid cards={cards} columns={3} />
    </Section>
  )
}
