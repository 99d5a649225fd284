/** The quality budgets `npm run quality` enforces (documented in the README). */
export const BUDGETS = {
  /** axe-core violations of the WCAG 2.1 A and AA rules, on every page. */
  axeViolations: 0,
  /** First-load JavaScript may exceed Gatsby's own framework + app + runtime chunks by this much (gzip). */
  extraJsBytes: 20 * 1024,
  /** First-load CSS, inline and linked (gzip). */
  cssBytes: 20 * 1024,
  lighthouse: { performance: 0.95, accessibility: 1, "best-practices": 1, seo: 1 },
} as const

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
