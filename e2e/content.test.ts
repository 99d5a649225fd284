import type { Page } from "playwright-core"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { MENU_PESTS } from "./pests"

const browser = useBrowser()

/**
 * Back from a pest page with the browser's Back, as a visitor returns (client-side: the page was loaded
 * and hydrated once), to `path`, once its own content has replaced the pest page's (no breadcrumb).
 */
async function backTo(page: Page, path: string) {
  await page.goBack()
  await page.waitForURL(`**${path}`)
  await page.getByRole("navigation", { name: "Breadcrumb" }).waitFor({ state: "detached" })
}

test("every pest page of the dropdown is reached from it", () =>
  withPage(browser(), async ({ page, errors }) => {
    await gotoHydrated(page, "/about/")
    for (const [i, slug] of MENU_PESTS.entries()) {
      if (i > 0) await backTo(page, "/about/")
      const nav = page.getByRole("navigation", { name: "Main" })
      await nav.getByRole("button", { name: "Services" }).click()
      await nav.locator(`a[href="/services/${slug}/"]`).click()
      await page.waitForURL(`**/services/${slug}/`)
      // Client-side navigation: wait for the new page's breadcrumb rather than any h1.
      await page.getByRole("navigation", { name: "Breadcrumb" }).getByText(/./).last().waitFor()
      expect(await page.locator('nav[aria-label="Breadcrumb"] [aria-current="page"]').count()).toBe(1)
    }
    expect(errors).toEqual([])
  }))

test("every card on /services leads to its pest page, whose breadcrumb leads back", () =>
  withPage(browser(), async ({ page, errors }) => {
    await gotoHydrated(page, "/services/")
    for (const [i, slug] of MENU_PESTS.entries()) {
      if (i > 0) await backTo(page, "/services/")
      await page.locator(`main a[href="/services/${slug}/"]`).first().click()
      await page.waitForURL(`**/services/${slug}/`)
      const trail = page.getByRole("navigation", { name: "Breadcrumb" })
      await trail.waitFor()
      expect(await trail.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/")
      expect(await trail.getByRole("link", { name: "Services" }).getAttribute("href")).toBe("/services/")
    }
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Services" }).click()
    await page.waitForURL("**/services/")
    expect(errors).toEqual([])
  }))

test("the FAQ accordion keeps one item open and lets it close", () =>
  withPage(browser(), async ({ page }) => {
    await gotoHydrated(page, "/faq/")
    const buttons = page.locator("main button[aria-expanded]")
    expect(await buttons.count()).toBe(12)
    const openCount = () => page.locator('main button[aria-expanded="true"]').count()
    expect(await openCount()).toBe(1)
    await buttons.nth(4).click()
    expect(await openCount()).toBe(1)
    expect(await buttons.nth(4).getAttribute("aria-expanded")).toBe("true")
    await buttons.nth(4).click()
    expect(await openCount()).toBe(0)
    await buttons.nth(7).focus()
    await page.keyboard.press("Enter")
    expect(await buttons.nth(7).getAttribute("aria-expanded")).toBe("true")
  }))
