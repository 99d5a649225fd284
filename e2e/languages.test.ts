/**
 * The site in every language as a visitor meets it: a visible switch on every page leads to the same page in
 * each other language (never a redirect by the browser's language), the answers of a wizard half filled survive
 * the switch, and an unknown address gets the page-not-found of its language. Texts come from data/ (every
 * language of kernel/languages.ts).
 */
import { readData, readNode } from "../__tests__/fixtures/data"
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_FORMS,
  LANGUAGES,
  prefixedRoute,
  type Language,
} from "../supabase/functions/_shared/kernel/languages"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { answerWizardToTicks } from "./lead-forms"

const browser = useBrowser()

/** The switch's link to a language: its own name, from its section of navigation.yaml. */
const switchTo = (language: Language) =>
  readData<{ languageSwitch: { label: string } }>("navigation.yaml", language).languageSwitch.label
const antsPage = (language: Language) => readNode<{ route: string }>("pests/ants.yaml", language).route
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const es = {
  wizard: readData<{ nextLabel: string }>("estimate-wizard.yaml", "es"),
  options: readData<{ propertyTypes: Array<{ label: string }>; servicePlans: Array<{ name: string }> }>(
    "estimate-options.yaml",
    "es",
  ),
  ticks: readData<{ name: string }>("pests/ticks.yaml", "es").name,
}
const en = {
  switchToSpanish: switchTo("es"),
}

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("the language switch at %s width", (_width, viewport) => {
  test.each(LANGUAGES.map((language) => [language] as const))(
    "leads from a page in %s to the same page in each other language, each in its own language",
    async (from) => {
      await withPage(
        browser(),
        async ({ page, errors }) => {
          for (const to of LANGUAGES.filter((language) => language !== from)) {
            await gotoHydrated(page, antsPage(from))
            expect(await page.locator("html").getAttribute("lang")).toBe(LANGUAGE_FORMS[from].tag)
            const link = page.getByRole("link", { name: new RegExp(escapeRegExp(switchTo(to)), "i") }).first()
            await expect(link.getAttribute("lang")).resolves.toBe(to)
            await expect(link.isVisible()).resolves.toBe(true)
            await link.click()
            await page.waitForURL(`**${antsPage(to)}`)
            const tag = LANGUAGE_FORMS[to].tag
            await page.waitForFunction((expected) => document.documentElement.lang === expected, tag)
          }
          expect(errors).toEqual([])
        },
        viewport,
      )
    },
  )
})

test("a browser asking for Spanish is not redirected: the visitor chooses", async () => {
  const context = await browser().newContext({ locale: "es-MX", extraHTTPHeaders: { "Accept-Language": "es-MX,es" } })
  try {
    const page = await context.newPage()
    await gotoHydrated(page, "/")
    expect(new URL(page.url()).pathname).toBe("/")
    expect(await page.locator("html").getAttribute("lang")).toBe("en-US")
  } finally {
    await context.close()
  }
})

test("a visitor switching language mid-wizard keeps their answers and their step", async () => {
  await withPage(browser(), async ({ page }) => {
    await gotoHydrated(page, "/estimate/")
    await answerWizardToTicks(page)
    await page
      .getByRole("link", { name: new RegExp(en.switchToSpanish, "i") })
      .first()
      .click()
    await page.waitForURL("**/es/cotizacion/")
    await page.waitForSelector("html[data-hydrated]", { state: "attached" })
    // Step 3, in Spanish, with the pest still chosen; back a step, the plan is still chosen.
    const ticks = page.getByRole("checkbox", { name: es.ticks })
    await ticks.waitFor()
    expect(await ticks.isChecked()).toBe(true)
    await page.getByRole("button", { name: es.wizard.nextLabel }).waitFor()
  })
})

test.each(LANGUAGES.map((language) => [language] as const))(
  "an unknown address in %s gets the page-not-found of its language, with status 404",
  async (language) => {
    await withPage(browser(), async ({ page }) => {
      const host = process.env.E2E_HOST_URL ?? ""
      const response = await page.goto(`${host}${prefixedRoute(language, "/no-such-page/")}`)
      expect(response?.status()).toBe(404)
      expect(await page.locator("html").getAttribute("lang")).toBe(LANGUAGE_FORMS[language].tag)
      const heading = readData<{ heading: string }>("not-found.yaml", language).heading
      await page.getByRole("heading", { level: 1, name: heading }).waitFor()
    })
  },
)

test.each(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => [language] as const))(
  "an unknown offer key in %s shows the fallback offer in that language",
  async (language) => {
    await withPage(browser(), async ({ page }) => {
      const host = process.env.E2E_HOST_URL ?? ""
      const offers = readNode<{ route: string }>("offers/yonkers39.yaml", language).route.replace(/[^/]+\/$/, "")
      const response = await page.goto(`${host}${offers}no-existe/`)
      expect(response?.status()).toBe(200)
      expect(await page.locator("html").getAttribute("lang")).toBe(LANGUAGE_FORMS[language].tag)
    })
  },
)
