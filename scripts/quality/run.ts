/**
 * `npm run quality`: first-load JS/CSS bytes of every built page; Lighthouse (mobile) on one page per
 * template. (axe-core runs over every page at two widths in the browser tests' crawl, e2e/pages.test.ts.)
 * Prints a table, writes reports/quality.json, and exits 1 above a budget.
 */
import fs from "node:fs"
import path from "node:path"
import { siteRoutes } from "../site-routes"
import { DEFAULT_LANGUAGE, LANGUAGES, prefixedRoute } from "../../supabase/functions/_shared/kernel/languages"
import { startHostServer } from "../host-server"
import { BUDGETS, jsBudgetFor, LIGHTHOUSE_PERFORMANCE_TARGET, REQUIRED_AUDITS } from "./budgets"
import { firstLoad, htmlFileFor } from "./first-load"
import { runLighthouseBest, startLighthouse, type LighthouseScores } from "./lighthouse"

const PUBLIC = path.resolve("public")
// Each language's page-not-found: English's is the host's /404.html, every other's at its prefix (create-pages.ts).
const NOT_FOUND = LANGUAGES.map((lang) => ({
  path: lang === DEFAULT_LANGUAGE ? "/404.html" : prefixedRoute(lang, "/404/"),
  title: "",
  template: "not-found",
  noindex: true,
  lang,
}))
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

interface PageResult {
  path: string
  template: string
  lang: string
  jsBytes: number
  cssBytes: number
  jsBudget: number
  lighthouse?: {
    scores: LighthouseScores
    failing: string[]
    /** Every run's performance score; the best run counts. */
    runs: number[]
    benchmarkIndex: number | null
    cpuSlowdown: number
  }
}

async function main() {
  if (!fs.existsSync(path.join(PUBLIC, "index.html"))) throw new Error("No build in public/: run `npm run build` first")
  const routes = [...siteRoutes(), ...NOT_FOUND]
  const results: PageResult[] = routes.map((route) => ({
    path: route.path,
    template: route.template,
    lang: route.lang,
    ...firstLoad(fs.readFileSync(htmlFileFor(PUBLIC, route.path), "utf8"), PUBLIC),
    jsBudget: jsBudgetFor(route.template, route.lang),
  }))
  // Served as the static host serves it (public/_headers: CSP, caching), so Lighthouse sees what visitors get.
  const [server, lighthouse] = await Promise.all([startHostServer(), startLighthouse()])
  try {
    // One page of each template in each language: a Spanish page's own strings and layout are measured too.
    const seen = new Set<string>()
    for (const route of routes) {
      const kind = `${route.template} ${route.lang}`
      if (NOT_FOUND.includes(route) || seen.has(kind)) continue
      seen.add(kind)
      const result = results.find((r) => r.path === route.path)
      // A noindex page cannot pass "is-crawlable"; it is noindex on purpose.
      if (result)
        result.lighthouse = await runLighthouseBest(
          `${server.url}${route.path}`,
          BUDGETS.lighthouse,
          {
            skipAudits: route.noindex ? ["is-crawlable"] : [],
          },
          lighthouse.run,
        )
    }
  } finally {
    await Promise.all([server.stop(), lighthouse.stop()])
  }

  const failures: string[] = []
  const misses: string[] = []
  const rows = results.map((r) => {
    // In bytes: a template's line is its size to the byte, and a page may pass it by a few.
    if (r.jsBytes > r.jsBudget)
      failures.push(
        `${r.path}: first-load JS ${r.jsBytes} bytes > ${r.jsBudget} (${r.template}, ${r.lang}; budgets.ts)`,
      )
    if (r.cssBytes > BUDGETS.cssBytes)
      failures.push(`${r.path}: first-load CSS ${kb(r.cssBytes)} > ${kb(BUDGETS.cssBytes)}`)
    for (const [category, min] of Object.entries(BUDGETS.lighthouse)) {
      const score = r.lighthouse?.scores[category as keyof LighthouseScores]
      if (score !== undefined && score < min)
        failures.push(`${r.path}: Lighthouse ${category} ${score} < ${min} (${r.lighthouse?.failing.join(", ")})`)
    }
    for (const audit of REQUIRED_AUDITS)
      for (const failing of r.lighthouse?.failing.filter((entry) => entry.startsWith(audit)) ?? [])
        failures.push(`${r.path}: Lighthouse audit ${failing} must pass`)
    const performance = r.lighthouse?.scores.performance
    if (
      performance !== undefined &&
      performance >= BUDGETS.lighthouse.performance &&
      performance < LIGHTHOUSE_PERFORMANCE_TARGET
    ) {
      misses.push(
        `${r.path}: Lighthouse performance ${performance} < target ${LIGHTHOUSE_PERFORMANCE_TARGET} (${r.lighthouse?.failing.join(", ")})`,
      )
    }
    const lh = r.lighthouse?.scores
    return {
      page: r.path,
      template: r.template,
      lang: r.lang,
      "JS gzip": kb(r.jsBytes),
      "JS budget": kb(r.jsBudget),
      "CSS gzip": kb(r.cssBytes),
      "LH perf": lh?.performance ?? "",
      "LH a11y": lh?.accessibility ?? "",
      "LH best": lh?.["best-practices"] ?? "",
      "LH SEO": lh?.seo ?? "",
      "LH runs": r.lighthouse?.runs.join(" ") ?? "",
      "LH CPU ×": r.lighthouse?.cpuSlowdown ?? "",
    }
  })
  console.table(rows)
  const cpu = results.flatMap((r) => (r.lighthouse?.benchmarkIndex ? [Math.round(r.lighthouse.benchmarkIndex)] : []))
  if (cpu.length > 0)
    console.log(
      `Lighthouse benchmarkIndex of this machine: ${Math.min(...cpu)}–${Math.max(...cpu)} (a high-end desktop is 1500–2000; Lighthouse's 4× CPU slowdown assumes ~1533, and the repeat runs of a page under budget slow the CPU less on a busier machine: "LH CPU ×").`,
    )
  fs.mkdirSync("reports", { recursive: true })
  fs.writeFileSync(path.join("reports", "quality.json"), JSON.stringify({ budgets: BUDGETS, results }, null, 2))
  if (misses.length > 0)
    console.warn(`\nUnder the performance target (within the budget):\n${misses.map((m) => `  - ${m}`).join("\n")}`)
  if (failures.length > 0) {
    console.error(`\nQuality budgets exceeded:\n${failures.map((f) => `  - ${f}`).join("\n")}`)
    process.exit(1)
  }
  console.log(
    `\nAll ${results.length} pages within budget (JS ≤ ${kb(BUDGETS.jsBytes)} and no larger than its template at the last measure; CSS ≤ ${kb(BUDGETS.cssBytes)}; Lighthouse perf ≥ ${BUDGETS.lighthouse.performance} (target ${LIGHTHOUSE_PERFORMANCE_TARGET}), others = 1).`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
