/**
 * A message typed while offline is delivered when the network returns (docs/offline-leads.md):
 * - the page stays open: the outbox sends it within seconds of the `online` event, without a reload, and
 *   the form says it was sent (service workers blocked, so the page alone does it: a browser without
 *   Background Sync behaves so), in English and Spanish, at phone and desktop width;
 * - the tab is closed: the lead service worker's Background Sync replays the same request (Chromium).
 *   Headless Chromium's offline emulation does not touch the browser's own idea of the network, so the
 *   browser fires the sync at once (while the worker's network is still emulated offline: it fails and
 *   the browser would retry minutes later); once the network is back the test fires the sync through the
 *   DevTools protocol (ServiceWorker.dispatchSyncEvent), as Chrome's DevTools "Sync" button does.
 */
import type { BrowserContext, Page } from "playwright-core"
import { contactFormTexts, fieldLabelOf, readNode } from "../__tests__/fixtures/data"
import { LANGUAGES, type Language } from "../supabase/functions/_shared/kernel/languages"
import { baseUrl, useBrowser } from "./browser"
import { withDatabase } from "./database"
import { serveTurnstileStandIn } from "./turnstile-stand-in"

const browser = useBrowser()
const OUTBOX = "lead-outbox.v1"
const SYNC_TAG = "workbox-background-sync:lead-outbox"

/** The contact page's address in a language, from its data (data/pages/contact.yaml). */
const contactPath = (language: Language) => readNode<{ route: string }>("pages/contact.yaml", language).route
const formTexts = contactFormTexts
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

async function withContext<T>(
  options: { viewport: { width: number; height: number }; serviceWorkers: "allow" | "block" },
  body: (context: BrowserContext, page: Page, errors: string[]) => Promise<T>,
): Promise<T> {
  const context = await browser().newContext(options)
  try {
    const page = await context.newPage()
    await serveTurnstileStandIn(page)
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    return await body(context, page, errors)
  } finally {
    await context.close()
  }
}

/** Opens the contact page and fills its form online (the contract and the anti-spam check load on the first focus). */
async function openAndFill(page: Page, language: Language, name: string, email: string) {
  const texts = formTexts(language)
  await page.goto(`${baseUrl()}${contactPath(language)}`, { waitUntil: "networkidle" })
  await page.waitForSelector("html[data-hydrated]", { state: "attached" })
  const box = (field: string) => page.getByRole("textbox", { name: fieldLabelOf(texts, field), exact: true })
  await box("name").fill(name)
  await box("email").fill(email)
  await box("phone").fill("914-555-0100")
  await box("message").fill("Mice in the garage since the cold came")
  // The anti-spam check has answered (when the build has it), so the send waits for nothing but the network.
  await page.waitForLoadState("networkidle")
  return texts
}

/** Sends the form while the browser is offline, waits for "saved, not sent yet"; the kept call's submissionId. */
async function sendOffline(context: BrowserContext, page: Page, texts: ReturnType<typeof formTexts>) {
  await context.setOffline(true)
  await page.getByRole("button", { name: texts.submitLabel }).click()
  await page.getByText(texts.pendingTitle).waitFor()
  const kept = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "[]") as Array<{ name: string; body: { submissionId: string } }>,
    OUTBOX,
  )
  expect(kept.map((entry) => entry.name)).toEqual(["process-contact"])
  return kept[0]?.body.submissionId
}

const storedMessages = (email: string) =>
  withDatabase(
    (db) =>
      db<
        { name: string; submission_id: string }[]
      >`select name, submission_id from contact_messages where email = ${email}`,
  )

/** Waits until the message of `email` is stored (the backend answers after it stored it). */
async function storedOnce(email: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await storedMessages(email)
    if (rows.length > 0 || Date.now() > deadline) return rows
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

type Viewport = { width: number; height: number }
/** Every language at both widths. */
const pageOpenCases: Array<[Language, string, Viewport]> = LANGUAGES.flatMap(
  (language): Array<[Language, string, Viewport]> => [
    [language, "desktop", DESKTOP],
    [language, "phone", PHONE],
  ],
)

test.each(pageOpenCases)(
  "page open (%s, %s width): sent offline, stored within seconds of coming back online without a reload, and the form says it was sent",
  (language, _width, viewport) =>
    withContext({ viewport, serviceWorkers: "block" }, async (context, page, errors) => {
      const email = `offline.open.${language}.${viewport.width}@example.com`
      const texts = await openAndFill(page, language, "Olive Offline", email)
      let loads = 0
      page.on("load", () => loads++)
      const submissionId = await sendOffline(context, page, texts)
      expect(await storedMessages(email)).toHaveLength(0)

      const back = Date.now()
      await context.setOffline(false)
      await page.getByRole("status").filter({ hasText: texts.sentTitle }).waitFor({ timeout: 20_000 })
      const seconds = (Date.now() - back) / 1000
      console.log(
        `[offline-leads] ${language} ${viewport.width}px: sent ${seconds.toFixed(1)} s after the network returned`,
      )
      expect(seconds).toBeLessThan(15)
      expect(await page.getByRole("status").filter({ hasText: texts.sentTitle }).innerText()).toContain(
        texts.sentText.split("{")[0]?.trim() ?? "",
      )
      expect(await storedMessages(email)).toEqual([{ name: "Olive Offline", submission_id: submissionId }])
      expect(await page.evaluate((key) => localStorage.getItem(key), OUTBOX)).toBeNull()
      expect(loads).toBe(0)
      expect(errors).toEqual([])
    }),
)

/** The registration of the lead worker, through the DevTools protocol of a page of the same context. */
async function syncThroughDevTools(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.startsWith(baseUrl()) && !r.isDeleted)
      if (found) resolve(found)
    })
  })
  await cdp.send("ServiceWorker.enable")
  const { registrationId, scopeURL } = await registration
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(scopeURL).origin,
    registrationId,
    tag: SYNC_TAG,
    lastChance: false,
  })
}

const queuedInWorker = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("workbox-background-sync")
        open.onerror = () => resolve(0)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains("requests")) {
            resolve(0)
            return
          }
          const count = db.transaction("requests").objectStore("requests").count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => resolve(0)
        }
      }),
  )

/** Every language once, the widths taking turns. */
test.each<[Language, string, Viewport]>(
  LANGUAGES.map((language, i) => (i % 2 === 0 ? [language, "desktop", DESKTOP] : [language, "phone", PHONE])),
)(
  "tab closed (%s, %s width): sent offline, the tab closed, the service worker's Background Sync delivers it once the network returns",
  (language, _width, viewport) =>
    withContext({ viewport, serviceWorkers: "allow" }, async (context, page, errors) => {
      const email = `offline.closed.${language}.${viewport.width}@example.com`
      const texts = await openAndFill(page, language, "Clara Closed", email)
      // Registered after hydration, not on the first load.
      await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true))
      const sent: string[] = []
      context.on("request", (request) => {
        if (request.url().includes("/functions/v1/process-contact"))
          sent.push(request.serviceWorker() ? "worker" : "page")
      })
      const submissionId = await sendOffline(context, page, texts)
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("workbox-background-sync")
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains("requests")) {
                resolve(false)
                return
              }
              const count = db.transaction("requests").objectStore("requests").count()
              count.onsuccess = () => resolve(count.result > 0)
            }
            open.onerror = () => resolve(false)
          }),
      )
      expect(await queuedInWorker(page)).toBe(1)
      expect(errors).toEqual([])
      await page.close()

      // The tab is gone; a blank page of the same context holds the DevTools session (it sends nothing).
      const blank = await context.newPage()
      expect(await storedMessages(email)).toHaveLength(0)
      await context.setOffline(false)
      await syncThroughDevTools(blank)
      const rows = await storedOnce(email, 30_000)
      // The worker replayed the very request the page kept: the same submissionId.
      expect(rows).toEqual([{ name: "Clara Closed", submission_id: submissionId }])
      expect(sent.filter((by) => by === "worker").length).toBeGreaterThan(0)

      // The next visit finds the same lead still kept in the page's outbox and sends it again under the same
      // submissionId: stored once all the same, and the page's outbox is empty afterwards.
      const next = await context.newPage()
      await next.goto(`${baseUrl()}/`, { waitUntil: "load" })
      await next.waitForFunction((key) => localStorage.getItem(key) === null, OUTBOX, { timeout: 30_000 })
      expect(await storedMessages(email)).toHaveLength(1)
    }),
)
