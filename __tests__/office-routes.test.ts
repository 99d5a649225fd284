import { createElement } from "react"
import { sitemapPages } from "../gatsby/sitemap"
import { isUntracked, withoutGoogleTag } from "../gatsby/untracked-pages"
import { siteRoutes } from "../scripts/site-routes"
import { readNode } from "./fixtures/data"

const OFFICE_PAGES = ["/office/acknowledge/", "/office/release/", "/office/report/"]

test("both office pages are routes like every page (browser, phone-width, HTML and budget checks), noindex and nofollow", () => {
  const routes = siteRoutes().filter((route) => OFFICE_PAGES.includes(route.path))
  expect(routes.map((route) => [route.path, route.template, route.noindex, route.nofollow])).toEqual([
    ["/office/acknowledge/", "office-link", true, true],
    ["/office/release/", "office-link", true, true],
    ["/office/report/", "office-link", true, true],
  ])
})

test("they are left out of the sitemap", () => {
  const pageFiles = [
    "office/acknowledge.yaml",
    "office/release.yaml",
    "office/report.yaml",
    "offers.yaml",
    "contact.yaml",
  ].map((file) => readNode<{ route: string; noindex?: boolean }>(`pages/${file}`))
  const pages = sitemapPages({
    allSitePage: { nodes: [...OFFICE_PAGES, "/contact/"].map((path) => ({ path })) },
    allPageYaml: { nodes: pageFiles.filter((page) => page.noindex === true) },
  })
  expect(pages.map((page) => page.path)).toEqual(["/contact/"])
})

describe("the Google tag is kept off the office pages (their address holds the token)", () => {
  const head = [
    createElement("link", { key: "preconnect-google-gtag", rel: "preconnect" }),
    createElement("link", { key: "dns-prefetch-google-gtag", rel: "dns-prefetch" }),
    createElement("script", { key: "gatsby-plugin-google-gtag", async: true }),
    createElement("script", { key: "gatsby-plugin-google-gtag-config" }),
    createElement("meta", { key: "theme", name: "theme-color" }),
    null,
  ]
  const keys = (components: ReturnType<typeof withoutGoogleTag<(typeof head)[number]>>) =>
    components.map((component) => component?.key ?? null)

  test.each(OFFICE_PAGES)("%s: no Google tag, everything else kept", (pathname) => {
    expect(isUntracked(pathname)).toBe(true)
    expect(keys(withoutGoogleTag(head, pathname))).toEqual(["theme", null])
  })

  test.each(["/", "/contact/", "/offer/yonkers39/", "/offers/", "/officers/"])(
    "%s keeps its Google tag",
    (pathname) => {
      expect(keys(withoutGoogleTag(head, pathname))).toEqual(keys(head))
    },
  )
})
