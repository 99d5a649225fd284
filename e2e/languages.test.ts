/**
 * The site in two languages as a visitor meets it: a visible switch on every page leads to the same page in the
 * other language (never a redirect by the browser's language), the answers of a wizard half filled survive the
 * switch, and an unknown address gets the page-not-found of its language. Texts come from data/ (both languages).
 */
import { readData } from "../__tests__/fixtures/data"
import { gotoHydrated, useBrowser, withPage } from "./browser"

const browser = useBrowser()

const es = {
  switchToEnglish: readData<{ languageSwitch: { label: string } }>("navigation.yaml", "es").languageSwitch.label,
  notFound: readData<{ heading: string }>("not-found.yaml", "es").heading,
  wizard: readData<{ nextLabel: string }>("estimate-wizard.yaml", "es"),
  options: readData<{ propertyTypes: Array<{ label: string }>; servicePlans: Array<{ name: string }> }>(
    "estimate-options.yaml",
    "es",
  ),
  ticks: readData<{ name: string }>("pests/ticks.yaml", "es").name,
}
const en = {
  switchToSpanish: readData<{ languageSwitch: { label: string } }>("navigation.yaml").languageSwitch.label,
  notFound: readData<{ heading: string }>("not-found.yaml").heading,
}

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("the language switch at %s width", (_width, viewport) => {
  test("leads from a page to the same page in the other language and back, each in its own language", async () => {
    await withPage(
      browser(),
      async ({ page, errors }) => {
        await gotoHydrated(page, "/services/ants/")
        expect(await page.locator("html").getAttribute("lang")).toBe("en-US")
        const toSpanish = page.getByRole("link", { name: new RegExp(en.switchToSpanish, "i") }).first()
        await expect(toSpanish.getAttribute("lang")).resolves.toBe("es")
        await expect(toSpanish.isVisible()).resolves.toBe(true)
        await toSpanish.click()
        await page.waitForURL("**/es/servicios/hormigas/")
        await page.waitForFunction(() => document.documentElement.lang === "es-US")
        const toEnglish = page.getByRole("link", { name: new RegExp(es.switchToEnglish, "i") }).first()
        await toEnglish.click()
        await page.waitForURL("**/services/ants/")
        await page.waitForFunction(() => document.documentElement.lang === "en-US")
        expect(errors).toEqual([])
      },
      viewport,
    )
  })
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
    const next = page.getByRole("button", { name: "Next" })
    await page.getByRole("radio", { name: "Single-Family Home (4-5BR)" }).check()
    await next.click()
    await page.getByRole("radio", { name: "C•ARE+", exact: true }).check()
    await next.click()
    await page.getByRole("checkbox", { name: "Ticks" }).check()
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

test("an unknown address gets the page-not-found of its language, with status 404", async () => {
  await withPage(browser(), async ({ page }) => {
    const host = process.env.E2E_HOST_URL ?? ""
    const spanish = await page.goto(`${host}/es/no-existe/`)
    expect(spanish?.status()).toBe(404)
    expect(await page.locator("html").getAttribute("lang")).toBe("es-US")
    await page.getByRole("heading", { level: 1, name: es.notFound }).waitFor()
    const english = await page.goto(`${host}/no-such-page/`)
    expect(english?.status()).toBe(404)
    await page.getByRole("heading", { level: 1, name: en.notFound }).waitFor()
  })
})

test("an unknown offer key in Spanish shows the fallback offer in Spanish", async () => {
  await withPage(browser(), async ({ page }) => {
    const host = process.env.E2E_HOST_URL ?? ""
    const response = await page.goto(`${host}/es/oferta/no-existe/`)
    expect(response?.status()).toBe(200)
    expect(await page.locator("html").getAttribute("lang")).toBe("es-US")
  })
})
