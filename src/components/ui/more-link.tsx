import { Link } from "gatsby"

/** A lone text link on its own line, such as "See all plans" under a section's cards. `className` places the line. */
export function MoreLink({ to, label, className }: { to: string; label: string; className: string }) {
  return (
    <p className={className}>
      <Link
        to={to}
        className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        {label}
      </Link>
    </p>
  )
}
