/**
 * @jest-environment node
 *
 * An offer limited to some towns, through the real app on PGlite: a $49 booking whose typed street ends with
 * another town and ZIP, or a city offer's callback from another town, is stored as always, flagged for the office
 * (its notice names the offer and the town given), and the visitor's answer and e-mail say, in their language,
 * whom the offer is for and which offer they can have instead: their town's city offer, else that there is none
 * (the fallback offer is for its own town too, so it is never offered to another).
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import {
  CITY_OFFERS,
  CUSTOMER_TEXTS,
  LEAD_CONSENT,
  LEAD_MESSAGES,
} from "../../supabase/functions/_shared/kernel/site-data.generated"
import { TUESDAY_10AM } from "./alert-rig"
import { bodies, post, testConfig, withFreshDb } from "./helpers"

jest.setTimeout(120_000)

const config = testConfig()
let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const AGREED_AT = "2026-03-03T14:59:00.000Z"
const consentIn = (language: Language) => ({
  language,
  consent: { version: consentVersionId(LEAD_CONSENT.current, language), at: AGREED_AT },
})

interface Sent {
  payload: { subject: string; text: string; html: string }
}

/** Posts a body; the answer, the stored lead's flags and address, the visitor's e-mail and the office's notice. */
async function submit(body: Record<string, unknown> & { submissionId: string }) {
  const app = createApp({ db, config, clock: () => TUESDAY_10AM })
  const response = await post(app, "process-simple-lead", body)
  expect(response.status).toBe(200)
  const answer = (await response.json()) as { message: string; reference: string; outsideOffer?: string }
  const [lead] = await db.query<{ street_address: string; flags: Array<{ code: string; detail: string }> }>(
    `select street_address, flags from leads where submission_id = $1`,
    [body.submissionId],
  )
  const job = async (kind: string) =>
    (await db.query<Sent>(`select payload from outbox_jobs where dedupe_key = $1`, [`${body.submissionId}:${kind}`]))[0]
  return { answer, lead, customer: await job("customer_email"), notice: await job("company_email") }
}

const byKey = (key: string) => {
  const offer = CITY_OFFERS.find((o) => o.key === key)
  if (!offer) throw new Error(`no offer ${key}`)
  return offer
}
const noteIn = (language: Language, towns: string, place: string, key: string) =>
  fill(CUSTOMER_TEXTS[language].messages.responses.outsideOffer, {
    towns,
    place,
    offer: byKey(key).names[language],
    offerPrice: byKey(key).price,
  })

describe.each<Language>(["en", "es"])("a $49 booking from another town (%s)", (language) => {
  test("a Yonkers address is stored, flagged and told of the Yonkers offer", async () => {
    const body = { ...bodies.booking(), ...consentIn(language), streetAddress: "5 Elm St, Yonkers, NY 10701" }
    const { answer, lead, customer, notice } = await submit(body)
    // The town's cheapest city offer: yonkers39 ($39) over yonkers149.
    const note = noteIn(language, "Scarsdale", "Yonkers", "yonkers39")
    expect(note).toContain(byKey("yonkers39").names[language])
    expect(answer.message).toContain(note)
    // The note apart too, for the page's thank-you to show.
    expect(answer.outsideOffer).toBe(note)
    expect(lead?.street_address).toBe("5 Elm St, Yonkers, NY 10701")
    expect(lead?.flags.map((f) => f.code)).toContain("outside_offer_area")
    const flag = lead?.flags.find((f) => f.code === "outside_offer_area")
    expect(flag?.detail).toMatch(/Scarsdale/)
    expect(flag?.detail).toMatch(/Yonkers 10701/)
    expect(customer?.payload.text).toContain(note)
    // The office's notice shows the flag with the offer and the town given.
    expect(notice?.payload.text).toContain(LEAD_MESSAGES.flags.labels.outside_offer_area)
    expect(notice?.payload.text).toContain("Yonkers 10701")
  })

  test("a Scarsdale address is not flagged and its answer adds nothing", async () => {
    const body = { ...bodies.booking(), ...consentIn(language), streetAddress: "5 Popham Rd, Scarsdale, NY 10583" }
    const { answer, lead, customer } = await submit(body)
    const outside = CUSTOMER_TEXTS[language].messages.responses.outsideOffer.split("{")[0] ?? ""
    expect(outside.length).toBeGreaterThan(5)
    expect(lead?.flags.map((f) => f.code)).not.toContain("outside_offer_area")
    expect(answer.message).not.toContain(outside)
    expect(customer?.payload.text).not.toContain(outside)
  })

  test("a town with no city offer is told there is none, not of another town's offer", async () => {
    const body = { ...bodies.booking(), ...consentIn(language), streetAddress: "12 Main St, Rye, NY 10580" }
    const { answer, lead, customer } = await submit(body)
    const note = fill(CUSTOMER_TEXTS[language].messages.responses.outsideOfferNone, {
      towns: "Scarsdale",
      place: "Rye",
    })
    expect(answer.message).toContain(note)
    expect(answer.outsideOffer).toBe(note)
    expect(customer?.payload.text).toContain(note)
    for (const offer of CITY_OFFERS) expect(answer.message).not.toContain(offer.names[language])
    expect(lead?.flags.find((f) => f.code === "outside_offer_area")?.detail).toMatch(/Rye 10580; no offer/)
  })
})

describe.each<Language>(["en", "es"])("a city offer's callback (%s)", (language) => {
  test("from its own town: not flagged", async () => {
    const { answer, lead } = await submit({ ...bodies.callback(), ...consentIn(language) })
    expect(lead?.flags.map((f) => f.code)).not.toContain("outside_offer_area")
    expect(answer.message).toBe(fill(CUSTOMER_TEXTS[language].messages.responses.callback, {}))
  })

  test("from White Plains on the Yonkers offer: flagged, told of the White Plains offer", async () => {
    const body = { ...bodies.callback(), ...consentIn(language), city: "White Plains", email: "rita@example.com" }
    const { answer, lead, customer, notice } = await submit(body)
    const note = noteIn(language, "Yonkers", "White Plains", "whiteplains59")
    expect(answer.message).toContain(note)
    expect(customer?.payload.text).toContain(note)
    expect(lead?.flags.find((f) => f.code === "outside_offer_area")?.detail).toMatch(/Express Pest Fix/)
    expect(notice?.payload.text).toContain(LEAD_MESSAGES.flags.labels.outside_offer_area)
  })

  test("from Rye on the Yonkers offer: flagged, told there is no offer for Rye", async () => {
    const body = { ...bodies.callback(), ...consentIn(language), city: "Rye", email: "ryan@example.com" }
    const { answer, lead } = await submit(body)
    expect(answer.outsideOffer).toBe(
      fill(CUSTOMER_TEXTS[language].messages.responses.outsideOfferNone, { towns: "Yonkers", place: "Rye" }),
    )
    expect(lead?.flags.find((f) => f.code === "outside_offer_area")?.detail).toMatch(/given Rye; no offer/)
  })
})
