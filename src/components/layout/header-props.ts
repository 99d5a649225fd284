import type { SiteData } from "../../hooks/use-site-data"
import { scheduleOf } from "../../lib/holidays"
import { withTrailingSlash } from "../../lib/paths"
import { servicesMenuPests } from "../../lib/pest-lists"
import type { SiteHeaderProps } from "./site-header"

/** The header's props from the site data: the dropdown's pests in their menu.services order, the hours as text (and the holidays, for today's notice). */
export function headerProps(
  {
    company,
    navigation,
    pests,
    logo,
  }: Pick<SiteData, "company" | "navigation" | "pests"> & { logo?: SiteData["logo"] },
  pathname: string,
): SiteHeaderProps {
  return {
    companyName: company.name,
    logo,
    phone: company.phone,
    navigation,
    menuPests: servicesMenuPests(pests),
    hours: company.hoursLines,
    holidays: { schedule: scheduleOf(company), texts: company.closedTexts },
    currentPath: withTrailingSlash(pathname || "/"),
  }
}
