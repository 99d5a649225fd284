import type { ReactNode } from "react"
import { useSiteData } from "../../hooks/use-site-data"
import { useLanguage } from "../../lib/i18n/language"
import { footerPests } from "../../lib/pest-lists"
import { headerProps } from "./header-props"
import { SiteFooter } from "./site-footer"
import { SiteHeader } from "./site-header"
import { TopBanner } from "./top-banner"

interface LayoutProps {
  /** location.pathname of the page, for the active menu entry. */
  pathname: string
  children: ReactNode
}

/** The shared frame of every page but the standalone offer pages. */
export function Layout({ pathname, children }: LayoutProps) {
  const siteData = useSiteData(useLanguage())
  const { company, navigation, pests, buildYear } = siteData
  const header = headerProps(siteData, pathname)
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {navigation.labels.skipToContent}
      </a>
      <TopBanner message={company.sameDayService.banner} phone={company.phone} holidays={header.holidays} />
      <SiteHeader {...header} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter
        company={company}
        footer={navigation.footer}
        servicesPath={navigation.servicesMenu.path}
        pests={footerPests(pests)}
        year={buildYear}
      />
    </div>
  )
}
