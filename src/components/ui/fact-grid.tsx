import type { FactData } from "../../../gatsby/data-schemas/fields"
/** A figure and what it counts: "20+" over "Years in business". */
export type Fact = FactData

/**
 * Facts as cards, the figure large over its label (the label comes first in
 * the markup, so a screen reader names what the figure counts).
 * `className` sets the grid's wide columns, `cardClassName` the cards' surface.
 */
export function FactGrid({
  facts,
  className,
  cardClassName,
}: {
  facts: readonly Fact[]
  className: string
  cardClassName: string
}) {
  return (
    <dl className={`grid gap-5 sm:grid-cols-2 ${className}`}>
      {facts.map((fact) => (
        <div key={fact.label} className={`flex flex-col-reverse rounded-xl p-5 text-center ${cardClassName}`}>
          <dt className="mt-1 text-sm text-slate-700">{fact.label}</dt>
          <dd className="text-3xl font-extrabold text-brand-800">{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
