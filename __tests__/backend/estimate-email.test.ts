/** @jest-environment node */
/**
 * The estimate's e-mail carries what the wizard's thank-you promises: the estimate's details with the pricing
 * the data fixes (each chosen option's price note, how other pests and special treatments are priced, how long
 * the estimate holds), the arrival windows asked for, and the reference, in the visitor's language; and every
 * address in it once ("12 Oak Ln, Scarsdale, NY 10583"), however the visitor typed it.
 */
import { takeVisit } from "../../supabase/functions/_shared/appointments/capacity"
import { windowLabel } from "../../supabase/functions/_shared/appointments/window-label"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import { LANGUAGES, type Language } from "../../supabase/functions/_shared/kernel/languages"
import { CUSTOMER_TEXTS, ESTIMATE_OPTIONS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { TUESDAY_10AM } from "./alert-rig"
import { type AppUnderTest, bodies, post, testConfig, withFreshDb } from "./helpers"

const NOW = TUESDAY_10AM

let db: Db
let app: AppUnderTest
withFreshDb(
  (fresh) => {
    db = fresh
    app = createApp({ db, config: testConfig(), clock: () => NOW })
  },
  { each: true },
)

/** The visitor's e-mail a request queued: its text and html (a narrow no-break space read as a space). */
async function customerEmail(submissionId: string) {
  const [job] = await db.query<{ payload: { text: string; html: string } }>(
    `select payload from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:customer_email`],
  )
  if (!job) throw new Error(`no e-mail for ${submissionId}`)
  const readable = (text: string) => text.replace(/\u202f|\u00a0/g, " ")
  return { text: readable(job.payload.text), html: readable(job.payload.html) }
}

async function sent(body: { submissionId: string }) {
  const response = await post(app, "send-estimate-confirmation", body)
  expect(response.status).toBe(200)
  return ((await response.json()) as { reference: string }).reference
}

describe.each(LANGUAGES.map((language) => [language]))("the estimate's e-mail in %s", (language: Language) => {
  const texts = CUSTOMER_TEXTS[language]
  const words = texts.messages.customerEmail
  const pricing = words.estimatePricing

  test("prices what the data prices: the options chosen, other and special pests, the validity; and the windows", async () => {
    const [free, taken] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, NOW)
    if (!free || !taken) throw new Error("two windows expected on Tuesday morning")
    for (let i = 0; i < taken.visits; i++) await takeVisit(db, taken)
    const body = {
      ...bodies.estimateRequest(),
      language,
      sameDayService: true,
      quickKnock: true,
      additionalPests: 2,
      pests: ["Ants", "Bed Bugs"],
      preferredWindows: [free.id, taken.id],
    }
    const reference = await sent(body)
    const { text } = await customerEmail(body.submissionId)

    expect(text).toContain(pricing.heading)
    expect(text).toContain(`${texts.options.servicePlans["c-are"]}: ${pricing.plan}`)
    expect(text).toContain(
      `${texts.options.sameDay.label}: ${fill(pricing.option, { priceNote: texts.options.sameDay.priceNote })}`,
    )
    expect(text).toContain(
      `${texts.options.quickKnock.label}: ${fill(pricing.option, { priceNote: texts.options.quickKnock.priceNote })}`,
    )
    expect(texts.options.sameDay.priceNote).toBe("+$75")
    expect(texts.options.quickKnock.priceNote).toBe("−$50")
    expect(text).toContain(
      `${texts.messages.emailRows.additionalPests}: ${fill(pricing.additionalPests, { count: texts.options.additionalPests[2] })}`,
    )
    expect(text).toContain(`${texts.pests["Bed Bugs"]}: ${pricing.specialTreatment}`)
    expect(text).not.toContain(`${texts.pests.Ants}: ${pricing.specialTreatment}`)
    expect(ESTIMATE_OPTIONS.validityHours).toBe(48)
    expect(text).toContain(`${pricing.validityLabel}: ${fill(pricing.validity, { validityHours: "48" })}`)

    const rows = words.estimateWindows
    expect(text).toContain(rows.heading)
    expect(text).toContain(`${rows.rowLabel}: ${windowLabel(free, language).replace(/\u202f|\u00a0/g, " ")}`)
    expect(text).toContain(
      `${rows.rowLabel}: ${fill(rows.taken, { window: windowLabel(taken, language) }).replace(/\u202f|\u00a0/g, " ")}`,
    )
    expect(text).toContain(reference)
  })

  test("says the time is chosen on the call when no window was picked, and prices no option not chosen", async () => {
    const body = {
      ...bodies.estimateRequest(),
      language,
      sameDayService: false,
      quickKnock: false,
      additionalPests: 0,
      pests: ["Ants"],
    }
    await sent(body)
    const { text } = await customerEmail(body.submissionId)
    expect(text).toContain(`${words.estimateWindows.rowLabel}: ${words.estimateWindows.none}`)
    expect(text).not.toContain(fill(pricing.option, { priceNote: texts.options.sameDay.priceNote }))
    expect(text).not.toContain(fill(pricing.option, { priceNote: texts.options.quickKnock.priceNote }))
    expect(text).not.toContain(pricing.specialTreatment)
    expect(text).not.toContain(pricing.additionalPests.replace("{count}", ""))
  })

  test("writes the address once when the street already holds the town, state and ZIP", async () => {
    const body = {
      ...bodies.estimateRequest(),
      language,
      streetAddress: "12 Oak Ln, Scarsdale, NY 10583",
      city: "Scarsdale",
      state: "NY",
      zipCode: "10583",
    }
    await sent(body)
    const { text, html } = await customerEmail(body.submissionId)
    expect(text).toContain(`${texts.messages.emailRows.address}: 12 Oak Ln, Scarsdale, NY 10583\n`)
    expect(html.match(/Scarsdale/g)).toHaveLength(1)
  })
})
