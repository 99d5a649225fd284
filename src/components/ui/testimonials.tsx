import { StarRating } from "./star-rating"
import type { TestimonialData } from "../../../gatsby/data-schemas/fields"

export type Testimonial = TestimonialData

/** Customer quotes with their star rating. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {items.map((t) => (
        <li key={t.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <StarRating rating={t.rating} />
          <blockquote className="mt-3 text-slate-700">“{t.quote}”</blockquote>
          <p className="mt-auto pt-4 text-sm font-semibold text-slate-900">
            {t.name}, <span className="font-normal text-slate-600">{t.location}</span>
          </p>
        </li>
      ))}
    </ul>
  )
}
