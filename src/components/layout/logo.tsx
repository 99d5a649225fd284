import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { useSiteLabels } from "../../lib/i18n/site-labels"
import { ResponsiveImage } from "../ui/responsive-image"

interface LogoProps {
  name: string
  /** The mark, processed by gatsby-plugin-image (src/images/logo.png). */
  image?: IGatsbyImageData | null
  /** Smaller mark for the mobile menu. */
  compact?: boolean
}

/** The company mark (a shield with a leaf) and name, linking home. */
export function Logo({ name, image, compact = false }: LogoProps) {
  const { homeLink } = useSiteLabels()
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-brand-800" aria-label={fill(homeLink, { name })}>
      {image && (
        <ResponsiveImage image={image} alt="" eager className={compact ? "h-8 w-8 shrink-0" : "h-10 w-10 shrink-0"} />
      )}
      <span className={compact ? "text-base leading-tight" : "max-w-[12rem] text-base leading-tight"}>{name}</span>
    </Link>
  )
}
