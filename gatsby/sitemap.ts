import { hreflangLinks } from "../src/lib/i18n/hreflang"
import type { PageContext } from "../src/lib/i18n/page-context"

export interface SitemapQuery {
  allSitePage: { nodes: Array<{ path: string; matchPath?: string | null; pageContext?: Partial<PageContext> | null }> }
  allPageYaml: { nodes: Array<{ route: string }> }
}

export const SITEMAP_QUERY = `
  query Sitemap {
    allSitePage { nodes { path matchPath pageContext } }
    allPageYaml(filter: { noindex: { eq: true } }) { nodes { route } }
  }
`

const ERROR_PAGES = /^(?:\/[a-z]{2})?\/(404|dev-404-page)(\/|\.html|$)/

export interface SitemapPage {
  path: string
  alternates: NonNullable<PageContext["alternates"]>
}

/** Every built page but the noindex ones, the error pages and fallback routes (their canonical is another page). */
export function sitemapPages({ allSitePage, allPageYaml }: SitemapQuery): SitemapPage[] {
  const hidden = new Set(allPageYaml.nodes.map((page) => page.route))
  return allSitePage.nodes
    .filter((page) => !hidden.has(page.path) && !ERROR_PAGES.test(page.path) && !page.matchPath)
    .map((page) => ({ path: page.path, alternates: page.pageContext?.alternates ?? [] }))
}

/**
 * A page's sitemap entry with its versions in every language (itself among them) and English as x-default,
 * as Google's localized-versions guidance asks: every version lists itself and all the others, full URLs.
 */
export const sitemapEntry = (siteUrl: string) => (page: SitemapPage) => {
  const links = hreflangLinks(page.alternates, siteUrl).map(({ lang, href }) => ({ lang, url: href }))
  return { url: page.path, ...(links.length > 0 ? { links } : {}) }
}
