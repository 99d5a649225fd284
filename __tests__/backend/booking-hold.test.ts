/** @jest-environment node */
/**
 * The $49 booking says "booked" only when it is: a picked arrival window is held at once, in the
 * transaction that stores the lead (one of the window's visits taken); a window just taken still stores
 * the lead and says so; with no window the texts say the price is reserved and the time chosen on the
 * call, in English and in Spanish. The office confirms the hold in one tap, moves it or releases it (its
 * visit given back), and the visitor is told once.
 */
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { windowLabel } from "../../supabase/functions/_shared/appointments/window-label"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows, type ArrivalWindow } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import { CUSTOMER_TEXTS, LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import { confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { TUESDAY_10AM } from "./alert-rig"
import { bodies, post, storedIdOf, testConfig, withFreshDb } from "./helpers"

const config = testConfig()
let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const AGREED_AT = "2026-03-03T14:59:00.000Z"
const consentIn = (language: Language) => ({
  language,
  consent: {
    version: consentVersionId(LEAD_CONSENT.current, language),
    at: AGREED_AT,
    sms: { version: consentVersionId(LEAD_CONSENT.sms.current, language), at: AGREED_AT },
  },
})

interface Answer {
  message: string
  reference: string
  booking: { state: string; window?: string }
}

/** A $49 booking naming these windows; its answer and its lead's id. */
async function book(
  windows: readonly ArrivalWindow[],
  language: Language = "en",
  fields: Record<string, unknown> = {},
) {
  const app = createApp({ db, config, clock: () => TUESDAY_10AM })
  const response = await post(app, "process-simple-lead", {
    ...bodies.booking(),
    ...consentIn(language),
    ...fields,
    ...(windows.length > 0 ? { preferredWindows: windows.map((w) => w.id) } : {}),
  })
  expect(response.status).toBe(200)
  const answer = (await response.json()) as Answer
  return { answer, leadId: await storedIdOf(db, answer.reference) }
}

/** The visitor's e-mail subject and text, and their SMS, as queued with the lead. */
async function visitorMessages(leadId: string) {
  const jobs = await db.query<{ kind: string; payload: { subject?: string; text?: string; body?: string } }>(
    `select kind, payload from outbox_jobs where lead_id = $1 and kind in ('customer_email', 'customer_sms')
       and dedupe_key not like 'appointment:%' and dedupe_key not like 'hold-release:%'`,
    [leadId],
  )
  const email = jobs.find((j) => j.kind === "customer_email")?.payload
  const sms = jobs.find((j) => j.kind === "customer_sms")?.payload
  return { subject: email?.subject ?? "", text: email?.text ?? "", sms: sms?.body ?? "" }
}

const booked = async (window: ArrivalWindow) =>
  (await db.query<{ booked: number }>(`select booked from window_bookings where window_id = $1`, [window.id]))[0]
    ?.booked ?? 0

const holds = () => db.query<{ lead_id: string; window_id: string }>(`select lead_id, window_id from window_holds`)

const [FIRST, SECOND] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
if (!FIRST || !SECOND) throw new Error("windows expected on Tuesday morning")

const EN = CUSTOMER_TEXTS.en.messages
const ES = CUSTOMER_TEXTS.es.messages

test("a picked window is held with the lead, and every text says booked for that window", async () => {
  const { answer, leadId } = await book([FIRST, SECOND])
  expect(await holds()).toEqual([{ lead_id: leadId, window_id: FIRST.id }])
  expect(await booked(FIRST)).toBe(1)
  expect(await booked(SECOND)).toBe(0)
  const label = windowLabel(FIRST)
  expect(answer.booking).toEqual({ state: "held", window: FIRST.id })
  expect(answer.message).toBe(fill(EN.responses.booking, { window: label }))
  const { subject, text, sms } = await visitorMessages(leadId)
  expect(subject).toBe(fill(EN.customerEmail.bookingSubject, { window: label }))
  expect(text).toContain(`We're holding ${label} for you.`)
  expect(sms).toContain(`is booked for ${label}`)
})

test("a window just taken: the lead is stored, and nothing says booked; the office calls to choose a time", async () => {
  // The window's visits all held by earlier bookings.
  for (let i = 0; i < FIRST.visits; i++) await book([FIRST])
  const { answer, leadId } = await book([FIRST])
  expect(await booked(FIRST)).toBe(FIRST.visits)
  expect((await holds()).some((h) => h.lead_id === leadId)).toBe(false)
  expect(answer.booking).toEqual({ state: "taken" })
  expect(answer.message).toBe(EN.responses.bookingTaken)
  expect(answer.message).toMatch(/just taken/)
  const { subject, text, sms } = await visitorMessages(leadId)
  expect(subject).toBe(EN.customerEmail.bookingCallSubject)
  expect(text).toContain(EN.customerEmail.bookingTakenNote)
  for (const said of [answer.message, subject, text, sms]) expect(said).not.toMatch(/(has been|is) booked/i)
})

test.each(["en", "es"] as const)(
  "no window (%s): the price is reserved and the time chosen on the call, on every text",
  async (language) => {
    const texts = language === "en" ? EN : ES
    const { answer, leadId } = await book([], language)
    expect(answer.booking).toEqual({ state: "call" })
    expect(answer.message).toBe(texts.responses.bookingCall)
    const { subject, text, sms } = await visitorMessages(leadId)
    expect(subject).toBe(texts.customerEmail.bookingCallSubject)
    expect(text).toContain(texts.customerEmail.bookingCallNextSteps[0] ?? "")
    const reserved = language === "en" ? /price is reserved/ : /reservamos el precio|queda reservado/
    for (const said of [answer.message, subject, sms]) expect(said).toMatch(reserved)
    for (const said of [answer.message, subject, text, sms])
      expect(said).not.toMatch(language === "en" ? /(has been|is) booked/i : /visita de \$49 quedó reservada/)
    expect(await holds()).toEqual([])
  },
)

describe("the office's link of a held window (confirm-window)", () => {
  const call = (token: string, body: object) =>
    createApp({ db, config, clock: () => TUESDAY_10AM }).request("/functions/v1/confirm-window", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, ...body }),
    })
  const tokenOf = (url: string) => url.slice(url.indexOf("#t=") + 3)
  const linkFor = (leadId: string, window: ArrivalWindow) =>
    tokenOf(confirmUrl(config.alerts, leadId, window.id, "Office", TUESDAY_10AM))
  const jobsKeyed = (leadId: string, prefix: string) =>
    db.query<{ kind: string; payload: { subject?: string; body?: string } }>(
      `select kind, payload from outbox_jobs where lead_id = $1 and dedupe_key like $2 order by kind`,
      [leadId, `${prefix}:%`],
    )

  test("confirm: the held visit becomes the appointment (no second visit taken), the visitor told once", async () => {
    const { leadId } = await book([FIRST], "es")
    const token = linkFor(leadId, FIRST)
    expect(await (await call(token, { confirm: false })).json()).toMatchObject({ state: "ready", held: true })
    expect(await (await call(token, { confirm: true })).json()).toMatchObject({ state: "confirmed" })
    expect(await (await call(token, { confirm: true })).json()).toMatchObject({ state: "already_confirmed" })
    expect(await booked(FIRST)).toBe(1)
    expect(await holds()).toEqual([])
    const told = await jobsKeyed(leadId, "appointment")
    expect(told.map((j) => j.kind)).toEqual(["crm_forward", "customer_email", "customer_sms"])
    expect(told.find((j) => j.kind === "customer_email")?.payload.subject).toBe(
      fill(ES.appointments.emailSubject, { window: windowLabel(FIRST, "es") }),
    )
  })

  test("move: confirming another window takes its visit and gives the held one back", async () => {
    const { leadId } = await book([FIRST, SECOND])
    expect(await (await call(linkFor(leadId, SECOND), { confirm: true })).json()).toMatchObject({
      state: "confirmed",
      appointment: { windowId: SECOND.id },
    })
    expect(await booked(FIRST)).toBe(0)
    expect(await booked(SECOND)).toBe(1)
    expect(await holds()).toEqual([])
  })

  test("release: the window's visit is given back, another visitor can have it, the visitor is told once", async () => {
    for (let i = 0; i < FIRST.visits - 1; i++) await book([FIRST])
    const { leadId } = await book([FIRST])
    expect(await booked(FIRST)).toBe(FIRST.visits)
    const token = linkFor(leadId, FIRST)
    // Another window's link releases nothing.
    expect(await (await call(linkFor(leadId, SECOND), { confirm: true, release: true })).json()).toMatchObject({
      state: "not_held",
    })
    expect(await (await call(token, { confirm: true, release: true })).json()).toMatchObject({
      state: "released",
      notified: true,
    })
    expect(await (await call(token, { confirm: true, release: true })).json()).toMatchObject({ state: "not_held" })
    expect(await booked(FIRST)).toBe(FIRST.visits - 1)
    expect((await holds()).some((h) => h.lead_id === leadId)).toBe(false)
    const told = await jobsKeyed(leadId, "hold-release")
    expect(told.map((j) => j.kind)).toEqual(["customer_email", "customer_sms"])
    const label = windowLabel(FIRST)
    expect(told[0]?.payload.subject).toBe(fill(EN.appointments.releasedSubject, { window: label }))
    expect(told[1]?.payload.body).toContain(`we can no longer hold ${label}`)
    // The visit given back is held for the next booking.
    const next = await book([FIRST])
    expect(next.answer.booking).toEqual({ state: "held", window: FIRST.id })
  })

  test("release of a visitor no message can reach: the answer says so, nothing is queued", async () => {
    // An address the e-mail API cannot take, and no text opt-in.
    const { leadId } = await book([FIRST], "en", {
      email: "josé@ejemplo.mx",
      consent: { version: consentVersionId(LEAD_CONSENT.current, "en"), at: AGREED_AT },
    })
    expect(await (await call(linkFor(leadId, FIRST), { confirm: true, release: true })).json()).toMatchObject({
      state: "released",
      notified: false,
    })
    expect(await jobsKeyed(leadId, "hold-release")).toEqual([])
  })
})
