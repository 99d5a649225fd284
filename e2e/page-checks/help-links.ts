/** WCAG 2.2 SC 3.2.6 (consistent help): the help links come in the same order on every page of a layout. */

export interface HelpLinks {
  /** "site" (the header and footer every site page has) or "standalone" (the offer pages). */
  layout: string
  /** "header phone", "footer contact", …: each help link's kind, in document order, once. */
  order: string[]
}

/** The page's layout and the order of its help links (phone, e-mail, contact page). Runs in the page. */
export function helpLinks(): HelpLinks {
  const kinds: string[] = []
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>("header a[href], footer a[href]"))) {
    const href = link.getAttribute("href") ?? ""
    const kind = href.startsWith("tel:")
      ? "phone"
      : href.startsWith("mailto:")
        ? "email"
        : /^\/contact\/?$/.test(href)
          ? "contact"
          : ""
    const region = link.closest("footer") ? "footer" : "header"
    if (kind && !kinds.includes(`${region} ${kind}`)) kinds.push(`${region} ${kind}`)
  }
  return {
    layout: document.querySelector("header[data-placement=header]") ? "site" : "standalone",
    order: kinds,
  }
}

/**
 * Pages of one layout whose shared help links come in different orders, as "a [order] vs b [order]".
 * A page may lack a help link another has; the ones two pages share come in the same order on both.
 */
export function helpLinkOrderProblems(pages: ReadonlyMap<string, HelpLinks>): string[] {
  const problems: string[] = []
  for (const [a, first] of pages)
    for (const [b, second] of pages) {
      if (first.layout !== second.layout) continue
      const shared = first.order.filter((kind) => second.order.includes(kind))
      const inSecond = second.order.filter((kind) => first.order.includes(kind))
      if (shared.join() !== inSecond.join())
        problems.push(`${first.layout} ${a} [${shared.join()}] vs ${second.layout} ${b} [${inSecond.join()}]`)
    }
  return problems
}
