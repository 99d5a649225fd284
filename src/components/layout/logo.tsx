import { Link } from "gatsby"

interface LogoProps {
  name: string
  /** Smaller mark for the mobile menu. */
  compact?: boolean
}

/** The company mark (a shield with a leaf) and name, linking home. */
export function Logo({ name, compact = false }: LogoProps) {
  const size = compact ? 32 : 40
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-brand-800" aria-label={`${name}, home`}>
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="shrink-0">
        <path d="M20 2 5 8v10c0 9.4 6.4 17.4 15 20 8.6-2.6 15-10.6 15-20V8L20 2z" fill="#0b6138" />
        <path d="M27 13c-8 0-13 4.5-13 11.5 0 1.3.2 2.5.6 3.5 1-4.5 4.2-8 9.4-10-4.2 2.6-6.8 6-7.5 10.2 1 .5 2.2.8 3.5.8C27 29 27 20 27 13z" fill="#fbbf24" />
      </svg>
      <span className={compact ? "text-base leading-tight" : "max-w-[12rem] text-base leading-tight"}>{name}</span>
    </Link>
  )
}
