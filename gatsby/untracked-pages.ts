/**
 * Pages that carry a secret in their address (the office's one-tap links: /office/…/#t=<token>)
 * get no Google tag: the tag reports the page's full address, fragment included, and a tel: click
 * there would send a customer's number to analytics.
 */
export const UNTRACKED_PREFIX = "/office/"

/** The keys gatsby-plugin-google-gtag gives the head elements it adds (its gatsby-ssr.js). */
const GOOGLE_TAG_KEYS = new Set([
  "gatsby-plugin-google-gtag",
  "gatsby-plugin-google-gtag-config",
  "preconnect-google-gtag",
  "dns-prefetch-google-gtag",
])

export const isUntracked = (pathname: string) => pathname.startsWith(UNTRACKED_PREFIX)

const keyOf = (component: unknown): unknown =>
  typeof component === "object" && component !== null && "key" in component ? component.key : undefined

/** The head components of a page, without the Google tag's when the page is untracked. */
export function withoutGoogleTag<C>(components: readonly C[], pathname: string): C[] {
  if (!isUntracked(pathname)) return [...components]
  return components.filter((component) => {
    const key = keyOf(component)
    return !(typeof key === "string" && GOOGLE_TAG_KEYS.has(key))
  })
}
