/**
 * One crawl of the built site, as the static host serves it (public/_headers and _redirects applied): each
 * page is opened once and every per-page check runs on that one visit, in this order:
 * - the status and security headers, hydration under the generated Content-Security-Policy with no
 *   violation and no console error (the unknown paths too: an unknown offer and the not-found page);
 * - its title, canonical link, one h1, robots and no "coming soon" (every route of the data files);
 * - every tel: and mailto: link is the company's;
 * - WCAG 2.2 AA by axe-core and 24 × 24 px targets (2.5.8) at a desktop and a phone width, and the help
 *   links' order (3.2.6) compared across pages;
 * - at four phone widths, no sideways scrolling and no bottom bar over text at the end of the page.
 * And the Nu HTML Checker over every built HTML file, in one Java run beside the crawl.
 * The states only a visitor reaches (wizard steps, dialogs, menus, form outcomes) are in accessibility.test.ts.
 */
import type { Response } from "playwright-core"
import { siteUrlFrom } from "../gatsby/site-config"
import { siteRoutes, type SiteRoute } from "../scripts/site-routes"
import { axeReport } from "./axe"
import { useBrowser } from "./browser"
import { helpLinkOrderProblems, helpLinks, type HelpLinks } from "./page-checks/help-links"
import { builtPages, nuCheckerErrors } from "./page-checks/nu-checker"
import { PHONE_WIDTHS, phoneWidthProblems } from "./page-checks/phone-widths"
import { expectSecurityHeaders } from "./page-checks/security"
import { hostUrl, openWatchedPage, violations, type WatchedPage } from "./page-checks/watched-page"
import { PESTS } from "./pests"

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

interface CrawledPage {
  path: string
  /** The status the host answers with, its security headers and a clean load are checked; null: not. */
  status: number | null
  /** A route of the data files: its head, links and phone widths are checked. */
  route: SiteRoute | null
  /** axe and target sizes at two widths, and its help links' order. */
  accessibility: boolean
  /** The not-found page, for an unknown path. */
  notFound: boolean
}

const routes = siteRoutes()
const PAGES: CrawledPage[] = [
  ...routes.map((route) => ({ path: route.path, status: 200, route, accessibility: true, notFound: false })),
  { path: "/404.html", status: null, route: null, accessibility: true, notFound: false },
  { path: "/offer/no-such-key/", status: 200, route: null, accessibility: false, notFound: false },
  { path: "/no-such-page/", status: 404, route: null, accessibility: false, notFound: true },
]
const siteUrl = siteUrlFrom()
const browser = useBrowser()

/** One page for the whole crawl: every route is loaded once into it. */
let crawler: WatchedPage | undefined
const crawl = () => {
  if (!crawler) throw new Error("the crawl's page is not open yet")
  return crawler
}
/** The Nu checker's errors, or why it could not run; started before the crawl, read after it. */
let nuChecker: Promise<{ errors: string[] } | { failure: unknown }> | undefined
const helpLinksByPage = new Map<string, HelpLinks>()

beforeAll(async () => {
  nuChecker = nuCheckerErrors(builtPages()).then(
    (errors) => ({ errors }),
    (failure: unknown) => ({ failure }),
  )
  crawler = await openWatchedPage(browser(), DESKTOP)
})
afterAll(async () => {
  await crawler?.context.close()
  await nuChecker
})

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

describe.each(PAGES)("$path", (crawled) => {
  let response: Response | null = null

  beforeAll(async () => {
    const { page, consoleErrors, warnings } = crawl()
    consoleErrors.length = 0
    warnings.length = 0
    await page.setViewportSize(DESKTOP)
    response = await page.goto(`${hostUrl()}${crawled.path}`, { waitUntil: "networkidle" })
    await page.waitForSelector("html[data-hydrated]", { state: "attached" })
    if (crawled.accessibility) helpLinksByPage.set(crawled.path, await page.evaluate(helpLinks))
  })

  const { status, route } = crawled
  if (status !== null)
    test(`answers ${status} with the security headers, hydrates, and has no CSP violation or console error`, async () => {
      const { page, consoleErrors } = crawl()
      await expectSecurityHeaders(page, response, status)
      expect(await violations(page)).toEqual([])
      // Gatsby's inline scripts ran (allowed by their hashes): the chunk map is there.
      expect(await page.evaluate(() => typeof window.___chunkMapping)).toBe("string")
      // The browser logs the missing page itself as an error on the 404 route; nothing else may log one.
      expect(consoleErrors.filter((e) => !(status === 404 && /status of 404/.test(e)))).toEqual([])
    })

  if (route)
    test("has its title, canonical, one h1 and robots, says nothing is coming soon, and links the company's phone and e-mail", async () => {
      const { page } = crawl()
      expect(await page.title()).toBe(route.title)
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${siteUrl}${route.path}`)
      expect(await page.locator("h1").count()).toBe(1)
      const robots = await page.locator('meta[name="robots"]').getAttribute("content")
      expect(robots).toBe(`${route.noindex ? "noindex" : "index"}, ${route.nofollow ? "nofollow" : "follow"}`)
      expect(await page.locator("body").innerText()).not.toMatch(/coming soon/i)
      // Every tel: and mailto: link is the company's.
      const tel = await page.locator("a[href^='tel:']").evaluateAll((links) => links.map((a) => a.getAttribute("href")))
      const mail = await page
        .locator("a[href^='mailto:']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")))
      expect(tel.length).toBeGreaterThan(0)
      for (const href of tel) expect(href).toBe("tel:+19145550123")
      for (const href of mail) expect(href).toBe("mailto:info@westchesterfamilypest.example")
    })

  if (crawled.accessibility)
    test.each([
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const)(
      "at %s width: axe WCAG 2.2 A/AA finds nothing, and every target is at least 24 × 24 px",
      async (_name, viewport) => {
        const { page } = crawl()
        await page.setViewportSize(viewport)
        const { problems, axe, targets } = axeReport()
        await axe(page, crawled.path)
        await targets(page, crawled.path)
        expect(problems).toEqual([])
      },
    )

  if (route)
    test.each(PHONE_WIDTHS)(
      "at %i px wide: no sideways scrolling, no bottom bar covers text at the end of the page, no console error",
      async (width) => {
        const { page, consoleErrors } = crawl()
        expect(await phoneWidthProblems(page, width)).toEqual([])
        expect(consoleErrors).toEqual([])
      },
    )

  if (crawled.notFound)
    test("shows the not-found page and logs the path", async () => {
      const { page, warnings } = crawl()
      await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor()
      await expect(
        page
          .getByText("Sorry, we couldn't find the page you're looking for. It might have been moved or doesn't exist.")
          .isVisible(),
      ).resolves.toBe(true)
      expect(await page.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/")
      expect(await page.getByRole("link", { name: "Contact Us" }).first().getAttribute("href")).toBe("/contact/")
      expect(await page.locator("main a[href^='tel:']").getAttribute("href")).toBe("tel:+19145550123")
      expect(warnings.some((w) => w.includes(crawled.path))).toBe(true)
    })
})

test("the help links (phone, e-mail, contact page) come in the same order on every page of each layout (3.2.6)", () => {
  expect(helpLinkOrderProblems(helpLinksByPage)).toEqual([])
  expect(helpLinksByPage.size).toBe(PAGES.filter((p) => p.accessibility).length)
})

test("the Nu HTML Checker reports no error on any built page", async () => {
  expect(builtPages().length).toBeGreaterThan(30)
  expect(await nuChecker).toEqual({ errors: [] })
}, 180_000)
