import type { ComponentType } from "react"
import type { SiteData } from "../../hooks/use-site-data"
import type { SiteRoutes } from "../../lib/paths"
import { localBusinessJsonLd } from "../../lib/structured-data"
import { Layout } from "../layout/layout"
import type { SeoProps } from "../seo/seo"
import { pageSeoProps, type PageSeoFields } from "../seo/page-seo"
import { framedTemplate, type Found, type TemplateParts } from "./template"

/** A template whose content sits inside the site layout (header, menu, footer), its head with the company's LocalBusiness. */
export const siteTemplate = <D extends object>({ content, seo }: TemplateParts<D>) =>
  framedTemplate(
    {
      content,
      seo: (data, site, pathname) => ({
        businessJsonLd: localBusinessJsonLd(site.company, site.siteUrl),
        ...seo(data, site, pathname),
      }),
    },
    (page, pathname) => <Layout pathname={pathname}>{page}</Layout>,
  )

/** What every data/pages page component is given: its page file's heading and intro, the phone and the routes. */
export interface StaticPageProps {
  heading: string
  intro: string
  phone: { readonly display: string; readonly e164: string }
  routes: SiteRoutes
}

type StaticPageData = { readonly pageYaml: (PageSeoFields & { heading: string; intro: string }) | null }

/**
 * A template of a data/pages page: `Component` gets the page's heading and
 * intro, the phone and the routes, plus what `props` takes from the query;
 * the head comes from the page file (plus any structured data).
 */
export function pageTemplate<D extends StaticPageData, P extends Partial<StaticPageProps>>(
  Component: ComponentType<P>,
  props: (data: Found<D>, site: SiteData) => Omit<P, keyof StaticPageProps>,
  jsonLd?: (data: Found<D>) => SeoProps["jsonLd"],
) {
  return siteTemplate<D>({
    content: (data, site) => {
      const common: StaticPageProps = {
        heading: data.pageYaml.heading,
        intro: data.pageYaml.intro,
        phone: site.company.phone,
        routes: site.navigation.routes,
      }
      return <Component {...({ ...common, ...props(data, site) } as P)} />
    },
    seo: (data) => ({ ...pageSeoProps(data.pageYaml), jsonLd: jsonLd?.(data) }),
  })
}
