/** @jest-environment node */
/**
 * The estimate e-mail's pricing attacked: unknown or odd option values, duplicated and many pests, HTML in every
 * text field (escaped in the HTML part, as typed in the text part), and a language unknown or absent (English,
 * flagged). Every such request is stored; no sentence prices what the visitor did not choose.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { CUSTOMER_TEXTS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { TUESDAY_10AM } from "./alert-rig"
import { type AppUnderTest, bodies, post, testConfig, withFreshDb } from "./helpers"

let db: Db
let app: AppUnderTest
withFreshDb(
  (fresh) => {
    db = fresh
    app = createApp({ db, config: testConfig(), clock: () => TUESDAY_10AM })
  },
  { each: true },
)

const EN = CUSTOMER_TEXTS.en
const ES = CUSTOMER_TEXTS.es

async function emailOf(body: Record<string, unknown> & { submissionId: string }) {
  const response = await post(app, "send-estimate-confirmation", body)
  const answer: unknown = await response.json()
  const [job] = await db.query<{ payload: { text: string; html: string } }>(
    `select payload from outbox_jobs where dedupe_key = $1`,
    [`${body.submissionId}:customer_email`],
  )
  const [lead] = await db.query<{ flags: Array<{ code: string; detail?: string }> }>(`select flags from leads`)
  return {
    status: response.status,
    answer,
    text: job?.payload.text ?? "",
    html: job?.payload.html ?? "",
    flags: lead?.flags ?? [],
  }
}

test.each([
  ["an unknown plan id", { servicePlan: "platinum-plus" }],
  ["a plan id as a number", { servicePlan: 3 }],
  ["sameDayService as text", { sameDayService: "true" }],
  ["quickKnock as a number", { quickKnock: 1 }],
  ["additionalPests past the choices", { additionalPests: 19 }],
  ["additionalPests negative", { additionalPests: -3 }],
  ["additionalPests as text", { additionalPests: "2" }],
])("%s: the request is stored and the e-mail prices no option not chosen", async (_, fields) => {
  const body = { ...bodies.estimateRequest(), sameDayService: false, quickKnock: false, additionalPests: 0, ...fields }
  const { status, text, flags } = await emailOf(body)
  expect(status).toBe(200)
  const pricing = EN.messages.customerEmail.estimatePricing
  if (!("sameDayService" in fields)) expect(text).not.toContain(EN.options.sameDay.priceNote)
  if (!("quickKnock" in fields)) expect(text).not.toContain(EN.options.quickKnock.priceNote)
  expect(text).toContain(pricing.heading)
  // No "undefined" or the like in a sentence the visitor reads (an unknown plan id is shown as sent).
  expect(text).not.toMatch(/undefined|null|NaN|\[object Object\]/)
  // The value no form of ours sends is flagged for the office.
  expect(flags.length).toBeGreaterThan(0)
})

test("duplicated pests are refused beside the field (the visitor can fix it), never priced twice", async () => {
  const body = { ...bodies.estimateRequest(), pests: ["Ants", "Ants", "Bed Bugs"] }
  const { status, answer } = await emailOf(body)
  expect(status).toBe(400)
  expect(answer).toMatchObject({ fields: { pests: expect.any(String) as unknown } })
})

test("thousands of pests are refused as abuse, a 400 naming the field", async () => {
  const body = { ...bodies.estimateRequest(), pests: Array.from({ length: 5_000 }, (_, i) => `Pest ${i}`) }
  const { status, answer } = await emailOf(body)
  expect(status).toBe(400)
  expect(answer).toMatchObject({ fields: { pests: expect.any(String) as unknown } })
})

test("HTML in every text field is escaped in the HTML part and as typed in the text part", async () => {
  const evil = `<script>alert(1)</script><img src=x onerror=alert(2)>&"'`
  const body = {
    ...bodies.estimateRequest(),
    firstName: `Ann${evil}`,
    lastName: `Lee${evil}`,
    fullName: `Ann Lee${evil}`,
    streetAddress: `12 Oak Ln${evil}`,
    city: `Scarsdale${evil}`,
    pests: ["Ants", "Wasps <b>x</b>"],
    notes: `Under the deck ${evil}`,
  }
  const { status, text, html, answer } = await emailOf(body)
  expect({ status, answer }).toEqual({ status: 200, answer })
  expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/i)
  expect(html).toContain("&lt;script&gt;")
  expect(text).toContain("<script>alert(1)</script>")
  expect(text).not.toContain("&lt;")
})

test.each([
  ["unknown", { language: "xx" }],
  ["absent", {}],
  ["a number", { language: 7 }],
])(
  "a language %s: the e-mail is in English (lang en-US) and, where one was sent, the lead flagged",
  async (_, fields) => {
    const body: Record<string, unknown> & { submissionId: string } = { ...bodies.estimateRequest(), ...fields }
    if (!("language" in fields)) delete body.language
    const { status, text, html, flags } = await emailOf(body)
    expect(status).toBe(200)
    expect(text).toContain(EN.messages.customerEmail.estimatePricing.heading)
    expect(text).not.toContain(ES.messages.customerEmail.estimatePricing.heading)
    expect(html).toMatch(/<html lang="en-/)
    if ("language" in fields)
      expect({ flags, has: flags.some((f) => JSON.stringify(f).includes("language")) }).toMatchObject({ has: true })
  },
)
