import { gotoHydrated, useBrowser, withPage } from "./browser"

const browser = useBrowser()

describe("desktop navigation", () => {
  test("the Services dropdown opens on hover and reaches a pest page, where Services is active", () =>
    withPage(browser(), async ({ page, errors }) => {
      await gotoHydrated(page, "/")
      const nav = page.getByRole("navigation", { name: "Main" })
      const services = nav.getByRole("button", { name: "Services" })
      expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page")
      expect(await services.getAttribute("aria-expanded")).toBe("false")

      await services.hover()
      await nav.getByRole("link", { name: "Ants" }).waitFor({ state: "visible" })
      expect(await services.getAttribute("aria-expanded")).toBe("true")
      expect(await nav.locator("[data-menu-item]").count()).toBe(12)

      await nav.getByRole("link", { name: "Ants" }).click()
      await page.waitForURL("**/services/ants/")
      await page.getByRole("heading", { level: 1, name: "Ant Control" }).waitFor()
      const activeServices = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" })
      expect(await activeServices.getAttribute("data-active")).toBe("true")
      expect(errors).toEqual([])
    }))

  test("the dropdown works from the keyboard", () =>
    withPage(browser(), async ({ page }) => {
      await gotoHydrated(page, "/about/")
      const nav = page.getByRole("navigation", { name: "Main" })
      const services = nav.getByRole("button", { name: "Services" })
      await services.focus()
      await page.keyboard.press("ArrowDown")
      await page.waitForFunction(() => document.activeElement?.textContent === "Ants")
      await page.keyboard.press("ArrowDown")
      await page.waitForFunction(() => document.activeElement?.textContent === "Spiders")
      await page.keyboard.press("Escape")
      await page.waitForFunction(() => document.activeElement?.textContent.trim() === "Services")
      expect(await services.getAttribute("aria-expanded")).toBe("false")
      await page.keyboard.press("Enter")
      await page.waitForSelector("[aria-expanded=true]")
      await nav.getByRole("link", { name: "View All Services" }).click()
      await page.waitForURL("**/services/")
    }))
})

describe("mobile menu at 390 px", () => {
  test("opens, keeps focus inside, closes on Escape and on navigation", () =>
    withPage(
      browser(),
      async ({ page, errors }) => {
        await gotoHydrated(page, "/")
        expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false)
        const menuButton = page.getByRole("button", { name: "Open menu" })
        await menuButton.click()
        const dialog = page.getByRole("dialog", { name: "Menu" })
        await dialog.waitFor({ state: "visible" })
        for (const text of [
          "(914) 555-0123",
          "20+ Years Serving Westchester",
          "Get Free Estimate",
          "Call Now",
          "Mon–Fri",
        ]) {
          expect(await dialog.getByText(text, { exact: false }).first().isVisible()).toBe(true)
        }
        for (let i = 0; i < 20; i++) await page.keyboard.press("Tab")
        await expect(page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).resolves.toBe(true)

        await page.keyboard.press("Escape")
        await dialog.waitFor({ state: "detached" })
        await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Open menu")

        await menuButton.click()
        await dialog.getByRole("link", { name: "About Us" }).click()
        await page.waitForURL("**/about/")
        await page.getByRole("heading", { level: 1, name: "About Westchester Family Pest Control" }).waitFor()
        expect(await page.getByRole("dialog").count()).toBe(0)
        expect(errors).toEqual([])
      },
      { width: 390, height: 844 },
    ))
})
