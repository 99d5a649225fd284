import type { Page } from "playwright-core"
import { consentText } from "../supabase/functions/_shared/kernel/consent"
import { COMPANY, LEAD_CONSENT } from "../supabase/functions/_shared/kernel/site-data.generated"
import { baseUrl, gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { book, completeWizard, fillContact, requestCallback } from "./lead-forms"
import { mailTo } from "./mailbox"
import { recordedRequest } from "./request-recorder"

const browser = useBrowser()
const OFFICE = "info@westchesterfamilypest.example"

/** The visitor first comes from a Google ad, later from a Facebook one: the lead must carry both. */
const FIRST = { utm_source: "google", utm_medium: "cpc", utm_campaign: "fall-ants", gclid: "Cj0KCQ-first_1" }
const LAST = {
  utm_source: "facebook",
  utm_medium: "paid-social",
  utm_campaign: "winter-rodents",
  fbclid: "IwAR-last_2",
}

type GtagCall = [string, string, Record<string, unknown>?]

declare global {
  interface Window {
    __gtagCalls?: GtagCall[]
  }
}

/** Records every gtag call from the first script on (production builds define gtag only with an Analytics id). */
const recordGtag = (page: Page) =>
  page.addInitScript(() => {
    window.__gtagCalls = []
    window.gtag = (...args: unknown[]) => void window.__gtagCalls?.push(args as GtagCall)
  })

const gtagCalls = (page: Page) => page.evaluate(() => window.__gtagCalls ?? [])

/** Two campaign visits in this browser: the first touch, then a newer last touch. */
async function campaignVisits(page: Page) {
  const kept = (campaign: string) =>
    page.waitForFunction((c) => window.localStorage.getItem("wfpc:attribution")?.includes(c) === true, campaign)
  await page.goto(`${baseUrl()}/services/ants/?${new URLSearchParams(FIRST).toString()}`, {
    referer: "https://www.google.com/",
  })
  await kept(FIRST.utm_campaign)
  await page.goto(`${baseUrl()}/?${new URLSearchParams(LAST).toString()}`, { referer: "https://m.facebook.com/" })
  await kept(LAST.utm_campaign)
}

interface StoredConsent {
  attribution: { first: Record<string, string>; last: Record<string, string> } | null
  consent_version: string | null
  consent_at: Date | null
  sms_consent_version: string | null
  sms_consent_at: Date | null
}

/** Both touches as the browser kept them, in the form the lead must store. */
function expectBothTouches(stored: StoredConsent) {
  expect(stored.attribution?.first).toMatchObject({
    ...FIRST,
    referrer: "www.google.com",
    landing_path: "/services/ants/",
  })
  expect(stored.attribution?.last).toMatchObject({ ...LAST, referrer: "m.facebook.com", landing_path: "/" })
  expect(stored.consent_version).toBe(LEAD_CONSENT.current)
  expect(Date.now() - (stored.consent_at?.getTime() ?? 0)).toBeLessThan(10 * 60_000)
}

function expectSmsConsent(stored: StoredConsent, ticked: boolean) {
  expect(stored.sms_consent_version).toBe(ticked ? LEAD_CONSENT.sms.current : null)
  expect(stored.sms_consent_at === null).toBe(!ticked)
}

/** The company e-mail names both campaigns. */
async function expectNoticeWithTouches(subject: RegExp) {
  const notice = await mailTo(OFFICE, subject)
  expect(notice.text_body).toContain(FIRST.utm_campaign)
  expect(notice.text_body).toContain(LAST.utm_campaign)
  expect(notice.text_body).toContain(consentText(LEAD_CONSENT.current, COMPANY.name))
}

/** Ads enhanced conversions got the visitor's e-mail or phone as user data; no event carries either. */
async function expectLeadTracked(page: Page, form: string, personal: readonly string[]) {
  await page.waitForFunction(
    (f) => window.__gtagCalls?.some(([c, n, p]) => c === "event" && n === "generate_lead" && p?.form === f) === true,
    form,
  )
  const calls = await gtagCalls(page)
  const userData = calls.filter(([command, name]) => command === "set" && name === "user_data")
  expect(userData.length).toBeGreaterThan(0)
  expect(JSON.stringify(userData)).toContain("+19145550")
  const lead = calls.find(
    ([command, name, params]) => command === "event" && name === "generate_lead" && params?.form === form,
  )
  expect(lead?.[2]?.currency).toBe("USD")
  expect(Number(lead?.[2]?.value)).toBeGreaterThan(0)
  const events = JSON.stringify(calls.filter(([command]) => command === "event"))
  for (const value of personal) expect(events).not.toContain(value)
  return calls
}

test("a contact message carries both touches, the consent and the ticked SMS opt-in into Postgres and the office's e-mail", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await recordGtag(page)
      await campaignVisits(page)
      await gotoHydrated(page, "/contact/")
      await fillContact(page, "Attributed Contact", "attributed.contact@example.com")
      const sms = page.getByRole("checkbox", { name: /Text me about my request/ })
      expect(await sms.isChecked()).toBe(false)
      await sms.check()
      await page.getByRole("button", { name: "Send Message" }).click()
      await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor()
      await expectLeadTracked(page, "contact", ["attributed.contact@example.com", "914-555-0100", "Attributed Contact"])

      const [stored] = await db<StoredConsent[]>`
        select attribution, consent_version, consent_at, sms_consent_version, sms_consent_at
        from contact_messages where email = 'attributed.contact@example.com'`
      expectBothTouches(stored!)
      expectSmsConsent(stored!, true)
      await expectNoticeWithTouches(/New website message from Attributed Contact/)
      expect(errors).toEqual([])
    }),
  ))

test("an estimate carries both touches into Postgres, the office's e-mail and the CRM, and each wizard step is reported once", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await recordGtag(page)
      await campaignVisits(page)
      await gotoHydrated(page, "/estimate/")
      await completeWizard(page, "attributed.estimate@example.com", "Attributed Estimate")
      await page.getByRole("heading", { name: "Thank You! Your Request Is In" }).waitFor()
      const calls = await expectLeadTracked(page, "estimate", ["attributed.estimate@example.com", "8 Birch Lane"])
      const steps = calls
        .filter(([command, name]) => command === "event" && name === "wizard_step")
        .map(([, , params]) => params?.step_number)
      // A C•ARE+ plan skips step 4; the thank-you view is reported as the last step.
      expect(steps).toEqual([1, 2, 3, 5, 6, 7, 8])

      const [stored] = await db<StoredConsent[]>`
        select attribution, consent_version, consent_at, sms_consent_version, sms_consent_at
        from leads where email = 'attributed.estimate@example.com'`
      expectBothTouches(stored!)
      expectSmsConsent(stored!, false)
      await expectNoticeWithTouches(/Attributed Estimate/)
      const forward = await recordedRequest("/crm", (request) =>
        request.body.includes("attributed.estimate@example.com"),
      )
      const payload = JSON.parse(forward.body) as Record<string, unknown>
      expect(JSON.stringify(payload)).toContain(FIRST.gclid)
      expect(JSON.stringify(payload)).toContain(LAST.fbclid)
      expect(errors).toEqual([])
    }),
  ))

test("a $49 booking carries both touches and the consent into Postgres and the office's e-mail", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await recordGtag(page)
      await campaignVisits(page)
      await gotoHydrated(page, "/scarsdale-49-offer/")
      await book(page, "attributed.booking@example.com", "Attributed Booking")
      await page.getByRole("heading", { name: "Thank You! Your $49 Price Is Reserved" }).waitFor()
      await expectLeadTracked(page, "scarsdale_49", ["attributed.booking@example.com", "40 Heathcote Road"])
      const [stored] = await db<StoredConsent[]>`
        select attribution, consent_version, consent_at, sms_consent_version, sms_consent_at
        from leads where email = 'attributed.booking@example.com'`
      expectBothTouches(stored!)
      expectSmsConsent(stored!, false)
      await expectNoticeWithTouches(/New \$49 Scarsdale booking from Attributed Booking/)
      expect(errors).toEqual([])
    }),
  ))

test("an offer callback keeps its utm fields and carries both touches into Postgres and the office's e-mail", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await recordGtag(page)
      await campaignVisits(page)
      await gotoHydrated(page, "/offer/yonkers149/")
      await requestCallback(page, "Attributed Callback")
      await page.getByRole("heading", { level: 1, name: "Thank You!" }).waitFor()
      await expectLeadTracked(page, "offer_callback", ["914-555-0166", "9 Maple Ave"])
      const [stored] = await db<(StoredConsent & { utm_campaign: string })[]>`
        select attribution, consent_version, consent_at, sms_consent_version, sms_consent_at, utm_campaign
        from leads where full_name = 'Attributed Callback'`
      expectBothTouches(stored!)
      expectSmsConsent(stored!, false)
      expect(stored!.utm_campaign).toBeTruthy()
      await expectNoticeWithTouches(/Attributed Callback/)
      expect(errors).toEqual([])
    }),
  ))
