import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { useSiteLabels } from "../../lib/i18n/site-labels"
import { Star } from "./ui-icons"

/** A customer's rating as stars, read out as one image in the page's language: "5 out of 5 stars". */
export function StarRating({ rating, className = "" }: { rating: number; className?: string }) {
  const { rating: label } = useSiteLabels()
  return (
    <p
      className={`flex gap-0.5 text-amber-500 ${className}`}
      role="img"
      aria-label={fill(label, { rating: String(rating) })}
    >
      {Array.from({ length: rating }, (_, i) => (
        <Star key={i} className="h-5 w-5 fill-current" aria-hidden="true" />
      ))}
    </p>
  )
}
