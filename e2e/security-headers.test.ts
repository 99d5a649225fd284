/**
 * The build served as the static host serves it (scripts/host-server.ts applies public/_headers
 * and _redirects): the generated policy, caching of assets, a form submitted under the policy after a
 * client-side navigation, and the third parties it lets in. Every page's headers and clean load under
 * the policy are checked in the one crawl of the site, pages.test.ts.
 */
import { useBrowser } from "./browser"
import { generatedCsp, hostUrl, openWatchedPage, violations } from "./page-checks/watched-page"

const browser = useBrowser()

test("the build has a generated _headers file with hashes and the functions' origin", () => {
  const csp = generatedCsp()
  expect(csp).toMatch(/script-src 'self' [^;]*'sha256-[A-Za-z0-9+/]+=*'/)
  expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:54321/)
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
})

test("hashed assets are cached for a year; page data is revalidated", async () => {
  const html = await (await fetch(`${hostUrl()}/`)).text()
  const script = /<script src="(\/app-[0-9a-f]+\.js)"/.exec(html)?.[1]
  const style = /href="(\/styles\.[0-9a-f]+\.css)"/.exec(html)?.[1] ?? /\/styles\.[0-9a-f]+\.css/.exec(html)?.[0]
  expect(script).toBeDefined()
  for (const asset of [script, style].filter(Boolean)) {
    const response = await fetch(`${hostUrl()}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
  }
  const pageData = await fetch(`${hostUrl()}/page-data/contact/page-data.json`)
  expect(pageData.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
  expect(pageData.headers.get("content-type")).toBe("application/json; charset=utf-8")
})

test("after a client-side navigation, the contact form submits to the functions under the CSP", async () => {
  const { page, context, consoleErrors } = await openWatchedPage(browser())
  try {
    await page.goto(`${hostUrl()}/`, { waitUntil: "networkidle" })
    await page.waitForSelector("html[data-hydrated]", { state: "attached" })
    // Gatsby's router: loads the contact page's data and chunks the way a link click does.
    await page.evaluate(() => window.___navigate?.("/contact/"))
    await page.waitForURL(/\/contact\/$/)
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Cora Policy")
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("cora@example.com")
    await page.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0111")
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Wasps under the porch roof")
    await page.getByRole("button", { name: "Send Message" }).click()
    await page.getByRole("status").filter({ hasText: "Message sent successfully! 📧" }).waitFor()
    expect(await violations(page)).toEqual([])
    expect(consoleErrors).toEqual([])
  } finally {
    await context.close()
  }
})

test("the policy lets the Google tag and Turnstile load and send their beacons, and refuses other origins", async () => {
  const { page, context } = await openWatchedPage(browser())
  try {
    // No network here: third-party requests are answered locally; CSP decides before they are sent.
    await context.route(/^https:\/\//, (route) =>
      route.request().resourceType() === "script"
        ? route.fulfill({ contentType: "application/javascript", body: "" })
        : route.fulfill({ status: 204, body: "" }),
    )
    await page.goto(`${hostUrl()}/offer/yonkers39/`, { waitUntil: "networkidle" })
    await page.waitForSelector("html[data-hydrated]", { state: "attached" })
    // What gtag.js (GA4 + Ads conversions) and Turnstile do once loaded, run in the page under its CSP.
    await page.evaluate(async () => {
      const addScript = (src: string) =>
        document.head.appendChild(Object.assign(document.createElement("script"), { src }))
      const addFrame = (src: string) =>
        document.body.appendChild(Object.assign(document.createElement("iframe"), { src, title: "test" }))
      addScript("https://www.googletagmanager.com/gtag/js?id=G-TEST")
      addScript("https://www.googleadservices.com/pagead/conversion_async.js")
      addScript("https://challenges.cloudflare.com/turnstile/v0/api.js")
      addFrame("https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/g/turnstile/if/ov2/")
      addFrame("https://td.doubleclick.net/td/rul/1234567")
      for (const src of [
        "https://www.google-analytics.com/g/collect?v=2",
        "https://www.googleadservices.com/pagead/conversion/1234567/",
        "https://googleads.g.doubleclick.net/pagead/viewthroughconversion/1234567/",
        "https://www.google.com/pagead/1p-conversion/1234567/",
      ]) {
        new Image().src = src
      }
      await fetch("https://region1.google-analytics.com/g/collect?v=2", { method: "POST", mode: "no-cors" })
      await fetch("https://stats.g.doubleclick.net/g/collect", { mode: "no-cors" })
    })
    await page.waitForLoadState("networkidle")
    expect(await violations(page)).toEqual([])
    // And the listener does see a refusal: an origin the policy does not name.
    await page.evaluate(() => fetch("https://collector.example.net/steal").catch(() => undefined))
    await page.waitForFunction(() => window.__csp.length > 0)
    expect(await violations(page)).toEqual([
      expect.stringMatching(/^connect-src blocked https:\/\/collector\.example\.net\/steal/),
    ])
  } finally {
    await context.close()
  }
})
