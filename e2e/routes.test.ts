import { siteUrlFrom } from "../gatsby/site-config"
import { siteRoutes } from "../scripts/site-routes"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { PESTS } from "./pests"

const routes = siteRoutes()
const siteUrl = siteUrlFrom()
const browser = useBrowser()

test("the route table is complete", () => {
  const paths = routes.map((r) => r.path)
  for (const expected of [
    "/",
    "/services/",
    ...PESTS.map((p) => `/services/${p}/`),
    "/plans/",
    "/about/",
    "/faq/",
    "/contact/",
    "/estimate/",
    "/privacy/",
    "/terms/",
    "/scarsdale-49-offer/",
    "/offers/",
    "/offer/scarsdale49/",
    "/offer/yonkers39/",
    "/offer/whiteplains59/",
    "/offer/yonkers149/",
    "/office/acknowledge/",
    "/office/release/",
  ]) {
    expect(paths).toContain(expected)
  }
})

describe.each(routes)("$path", (route) => {
  test("answers with its title, canonical, one h1 and no console errors", () =>
    withPage(browser(), async ({ page, errors }) => {
      const response = await gotoHydrated(page, route.path)
      expect(response?.status()).toBe(200)
      expect(await page.title()).toBe(route.title)
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${siteUrl}${route.path}`)
      expect(await page.locator("h1").count()).toBe(1)
      const robots = await page.locator('meta[name="robots"]').getAttribute("content")
      expect(robots).toBe(`${route.noindex ? "noindex" : "index"}, ${route.nofollow ? "nofollow" : "follow"}`)
      expect(await page.locator("body").innerText()).not.toMatch(/coming soon/i)
      expect(errors).toEqual([])
    }))
})

test("an unknown path shows the not-found page and logs the path", () =>
  withPage(browser(), async ({ page, warnings }) => {
    const response = await gotoHydrated(page, "/no-such-page/")
    expect(response?.status()).toBe(404)
    await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor()
    await expect(
      page
        .getByText("Sorry, we couldn't find the page you're looking for. It might have been moved or doesn't exist.")
        .isVisible(),
    ).resolves.toBe(true)
    expect(await page.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/")
    expect(await page.getByRole("link", { name: "Contact Us" }).first().getAttribute("href")).toBe("/contact/")
    expect(await page.locator("main a[href^='tel:']").getAttribute("href")).toBe("tel:+19145550123")
    expect(warnings.some((w) => w.includes("/no-such-page/"))).toBe(true)
  }))
