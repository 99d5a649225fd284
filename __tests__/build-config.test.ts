/** @jest-environment node */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { robotsTxt } from "../gatsby/post-build"
import { adsConversionTarget, DEFAULT_SITE_URL, gtagIds, gtagPlugins, siteUrlFrom } from "../gatsby/site-config"
import { sitemapPages } from "../gatsby/sitemap"

describe("site URL", () => {
  test("defaults, and drops a trailing slash", () => {
    expect(siteUrlFrom({})).toBe(DEFAULT_SITE_URL)
    expect(siteUrlFrom({ SITE_URL: "https://pests.example.com/" })).toBe("https://pests.example.com")
  })
  test("rejects anything but an origin", () => {
    expect(() => siteUrlFrom({ SITE_URL: "pests.example.com" })).toThrow(/SITE_URL must be an origin/)
    expect(() => siteUrlFrom({ SITE_URL: "https://pests.example.com/home" })).toThrow(/SITE_URL/)
  })
})

describe("Google tag", () => {
  const dataDir = (tracking: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-"))
    fs.writeFileSync(path.join(dir, "site.yaml"), `tracking:\n${tracking}`)
    return dir
  }

  test("no IDs: the plugin is left out", () => {
    const dir = dataDir('  googleAnalyticsId: ""\n  googleAdsId: ""\n')
    expect(gtagIds({}, dir)).toEqual([])
    expect(gtagPlugins([])).toEqual([])
  })

  test("IDs from site.yaml, overridden by the environment", () => {
    const dir = dataDir("  googleAnalyticsId: G-DATA1\n  googleAdsId: AW-111\n")
    expect(gtagIds({}, dir)).toEqual(["G-DATA1", "AW-111"])
    expect(gtagIds({ GATSBY_GA_MEASUREMENT_ID: "G-ENV", GATSBY_ADS_ID: "" }, dir)).toEqual(["G-ENV"])
    expect(gtagPlugins(["G-ENV"])).toEqual([
      {
        resolve: "gatsby-plugin-google-gtag",
        options: { trackingIds: ["G-ENV"], pluginConfig: { head: true, respectDNT: false } },
      },
    ])
  })

  test("the offer pages' Ads conversion target needs both the Ads ID and the label", () => {
    const dir = dataDir("  googleAnalyticsId: G-DATA1\n  googleAdsId: AW-111\n  adsConversionLabel: abcDEF\n")
    expect(adsConversionTarget({}, dir)).toBe("AW-111/abcDEF")
    expect(adsConversionTarget({ GATSBY_ADS_CONVERSION_LABEL: "envLabel" }, dir)).toBe("AW-111/envLabel")
    expect(adsConversionTarget({ GATSBY_ADS_ID: "" }, dir)).toBe("")
    expect(adsConversionTarget({}, dataDir("  googleAdsId: AW-111\n"))).toBe("")
  })

  test("a missing site.yaml means no tag (the data validation reports the file)", () => {
    expect(gtagIds({}, path.join(os.tmpdir(), "does-not-exist"))).toEqual([])
  })
})

describe("sitemap and robots.txt", () => {
  test("noindex pages and error pages are left out of the sitemap", () => {
    const pages = sitemapPages({
      allSitePage: {
        nodes: ["/", "/offers/", "/services/ants/", "/404/", "/404.html", "/dev-404-page/", "/offer/yonkers39/"].map(
          (p) => ({ path: p }),
        ),
      },
      allPageYaml: { nodes: [{ route: "/offers/" }] },
    })
    expect(pages.map((p) => p.path)).toEqual(["/", "/services/ants/", "/offer/yonkers39/"])
  })

  test("the offer fallback route (a matchPath page whose canonical is another page) is left out", () => {
    const pages = sitemapPages({
      allSitePage: {
        nodes: [
          { path: "/offer/scarsdale49/", matchPath: "/offer/scarsdale49/" },
          { path: "/offer/", matchPath: "/offer/*" },
          { path: "/" },
        ],
      },
      allPageYaml: { nodes: [] },
    })
    expect(pages.map((p) => p.path)).toEqual(["/"])
  })

  test("robots.txt names the sitemap at the site URL", () => {
    expect(robotsTxt("https://pests.example.com")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://pests.example.com/sitemap-index.xml\n",
    )
  })
})
