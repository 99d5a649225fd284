import { withTrailingSlash } from "../src/lib/paths"

export interface SitemapQuery {
  allSitePage: { nodes: Array<{ path: string; matchPath?: string | null }> }
  allPageYaml: { nodes: Array<{ path: string }> }
}

export const SITEMAP_QUERY = `
  query Sitemap {
    allSitePage { nodes { path matchPath } }
    allPageYaml(filter: { noindex: { eq: true } }) { nodes { path } }
  }
`

const ERROR_PAGES = /^\/(404|dev-404-page)(\/|\.html|$)/

/** Every built page but the noindex ones, the error pages and fallback routes (their canonical is another page). */
export function sitemapPages({ allSitePage, allPageYaml }: SitemapQuery): Array<{ path: string }> {
  const hidden = new Set(allPageYaml.nodes.map((page) => withTrailingSlash(page.path)))
  return allSitePage.nodes.filter((page) => !hidden.has(page.path) && !ERROR_PAGES.test(page.path) && !page.matchPath)
}
