import { Star } from "./ui-icons"

export interface Testimonial {
  readonly quote: string
  readonly name: string
  readonly location: string
  readonly rating: number
}

/** Customer quotes with their star rating. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {items.map((t) => (
        <li key={t.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="flex gap-0.5 text-amber-500" role="img" aria-label={`${t.rating} out of 5 stars`}>
            {Array.from({ length: t.rating }, (_, i) => (
              <Star key={i} className="h-5 w-5 fill-current" aria-hidden="true" />
            ))}
          </p>
          <blockquote className="mt-3 text-slate-700">“{t.quote}”</blockquote>
          <p className="mt-auto pt-4 text-sm font-semibold text-slate-900">
            {t.name}, <span className="font-normal text-slate-600">{t.location}</span>
          </p>
        </li>
      ))}
    </ul>
  )
}
