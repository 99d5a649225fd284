/**
 * The build as the static host serves it (scripts/host-server.ts applies public/_headers and _redirects),
 * opened in a page that records CSP violations from before any script runs, and every console error.
 */
import fs from "node:fs"
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { parseHeaders } from "../../scripts/host-rules"
import { serveTurnstileStandIn } from "../turnstile-stand-in"

declare global {
  interface Window {
    __csp: string[]
    ___navigate?: (to: string) => void
    ___chunkMapping?: unknown
  }
}

export const hostUrl = () => {
  const url = process.env.E2E_HOST_URL
  if (!url) throw new Error("E2E_HOST_URL is not set; run the browser tests through e2e/jest.config.js")
  return url
}

/** The site's policy as the rule for the home page carries it (every site folder's rule carries the same). */
export const generatedCsp = () => {
  const rule = parseHeaders(fs.readFileSync(path.join("public", "_headers"), "utf8")).find((r) => r.pattern === "/")
  return rule?.headers.find(([name]) => name === "Content-Security-Policy")?.[1]
}

export interface WatchedPage {
  page: Page
  context: BrowserContext
  /** Console errors, CSP and Permissions-Policy messages of any level, and uncaught exceptions. */
  consoleErrors: string[]
  /** Console warnings. */
  warnings: string[]
}

/** A page that records CSP violations from before any script runs, and every console error. */
export async function openWatchedPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport })
  await context.addInitScript(() => {
    window.__csp = []
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__csp.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      )
    })
  })
  const page = await context.newPage()
  await serveTurnstileStandIn(page)
  const consoleErrors: string[] = []
  const warnings: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || /Refused to|Content Security Policy|Permissions-Policy/.test(message.text()))
      consoleErrors.push(message.text())
    if (message.type() === "warning") warnings.push(message.text())
  })
  page.on("pageerror", (error) => consoleErrors.push(error.message))
  return { page, context, consoleErrors, warnings }
}

/** The CSP violations the page's document has seen so far. */
export const violations = (page: Page) => page.evaluate(() => window.__csp)
