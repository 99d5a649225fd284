import { Star } from "../ui/ui-icons"
import type { Testimonial } from "../ui/testimonials"

/** One customer's word, right under the hero. */
export function FeaturedTestimonial({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="mx-auto max-w-3xl px-4 py-10 text-center">
      <p
        className="flex justify-center gap-0.5 text-amber-500"
        role="img"
        aria-label={`${testimonial.rating} out of 5 stars`}
      >
        {Array.from({ length: testimonial.rating }, (_, i) => (
          <Star key={i} className="h-5 w-5 fill-current" aria-hidden="true" />
        ))}
      </p>
      <blockquote className="mt-3 text-xl text-slate-800">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-slate-900">
        {testimonial.name}, <span className="font-normal text-slate-600">{testimonial.location}</span>
      </figcaption>
    </figure>
  )
}
