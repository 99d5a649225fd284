import { chromium, type Browser, type Page } from "playwright-core"
import { serveTurnstileStandIn } from "./turnstile-stand-in"

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error("E2E_BASE_URL is not set; run the browser tests through e2e/jest.config.js")
  return url
}

/** A page that records console errors and uncaught exceptions. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  // The forms' anti-spam widget, on every page the tests open (e2e/turnstile-stand-in.ts).
  await serveTurnstileStandIn(page)
  const errors: string[] = []
  const warnings: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
    if (message.type() === "warning") warnings.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return { page, errors, warnings, close: () => context.close() }
}

/**
 * Waits until Gatsby has hydrated the page, so clicks reach React handlers. `load` instead of the
 * default `networkidle` (which waits 500 ms without requests) where later requests do not matter.
 */
export async function gotoHydrated(page: Page, path: string, waitUntil: "load" | "networkidle" = "networkidle") {
  const response = await page.goto(`${baseUrl()}${path}`, { waitUntil })
  await page.waitForSelector("html[data-hydrated]", { state: "attached" })
  return response
}

/**
 * The run's one Chromium (launched by e2e/global-setup.ts), connected to for a test file; disconnecting after
 * it closes every context the file opened. Tests isolate themselves with their own contexts (storage, cache,
 * service workers and permissions are per context), so nothing needs a browser of its own.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    const endpoint = process.env.E2E_CHROMIUM_WS
    if (!endpoint) throw new Error("E2E_CHROMIUM_WS is not set; run the browser tests through e2e/jest.config.js")
    browser = await chromium.connect(endpoint)
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error("the browser is not running yet")
    return browser
  }
}

export type OpenedPage = Awaited<ReturnType<typeof openPage>>

/** Runs `body` with a fresh page, closed afterwards even when `body` fails. */
export async function withPage<T>(
  browser: Browser,
  body: (opened: OpenedPage) => Promise<T>,
  viewport?: { width: number; height: number },
): Promise<T> {
  const opened = await openPage(browser, viewport)
  try {
    return await body(opened)
  } finally {
    await opened.close()
  }
}

/** Answers every call to the backend's functions with `status` and the JSON `body`, as a refusing backend would. */
export const answerFunctions = (page: Page, status: number, body: unknown) =>
  page.route("**/functions/v1/**", (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  )
