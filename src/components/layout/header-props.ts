import type { SiteData } from "../../hooks/use-site-data"
import { hoursLines, hoursSummary } from "../../lib/hours"
import { withTrailingSlash } from "../../lib/paths"
import type { SiteHeaderProps } from "./site-header"

/** The header's props from the site data: the dropdown's pests in menu order, the hours as text. */
export function headerProps(
  {
    company,
    navigation,
    pests,
    logo,
  }: Pick<SiteData, "company" | "navigation" | "pests"> & { logo?: SiteData["logo"] },
  pathname: string,
): SiteHeaderProps {
  const bySlug = new Map(pests.map((p) => [p.slug, p]))
  return {
    companyName: company.name,
    logo,
    phone: company.phone,
    navigation,
    menuPests: navigation.servicesMenu.pests.flatMap((slug) => bySlug.get(slug) ?? []),
    hours: hoursLines(company.hours),
    hoursSummary: hoursSummary(company.hours),
    currentPath: withTrailingSlash(pathname || "/"),
  }
}
