/**
 * The site's small words in the page's language (data/navigation.yaml `labels`): what a screen reader hears of
 * the logo, a star rating, a menu button. The templates provide them, so a shared piece deep in a page (a
 * testimonial's stars) says them in the page's language without each page handing them down.
 */
import { createContext, useContext } from "react"
import type { Navigation } from "../../../gatsby/data-schemas/navigation"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export type SiteLabels = ReadonlyData<Navigation["labels"]>

export const SiteLabelsContext = createContext<SiteLabels | null>(null)

/** The page's labels; a component rendered outside a page template must be given them (no English stand-in). */
export function useSiteLabels(): SiteLabels {
  const labels = useContext(SiteLabelsContext)
  if (!labels) throw new Error("useSiteLabels: no SiteLabelsContext (the page templates provide it)")
  return labels
}
