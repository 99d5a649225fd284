import { Star } from "./ui-icons"

/** A customer's rating as stars, read out as one image: "5 out of 5 stars". */
export function StarRating({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <p className={`flex gap-0.5 text-amber-500 ${className}`} role="img" aria-label={`${rating} out of 5 stars`}>
      {Array.from({ length: rating }, (_, i) => (
        <Star key={i} className="h-5 w-5 fill-current" aria-hidden="true" />
      ))}
    </p>
  )
}
