/**
 * First-load JavaScript may not grow past what each template weighed (scripts/quality/budgets.ts): `npm run quality`
 * holds every page to its template's line, within the overall budget.
 */
import { siteRoutes } from "../scripts/site-routes"
import { BUDGETS, FIRST_LOAD_JS_CEILINGS, jsBudgetFor, PAGE_PATH_SLACK } from "../scripts/quality/budgets"
import { LANGUAGES } from "../supabase/functions/_shared/kernel/languages"

test("every template the site builds has its line, in each language it is built in", () => {
  const built = new Set(siteRoutes().map((route) => `${route.template} ${route.lang}`))
  // The page-not-found pages are added by the quality run itself, in every language.
  for (const lang of LANGUAGES) built.add(`not-found ${lang}`)
  expect([...built].filter((kind) => FIRST_LOAD_JS_CEILINGS[kind] === undefined)).toEqual([])
})

test("a page may weigh its template's line and a longer path's bytes, no more", () => {
  expect(jsBudgetFor("pest-page", "es")).toBe((FIRST_LOAD_JS_CEILINGS["pest-page es"] ?? 0) + PAGE_PATH_SLACK)
  expect(jsBudgetFor("office-link", "en")).toBeLessThan(jsBudgetFor("contact-page", "en"))
})

test("no line is above the overall budget, and a template not listed has the overall budget", () => {
  for (const [kind, bytes] of Object.entries(FIRST_LOAD_JS_CEILINGS))
    expect([kind, bytes + PAGE_PATH_SLACK <= BUDGETS.jsBytes]).toEqual([kind, true])
  expect(jsBudgetFor("a-new-template", "en")).toBe(BUDGETS.jsBytes)
})
