/** The quality budgets `npm run quality` enforces (documented in the README). */
export const BUDGETS = {
  /**
   * First-load JavaScript (gzip), on every page: Gatsby's own chunks (~30 KB with Preact) and the page's.
   * 44.7–47.4 KB before issue 14; 39.3–41.9 KB after it (browserslist, sprite icons, dead Gatsby modules
   * and prop-types out, the site layout kept out of the offer pages, toasts only where a form is).
   */
  jsBytes: 42 * 1024,
  /** First-load CSS, inline and linked (gzip). */
  cssBytes: 20 * 1024,
  /**
   * The best of up to three Lighthouse runs (mobile preset; runLighthouseBest says why the best).
   * Performance fails below 0.85 and is reported as a miss below the 0.95 target: with Debian's
   * Chromium 156 the unchanged pages of November 2026 (commit 6176583, which scored 0.99–1 on the
   * Chromium before) score 0.81–0.99 in single runs on these machines, from ~300 ms of total blocking
   * time at Lighthouse's 4× CPU slowdown; a gate at 0.90 failed about one run in three on noise alone.
   */
  lighthouse: { performance: 0.85, accessibility: 1, "best-practices": 1, seo: 1 },
} as const

/**
 * Lighthouse audits every page must pass outright (score 1), whatever its category's score:
 * legacy-javascript (and its insight twin) flags transforms and polyfills current browsers do not need.
 */
export const REQUIRED_AUDITS = ["legacy-javascript"] as const

/** What performance should reach; a page under it (but within the budget) is listed as a miss, not a failure. */
export const LIGHTHOUSE_PERFORMANCE_TARGET = 0.95

/** The axe-core rules the browser tests run on every page (e2e/axe.ts): WCAG 2.0, 2.1 and 2.2, A and AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
