import { StarRating } from "../ui/star-rating"
import type { Testimonial } from "../ui/testimonials"

/** One customer's word, right under the hero. */
export function FeaturedTestimonial({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="mx-auto max-w-3xl px-4 py-10 text-center">
      <StarRating rating={testimonial.rating} className="justify-center" />
      <blockquote className="mt-3 text-xl text-slate-800">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-slate-900">
        {testimonial.name}, <span className="font-normal text-slate-600">{testimonial.location}</span>
      </figcaption>
    </figure>
  )
}
