/**
 * Cloudflare Turnstile for the browser tests, with no network: a stand-in for the widget script
 * (served in place of challenges.cloudflare.com's api.js on every page the helpers open)
 * and the tokens the fake siteverify (e2e/fake-siteverify.ts) accepts.
 */
import { randomUUID } from "node:crypto"
import type { BrowserContext, Page } from "playwright-core"

/** What the forms load (src/lib/turnstile/load-turnstile.ts), with any query ("*" as the protocol's pattern). */
const TURNSTILE_SCRIPT_URLS = "https://challenges.cloudflare.com/turnstile/v0/api.js*"

/** Every token the stand-in hands out starts so; the fake siteverify passes only these. */
export const STAND_IN_TOKEN_PREFIX = "stand-in-pass-"

/** A token for a test that posts to the functions itself (each is single-use at the fake siteverify). */
export const standInToken = () => `${STAND_IN_TOKEN_PREFIX}${randomUUID()}`

/**
 * window.turnstile with render/reset/remove/getResponse. A widget calls back at once with a token
 * "stand-in-pass-<n>-<random>" (unique across pages, as the fake siteverify spends each once), and
 * again after a reset; with `window.__turnstileStandIn = "no-token"` set before the page loads it never
 * does, like a visitor who has not passed the check.
 */
export const STAND_IN_SCRIPT = `(() => {
  if (window.turnstile) return
  const widgets = new Map()
  let count = 0
  let rendered = 0
  const latest = (id) => widgets.get(id) || [...widgets.values()].pop()
  const issue = (widget) => {
    if (window.__turnstileStandIn === "no-token" || !widgets.has(widget.id)) return
    widget.token = "${STAND_IN_TOKEN_PREFIX}" + ++count + "-" + Math.random().toString(36).slice(2, 12)
    widget.options.callback(widget.token)
  }
  window.turnstile = {
    render(container, options) {
      const id = "stand-in-" + ++rendered
      const element = document.createElement("div")
      element.setAttribute("data-turnstile-stand-in", options.action || "")
      element.textContent = "Anti-spam check (stand-in)"
      container.append(element)
      const widget = { id, options, element, token: undefined }
      widgets.set(id, widget)
      issue(widget)
      return id
    },
    reset(id) {
      const widget = latest(id)
      if (!widget) return
      widget.token = undefined
      setTimeout(() => issue(widget), 0)
    },
    remove(id) {
      const widget = latest(id)
      if (!widget) return
      widget.element.remove()
      widgets.delete(widget.id)
    },
    getResponse(id) {
      const widget = latest(id)
      return widget ? widget.token : undefined
    },
  }
})()
`

/** The stand-in as the protocol's fulfilment carries a body. */
const STAND_IN_BODY = Buffer.from(STAND_IN_SCRIPT).toString("base64")

/**
 * Serves the stand-in for every Turnstile script request of this page, by the browser's own interception
 * of that one address (the debugging protocol's Fetch domain with a URL pattern). Not Playwright's route():
 * a route on any URL pauses every request of the page for the test process to judge, and turns the page's
 * HTTP cache off, so every page load fetched and compiled the site's scripts anew (about a fifth of a
 * crawl's CPU). Call before the page's first navigation.
 */
export async function serveTurnstileStandIn(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page)
  session.on("Fetch.requestPaused", ({ requestId }) => {
    // A page closed while its request waited answers nothing: there is no one left to serve.
    session
      .send("Fetch.fulfillRequest", {
        requestId,
        responseCode: 200,
        responseHeaders: [{ name: "Content-Type", value: "application/javascript" }],
        body: STAND_IN_BODY,
      })
      .catch(() => undefined)
  })
  await session.send("Fetch.enable", { patterns: [{ urlPattern: TURNSTILE_SCRIPT_URLS, requestStage: "Request" }] })
}

/** From the next page load on, the stand-in gives no token (set before the page's scripts run). */
export const standInGivesNoToken = (target: BrowserContext | Page) =>
  target.addInitScript(() => {
    ;(window as unknown as { __turnstileStandIn?: string }).__turnstileStandIn = "no-token"
  })
