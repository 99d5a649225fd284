/**
 * The four forms sent in Spanish, from the Spanish pages, through a backend of this file's own whose SMS and
 * chat go to fake Twilio and chat servers and whose on-call list has an English-only contact first and a
 * Spanish-speaking one second (the page's calls to the functions are routed to it). Each lead is stored with
 * `language = es` and its Spanish consent version, the customer gets the Spanish e-mail (or text), the office's
 * notice says the visitor prefers Spanish, and the Spanish-speaking contact is alerted before the English-only
 * one. Every label a test finds is read from data/'s es: sections.
 */
import fs from "node:fs"
import path from "node:path"
import type { Page, Route } from "playwright-core"
import postgres from "postgres"
import {
  contactFormTexts,
  fieldLabelOf,
  offerPageTexts,
  readData,
  scarsdaleOfferData,
} from "../__tests__/fixtures/data"
import { fakeServer, fakeTwilio, type FakeServer } from "../__tests__/backend/fake-servers"
import { startBackend, type RunningBackend } from "../server/backend"
import { freePort } from "../scripts/static-server"
import { fill } from "../supabase/functions/_shared/kernel/escape"
import { LOCAL_API_URL } from "../supabase/functions/_shared/kernel/local-defaults"
import {
  CUSTOMER_TEXTS,
  ESTIMATE_OPTIONS,
  LEAD_CONSENT,
  LEAD_MESSAGES,
} from "../supabase/functions/_shared/kernel/site-data.generated"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { E2E_TURNSTILE_SECRET, startFakeSiteverify } from "./fake-siteverify"

const browser = useBrowser()

const OFFICE = "info@westchesterfamilypest.example"
const ENGLISH_ONLY = { name: "Olga Office", sms: "+19145550161", email: OFFICE, afterHours: true }
const SPANISH_SPEAKING = { name: "Sofía", sms: "+19145550162", afterHours: true, languages: ["es", "en"] }
const PREFERS_SPANISH = fill(LEAD_MESSAGES.officeAlerts.prefersLanguage, {
  language: LEAD_MESSAGES.officeAlerts.languageNames.es,
})
const SPANISH = CUSTOMER_TEXTS.es.messages
/** A text's words up to its first placeholder: what a filled copy of it surely contains. */
const opening = (text: string) => text.split("{")[0]?.trim() ?? ""
/** The sign-off every customer e-mail ends with, in Spanish and in English. */
const SIGN_OFF = { es: opening(SPANISH.customerEmail.signOff), en: opening(LEAD_MESSAGES.customerEmail.signOff) }

const texts = {
  contact: contactFormTexts("es"),
  wizard: readData<{
    nextLabel: string
    submitLabel: string
    contactStep: { fields: Array<{ name: string; label: string }> }
    thankYou: { heading: string }
  }>("estimate-wizard.yaml", "es"),
  options: readData<{ propertyTypes: Array<{ label: string }>; servicePlans: Array<{ name: string }> }>(
    "estimate-options.yaml",
    "es",
  ),
  ticks: readData<{ name: string }>("pests/ticks.yaml", "es").name,
  booking: scarsdaleOfferData("es"),
  callback: offerPageTexts("es").callback,
  smsOptIn: readData<{ sms: { versions: Array<{ label: string }> } }>("lead-consent.yaml", "es").sms.versions,
}

let backend: RunningBackend
let twilio: Awaited<ReturnType<typeof fakeTwilio>>
let chat: FakeServer
const stops: Array<() => Promise<void>> = []

beforeAll(async () => {
  twilio = await fakeTwilio()
  chat = await fakeServer([200])
  stops.push(twilio.close, chat.close)
  const buildHasTurnstile = fs
    .readFileSync(path.join("public", "_headers"), "utf8")
    .includes("https://challenges.cloudflare.com")
  const turnstile = buildHasTurnstile ? await startFakeSiteverify() : null
  if (turnstile) stops.push(turnstile.stop)
  backend = await startBackend({
    dataDir: "memory://",
    apiPort: await freePort(),
    dbPort: await freePort(),
    outboxIntervalMs: 200,
    env: {
      ALLOWED_ORIGINS: [process.env.E2E_BASE_URL, process.env.E2E_HOST_URL].join(","),
      MIN_FORM_FILL_MS: "0",
      RATE_LIMIT_MAX: "0",
      PIPELINE_CHECK: "0",
      WEEKLY_REPORT: "0",
      TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
      TWILIO_AUTH_TOKEN: "e2e-twilio-token",
      TWILIO_FROM: "+19145550100",
      TWILIO_API_URL: twilio.url,
      ALERT_CHAT_WEBHOOK_URL: `${chat.url}/services/T000/B000/hook`,
      // The English-only contact is first on the list: a Spanish-speaking visitor goes to the second first.
      ALERT_CONTACTS: JSON.stringify([ENGLISH_ONLY, SPANISH_SPEAKING]),
      ...(turnstile ? { TURNSTILE_SECRET_KEY: E2E_TURNSTILE_SECRET, TURNSTILE_VERIFY_URL: turnstile.url } : {}),
    },
  })
  stops.push(backend.stop)
})

afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
})

/** The page's calls to the functions go to this file's backend instead of the run's. */
async function toOwnBackend(page: Page) {
  await page.route(`${LOCAL_API_URL}/functions/v1/**`, async (route: Route) => {
    const url = route.request().url().replace(LOCAL_API_URL, backend.url)
    await route.fulfill({ response: await route.fetch({ url }) })
  })
}

async function withDb<T>(body: (db: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(backend.databaseUrl ?? "", { max: 1, onnotice: () => undefined })
  try {
    return await body(db)
  } finally {
    await db.end()
  }
}

/** Waits for the row a query finds (the worker and the request commit in their own time). */
async function eventually<T>(find: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const found = await find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

interface Mail {
  to_address: string
  subject: string
  text_body: string
}
const mailTo = (address: string, about: string) =>
  eventually(async () => {
    const mails = (await (await fetch(`${backend.url}/_dev/mail.json`)).json()) as Mail[]
    return mails.find((mail) => mail.to_address === address && `${mail.subject}\n${mail.text_body}`.includes(about))
  }, `an e-mail to ${address} about ${about}`)

const smsTo = (number: string, about: string) =>
  eventually(
    () =>
      Promise.resolve(
        twilio.received
          .filter((request) => request.method === "POST")
          .map((request) => new URLSearchParams(request.body))
          .find((form) => form.get("To") === number && (form.get("Body") ?? "").includes(about)),
      ),
    `an SMS to ${number} about ${about}`,
  )

interface StoredLead {
  language: string
  consent_version: string
}
const leadOf = (table: "leads" | "contact_messages", column: string, value: string) =>
  withDb((db) =>
    eventually(async () => {
      const rows = await db.unsafe<StoredLead[]>(
        `select language, consent_version from ${table} where ${column} = $1`,
        [value],
      )
      return rows[0]
    }, `the ${table} row of ${value}`),
  )

/** What every Spanish lead shows: stored in Spanish with the Spanish consent, the office told the visitor prefers it. */
async function expectSpanishLead(stored: StoredLead, name: string) {
  expect(stored).toEqual({ language: "es", consent_version: `${LEAD_CONSENT.current}-es` })
  const notice = await mailTo(OFFICE, name)
  expect(notice.text_body).toContain(PREFERS_SPANISH)
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true })

test("the contact form in Spanish: stored in Spanish, the Spanish e-mail, the Spanish speaker alerted first", () =>
  withPage(browser(), async ({ page, errors }) => {
    await toOwnBackend(page)
    await gotoHydrated(page, "/es/contacto/")
    expect(await page.locator("html").getAttribute("lang")).toBe("es-US")
    const form = texts.contact
    await textbox(page, fieldLabelOf(form, "name")).fill("Rosa Contacto")
    await textbox(page, fieldLabelOf(form, "email")).fill("rosa.contacto@example.com")
    await textbox(page, fieldLabelOf(form, "phone")).fill("914-555-0131")
    await textbox(page, fieldLabelOf(form, "message")).fill("Hormigas en la cocina desde la semana pasada")
    await page.getByRole("button", { name: form.submitLabel }).click()
    await page
      .getByRole("status")
      .filter({ hasText: form.successTitle.replace(/\s*\p{Extended_Pictographic}/u, "") })
      .waitFor()

    await expectSpanishLead(await leadOf("contact_messages", "email", "rosa.contacto@example.com"), "Rosa Contacto")
    const customer = await mailTo("rosa.contacto@example.com", SIGN_OFF.es)
    expect(customer.text_body).toContain(opening(SPANISH.customerEmail.contactIntro))
    expect(customer.text_body).not.toContain(SIGN_OFF.en)

    // The Spanish-speaking contact is texted first; the English-only one only when the alert escalates.
    const first = await smsTo(SPANISH_SPEAKING.sms, "Rosa Contacto")
    expect(first.get("Body")).toContain(PREFERS_SPANISH)
    expect(twilio.received.some((request) => new URLSearchParams(request.body).get("To") === ENGLISH_ONLY.sms)).toBe(
      false,
    )
    await eventually(
      () => Promise.resolve(chat.received.find((request) => request.body.includes("Rosa Contacto"))),
      "the chat alert",
    )
    // The escalation's time comes now (a clock moved by hand: it is minutes away).
    await withDb(
      (db) => db`update outbox_jobs set next_attempt_at = now() where kind = 'alert_step' and status = 'pending'`,
    )
    await smsTo(ENGLISH_ONLY.sms, "Rosa Contacto")
    const order = twilio.received
      .map((request) => new URLSearchParams(request.body))
      .filter((sms) => (sms.get("Body") ?? "").includes("Rosa Contacto"))
      .map((sms) => sms.get("To"))
    expect(order.slice(0, 2)).toEqual([SPANISH_SPEAKING.sms, ENGLISH_ONLY.sms])
    expect(errors).toEqual([])
  }))

test("the estimate wizard in Spanish: stored in Spanish, the Spanish e-mail, the office told", () =>
  withPage(browser(), async ({ page, errors }) => {
    await toOwnBackend(page)
    await gotoHydrated(page, "/es/cotizacion/")
    const { wizard, options } = texts
    const next = page.getByRole("button", { name: wizard.nextLabel })
    await page.getByRole("radio", { name: options.propertyTypes[1]?.label }).check()
    await next.click()
    await page.getByRole("radio", { name: "C•ARE+", exact: true }).check()
    await next.click()
    await page.getByRole("checkbox", { name: texts.ticks }).check()
    await next.click()
    await next.click()
    const labels = Object.fromEntries(wizard.contactStep.fields.map(({ name, label }) => [name, label]))
    await textbox(page, labels.fullName ?? "").fill("Mateo Cotización")
    await textbox(page, labels.phone ?? "").fill("(914) 555-0132")
    await textbox(page, labels.email ?? "").fill("mateo.cotizacion@example.com")
    await textbox(page, labels.streetAddress ?? "").fill("8 Birch Lane")
    await textbox(page, labels.city ?? "").fill("Rye")
    await textbox(page, labels.state ?? "").fill("NY")
    await textbox(page, labels.zipCode ?? "").fill("10580")
    await next.click()
    await page.getByRole("button", { name: wizard.submitLabel }).click()
    await page.getByRole("heading", { name: wizard.thankYou.heading }).waitFor()

    await expectSpanishLead(await leadOf("leads", "email", "mateo.cotizacion@example.com"), "Mateo Cotización")
    const customer = await mailTo("mateo.cotizacion@example.com", SIGN_OFF.es)
    // The pest by its Spanish name, though the form sent the English one the functions know.
    expect(customer.text_body).toContain(texts.ticks)
    // What the thank-you promised: the pricing known from data, and the estimate's validity, in Spanish.
    const pricing = SPANISH.customerEmail.estimatePricing
    expect(customer.text_body).toContain(pricing.heading)
    expect(customer.text_body).toContain(
      fill(pricing.validity, { validityHours: String(ESTIMATE_OPTIONS.validityHours) }),
    )
    expect(customer.text_body).toContain(SPANISH.customerEmail.estimateWindows.heading)
    expect(errors).toEqual([])
  }))

test("the $49 booking in Spanish: stored in Spanish, the Spanish e-mail, the office told", () =>
  withPage(browser(), async ({ page, errors }) => {
    await toOwnBackend(page)
    await gotoHydrated(page, "/es/oferta-scarsdale-49/")
    const form = texts.booking.form
    const submit = page.getByRole("button", { name: fill(form.submitLabel, texts.booking.amounts) })
    await submit.and(page.locator(":enabled")).waitFor()
    await textbox(page, fieldLabelOf(form, "fullName")).fill("Lucía Reserva")
    await textbox(page, fieldLabelOf(form, "phone")).fill("(914) 555-0133")
    await textbox(page, fieldLabelOf(form, "email")).fill("lucia.reserva@example.com")
    await textbox(page, fieldLabelOf(form, "streetAddress")).fill("40 Heathcote Road")
    await submit.click()

    await expectSpanishLead(await leadOf("leads", "email", "lucia.reserva@example.com"), "Lucía Reserva")
    const customer = await mailTo("lucia.reserva@example.com", SIGN_OFF.es)
    expect(customer.text_body).not.toContain(SIGN_OFF.en)
    expect(errors).toEqual([])
  }))

test("the offer callback in Spanish, with the SMS opt-in: stored in Spanish, the Spanish text, the office told", () =>
  withPage(browser(), async ({ page, errors }) => {
    await toOwnBackend(page)
    await gotoHydrated(page, "/es/oferta/yonkers39/")
    const form = page.locator("form", { has: page.getByRole("button", { name: texts.callback.submitLabel }) })
    await form.getByRole("button", { name: texts.callback.submitLabel }).and(page.locator(":enabled")).waitFor()
    await form
      .getByRole("textbox", { name: fieldLabelOf(texts.callback, "full_name"), exact: true })
      .fill("Diego Llamada")
    await form.getByRole("textbox", { name: fieldLabelOf(texts.callback, "phone"), exact: true }).fill("914-555-0134")
    await form
      .getByRole("textbox", { name: fieldLabelOf(texts.callback, "street_address"), exact: true })
      .fill("9 Maple Ave")
    await form.getByRole("checkbox", { name: texts.smsOptIn[0]?.label }).check()
    await form.getByRole("button", { name: texts.callback.submitLabel }).click()

    const stored = await leadOf("leads", "full_name", "Diego Llamada")
    await expectSpanishLead(stored, "Diego Llamada")
    const sms = await withDb((db) =>
      eventually(async () => {
        const rows = await db<Array<{ sms_consent_version: string | null }>>`
          select sms_consent_version from leads where full_name = 'Diego Llamada'`
        return rows[0]
      }, "the callback's SMS consent"),
    )
    expect(sms.sms_consent_version).toBe(`${LEAD_CONSENT.sms.current}-es`)
    // The customer's confirmation text, in Spanish, to the number they gave.
    await smsTo("+19145550134", opening(SPANISH.customerSms.confirmation))
    expect(errors).toEqual([])
  }))
