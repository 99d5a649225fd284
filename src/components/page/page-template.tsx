import type { HeadProps, PageProps } from "gatsby"
import type { ComponentType, ReactNode } from "react"
import { useSiteData, type SiteData } from "../../hooks/use-site-data"
import type { SiteRoutes } from "../../lib/paths"
import { Layout } from "../layout/layout"
import { Seo, type SeoProps } from "../seo/seo"
import { pageSeoProps, type PageSeoFields } from "../seo/page-seo"

/** A page query's result with every top-level field present. */
export type Found<D> = { readonly [K in keyof D]-?: NonNullable<D[K]> }

/**
 * The query's data with every field present. Single-node look-ups are
 * nullable in GraphQL; a missing data file fails the build here, naming the
 * field, instead of rendering an empty page.
 */
export function found<D extends object>(data: D): Found<D> {
  for (const [field, value] of Object.entries(data))
    if (value === null || value === undefined)
      throw new Error(`The page query found no ${field}: is its file missing from data/?`)
  return data as Found<D>
}

interface TemplateParts<D> {
  /** The page's content inside the site layout, from the query's data and the site data. */
  content: (data: Found<D>, site: SiteData, pathname: string) => ReactNode
  /** The head: title, description, canonical and structured data. */
  seo: (data: Found<D>, site: SiteData, pathname: string) => SeoProps
  /** The offer landing pages bring their own frame instead of the site layout. */
  standalone?: boolean
}

/**
 * A template of the site: a named page query (in the template file), one
 * component inside the layout, and the head. Templates differ only in these.
 * A template file exports them as `export const Head = template.Head` and
 * `export default template.Page`, never as one destructured declaration:
 * `gatsby develop` compiles a page's component and head apart by deleting the
 * other export's declaration, which would take both names with it.
 */
export function siteTemplate<D extends object>({ content, seo, standalone = false }: TemplateParts<D>) {
  function Page({ data, location }: PageProps<D>) {
    const page = content(found(data), useSiteData(), location.pathname)
    return standalone ? page : <Layout pathname={location.pathname}>{page}</Layout>
  }
  function Head({ data, location }: HeadProps<D>) {
    return <Seo {...seo(found(data), useSiteData(), location.pathname)} />
  }
  return { Page, Head }
}

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
