/**
 * The content editor's page as the static host serves it (public/_headers and _redirects applied):
 * its own security policy, under which Decap loads with no violation, kept out of search engines
 * and the sitemap, and none of its code in any page of the site.
 */
import fs from "node:fs"
import path from "node:path"
import { bundleFolder } from "../gatsby/cms/admin-files"
import { ADMIN, IMMUTABLE, REVALIDATE } from "../gatsby/security-policy"
import { mergePolicy } from "../gatsby/security-headers"
import { useBrowser } from "./browser"

const browser = useBrowser()
const hostUrl = () => {
  const url = process.env.E2E_HOST_URL
  if (!url) throw new Error("E2E_HOST_URL is not set; run the browser tests through e2e/jest.config.js")
  return url
}

test("/admin/ has the editor's own policy and robots header, and Decap shows its GitHub sign-in with no violation or error", async () => {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
  // `npm run cms`'s proxy may be running for another test file: this page must see production's backend.
  await context.route("http://localhost:8081/**", (route) => route.abort())
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`)
    })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on("console", (message) => {
    // The proxy probe this test refuses is logged by the browser as a failed request.
    if (message.type() === "error" && !message.text().includes("net::ERR_FAILED")) errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  try {
    const response = await page.goto(`${hostUrl()}/admin/`)
    expect(response?.status()).toBe(200)
    const headers = response?.headers() ?? {}
    expect(headers["content-security-policy"]).toBe(mergePolicy([ADMIN]))
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow")
    expect(headers["cache-control"]).toBe(REVALIDATE)
    expect(headers["x-frame-options"]).toBe("DENY")
    await page.getByRole("button", { name: "Login with GitHub" }).waitFor()
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow")
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([])
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})

test("the generated configuration and the pinned bundle are served; /admin/index.html goes to /admin/", async () => {
  const config = await fetch(`${hostUrl()}/admin/config.yml`)
  expect(config.status).toBe(200)
  expect(config.headers.get("cache-control")).toBe(REVALIDATE)
  expect(await config.text()).toMatch(/^# Generated from gatsby\/data-schemas\//)
  const bundle = await fetch(`${hostUrl()}/admin/${bundleFolder()}/decap-cms.js`)
  expect(bundle.status).toBe(200)
  expect(bundle.headers.get("cache-control")).toBe(IMMUTABLE)
  const index = await fetch(`${hostUrl()}/admin/index.html`, { redirect: "manual" })
  expect(index.status).toBe(301)
  expect(index.headers.get("location")).toBe("/admin/")
})

test("the editor is in no sitemap, and no page of the site loads any of its code", async () => {
  const sitemap = await (await fetch(`${hostUrl()}/sitemap-0.xml`)).text()
  expect(sitemap).toContain("<loc>")
  expect(sitemap).not.toContain("/admin")
  const scripts = fs.readdirSync("public").filter((file) => file.endsWith(".js"))
  expect(scripts.length).toBeGreaterThan(10)
  for (const file of scripts) {
    const code = fs.readFileSync(path.join("public", file), "utf8")
    expect({ file, decap: /decap-cms|DecapCmsApp|netlify-cms/i.test(code) }).toEqual({ file, decap: false })
  }
})
