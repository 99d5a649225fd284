import type { HeadProps, PageProps } from "gatsby"
import type { ReactNode } from "react"
import { useSiteData, type SiteData } from "../../hooks/use-site-data"
import { LanguageContext, LanguageSwitchContext } from "../../lib/i18n/language"
import { SiteLabelsContext } from "../../lib/i18n/site-labels"
import type { PageContext } from "../../lib/i18n/page-context"
import { LeadTextsContext } from "../../lib/leads/lead-texts"
import { Seo, type SeoProps } from "../seo/seo"

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

export interface TemplateParts<D> {
  /** The page's content, from the query's data and the site data. */
  content: (data: Found<D>, site: SiteData, pathname: string) => ReactNode
  /** The head: title, description, canonical and structured data. */
  seo: (data: Found<D>, site: SiteData, pathname: string) => SeoProps
}

/**
 * A template: a named page query, one component and the head, inside a
 * frame: `siteTemplate` puts the content inside the site layout; the offer
 * landing pages bring their own frame. Kept apart from the layout so the
 * offer pages' JavaScript does not carry the site's header, menu and footer.
 * A template file reads top-down: its query, then the template, then
 * `export const Head = template.Head` and `export default template.Page`,
 * never one destructured declaration:
 * `gatsby develop` compiles a page's component and head apart by deleting the
 * other export's declaration, which would take both names with it.
 */
export function framedTemplate<D extends object>(
  { content, seo }: TemplateParts<D>,
  frame: (page: ReactNode, pathname: string) => ReactNode,
) {
  function Page({ data, location, pageContext }: PageProps<D, PageContext>) {
    const { lang } = pageContext
    const site = useSiteData(lang)
    // Every lead form of the page (loaded after it, too) reads its consent texts and lead values from here,
    // and every component the page's language.
    return (
      <LanguageContext.Provider value={lang}>
        <LanguageSwitchContext.Provider value={pageContext.alternates}>
          <SiteLabelsContext.Provider value={site.navigation.labels}>
            <LeadTextsContext.Provider value={site.leadTexts}>
              {frame(content(found(data), site, location.pathname), location.pathname)}
            </LeadTextsContext.Provider>
          </SiteLabelsContext.Provider>
        </LanguageSwitchContext.Provider>
      </LanguageContext.Provider>
    )
  }
  function Head({ data, location, pageContext }: HeadProps<D, PageContext>) {
    const site = useSiteData(pageContext.lang)
    return <Seo {...seo(found(data), site, location.pathname)} site={site} alternates={pageContext.alternates} />
  }
  return { Page, Head }
}

/** A template that draws its own frame (the offer landing pages, without the site's menu). */
export const standaloneTemplate = <D extends object>(parts: TemplateParts<D>) => framedTemplate(parts, (page) => page)
