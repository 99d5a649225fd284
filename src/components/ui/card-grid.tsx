import { IconBadge } from "./icon"

export interface CardData {
  readonly icon: string
  readonly title: string
  readonly text: string
}

/** Icon cards: trust cards, reasons, values. */
export function CardGrid({ cards, columns = 4 }: { cards: readonly CardData[]; columns?: 3 | 4 }) {
  return (
    <ul className={`grid gap-5 ${columns === 3 ? "md:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-4"}`}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <IconBadge name={card.icon} />
          <h3 className="mt-4 font-semibold text-slate-900">{card.title}</h3>
          <p className="mt-2 text-sm text-slate-700">{card.text}</p>
        </li>
      ))}
    </ul>
  )
}
