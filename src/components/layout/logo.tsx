import { Link } from "gatsby"
import { StaticImage } from "gatsby-plugin-image"

interface LogoProps {
  name: string
  /** Smaller mark for the mobile menu. */
  compact?: boolean
}

/** The company mark (a shield with a leaf) and name, linking home. */
export function Logo({ name, compact = false }: LogoProps) {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-brand-800" aria-label={`${name}, home`}>
      {compact ? (
        <StaticImage src="../../images/logo.png" alt="" width={32} height={32} layout="fixed" placeholder="none" loading="eager" className="shrink-0" />
      ) : (
        <StaticImage src="../../images/logo.png" alt="" width={40} height={40} layout="fixed" placeholder="none" loading="eager" className="shrink-0" />
      )}
      <span className={compact ? "text-base leading-tight" : "max-w-[12rem] text-base leading-tight"}>{name}</span>
    </Link>
  )
}
