/**
 * The build served as the static host serves it (scripts/host-server.ts applies public/_headers
 * and _redirects): every page loads, hydrates and submits a form under the generated
 * Content-Security-Policy with no violation, and carries the security headers.
 */
import fs from "node:fs"
import path from "node:path"
import type { BrowserContext, Page } from "playwright-core"
import { metaPolicy } from "../gatsby/security-headers"
import { parseHeaders } from "../scripts/host-rules"
import { siteRoutes } from "../scripts/site-routes"
import { useBrowser } from "./browser"
import { routeTurnstileStandIn } from "./turnstile-stand-in"

declare global {
  interface Window {
    __csp: string[]
    ___navigate?: (to: string) => void
  }
}

const browser = useBrowser()
const hostUrl = () => {
  const url = process.env.E2E_HOST_URL
  if (!url) throw new Error("E2E_HOST_URL is not set; run the browser tests through e2e/jest.config.js")
  return url
}
// The site's policy as the rule for the home page carries it (every site folder's rule carries the same).
const generatedCsp = () => {
  const rule = parseHeaders(fs.readFileSync(path.join("public", "_headers"), "utf8")).find((r) => r.pattern === "/")
  return rule?.headers.find(([name]) => name === "Content-Security-Policy")?.[1]
}

/** A page that records CSP violations from before any script runs, and every console error. */
async function openWatchedPage(): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
  await routeTurnstileStandIn(context)
  await context.addInitScript(() => {
    window.__csp = []
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__csp.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      )
    })
  })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || /Refused to|Content Security Policy|Permissions-Policy/.test(message.text()))
      consoleErrors.push(message.text())
  })
  page.on("pageerror", (error) => consoleErrors.push(error.message))
  return { page, context, consoleErrors }
}

const violations = (page: Page) => page.evaluate(() => window.__csp)

test("the build has a generated _headers file with hashes and the functions' origin", () => {
  const csp = generatedCsp()
  expect(csp).toMatch(/script-src 'self' [^;]*'sha256-[A-Za-z0-9+/]+=*'/)
  expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:54321/)
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
})

const pages = [
  ...siteRoutes().map((route) => ({ path: route.path, status: 200 })),
  { path: "/offer/no-such-key/", status: 200 },
  { path: "/no-such-page/", status: 404 },
]

describe.each(pages)("$path", ({ path: urlPath, status }) => {
  test(`answers ${status} with the security headers, hydrates, and has no CSP violation`, async () => {
    const { page, context, consoleErrors } = await openWatchedPage()
    try {
      const response = await page.goto(`${hostUrl()}${urlPath}`, { waitUntil: "networkidle" })
      await page.waitForSelector("html[data-hydrated]", { state: "attached" })
      expect(response?.status()).toBe(status)
      const headers = response?.headers() ?? {}
      if (status === 404) {
        // Unknown paths are under no folder's rule: the not-found page carries the policy itself.
        expect(headers["content-security-policy"]).toBeUndefined()
        expect(await page.locator('head > meta[http-equiv="Content-Security-Policy"]').getAttribute("content")).toBe(
          metaPolicy(generatedCsp() ?? ""),
        )
      } else expect(headers["content-security-policy"]).toBe(generatedCsp())
      expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload")
      expect(headers["x-frame-options"]).toBe("DENY")
      expect(headers["x-content-type-options"]).toBe("nosniff")
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
      expect(headers["permissions-policy"]).toMatch(/camera=\(\)/)
      expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
      expect(headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(await violations(page)).toEqual([])
      // Gatsby's inline scripts ran (allowed by their hashes): the chunk map is there.
      expect(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).___chunkMapping)).toBe(
        "string",
      )
      // The browser logs the missing page itself as an error on the 404 route; nothing else may log one.
      expect(consoleErrors.filter((e) => !(status === 404 && /status of 404/.test(e)))).toEqual([])
    } finally {
      await context.close()
    }
  })
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
  const { page, context, consoleErrors } = await openWatchedPage()
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
  const { page, context } = await openWatchedPage()
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
