/** @jest-environment node */
/**
 * No text of ours goes to a number that texted STOP, checked when each text is sent (a STOP may come
 * between a request and its confirmation): a customer's text is settled as not sent with why, once,
 * never retried; an on-call person's alert SMS dies at once, so the office is told by another channel
 * while that person's other channels still alert them. START makes the number textable again.
 */
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import type { Db } from "../../supabase/functions/_shared/db"
import {
  alertConfig,
  alertRig,
  CONTACTS,
  handClock,
  MINUTE,
  TUESDAY_10AM,
  TWILIO_TOKEN,
  type Providers,
} from "./alert-rig"
import { type FakeTwilio } from "./fake-servers"
import { bodies, post } from "./helpers"
import { postText, TEXT_ENV, textParams, withTextProviders } from "./text-rig"

let db: Db
let twilio: FakeTwilio
let providers: Providers
withTextProviders((fresh, opened) => {
  db = fresh
  providers = opened
  twilio = opened.twilio
})

const TOM = "+19145550199"
const DANA = CONTACTS[0]?.sms ?? ""

const rig = () => {
  const clock = handClock(TUESDAY_10AM)
  const config = alertConfig(providers, TEXT_ENV)
  return { clock, ...alertRig(db, config, clock) }
}

/** A $49 booking from Tom, who ticked the SMS opt-in. */
const booking = () => ({
  ...bodies.booking(),
  consent: {
    version: LEAD_CONSENT.current,
    at: TUESDAY_10AM.toISOString(),
    sms: { version: LEAD_CONSENT.sms.current, at: TUESDAY_10AM.toISOString() },
  },
})

const jobOf = async (dedupeKey: string) =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null }>(
      `select status, attempts, last_error from outbox_jobs where dedupe_key = $1`,
      [dedupeKey],
    )
  )[0]

const textsTo = (number: string) => twilio.messages.filter((m) => m.to === number)

test("a customer who texted STOP gets no confirmation: the job is settled as not sent, with why, and not retried", async () => {
  const { app, dispatch, clock } = rig()
  expect((await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", TOM) })).status).toBe(200)
  clock.advance(MINUTE)
  const body = booking()
  expect((await post(app, "process-simple-lead", body)).status).toBe(200)
  await dispatch()
  expect(textsTo(TOM)).toEqual([])
  // The office is alerted as for any lead.
  expect(textsTo(DANA).length).toBeGreaterThan(0)
  const job = await jobOf(`${body.submissionId}:customer_sms`)
  expect(job?.status).toBe("sent")
  expect(job?.attempts).toBe(1)
  expect(job?.last_error).toBe(
    `Not sent: the number texted an opt-out word (STOP) at ${TUESDAY_10AM.toISOString()} and has not texted START since`,
  )
  clock.advance(60 * MINUTE)
  await dispatch()
  expect(textsTo(TOM)).toEqual([])
})

test("a STOP (in Spanish) between the request and its text being sent is honoured: the check is made when the text is sent", async () => {
  const { app, dispatch, clock } = rig()
  const body = booking()
  // Queued with the request, before the STOP; not sent yet.
  expect((await post(app, "process-simple-lead", body)).status).toBe(200)
  expect((await jobOf(`${body.submissionId}:customer_sms`))?.status).toBe("pending")
  await postText(app, { token: TWILIO_TOKEN, params: textParams("parar", TOM) })
  clock.advance(MINUTE)
  await dispatch()
  expect(textsTo(TOM)).toEqual([])
  expect((await jobOf(`${body.submissionId}:customer_sms`))?.last_error).toMatch(/^Not sent: the number texted/)
})

test("after START the number gets our texts again", async () => {
  const { app, dispatch, clock } = rig()
  await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", TOM) })
  clock.advance(MINUTE)
  await postText(app, { token: TWILIO_TOKEN, params: textParams("START", TOM) })
  clock.advance(MINUTE)
  expect((await post(app, "process-simple-lead", booking())).status).toBe(200)
  await dispatch()
  expect(textsTo(TOM)).toHaveLength(1)
})

test("an alert SMS queued before its on-call person texted STOP dies at once when sent: the office is told by e-mail, their chat alert still goes", async () => {
  const { app, dispatch, clock } = rig()
  expect((await post(app, "process-simple-lead", bodies.booking())).status).toBe(200)
  await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", DANA) })
  clock.advance(MINUTE)
  await dispatch()
  expect(textsTo(DANA)).toEqual([])
  const [sms] = await db.query<{ status: string; last_error: string }>(
    `select status, last_error from outbox_jobs where kind = 'alert_sms' and payload->>'to' = $1`,
    [DANA],
  )
  expect(sms?.status).toBe("dead")
  expect(sms?.last_error).toMatch(/^Alert SMS not sent: the number texted an opt-out word \(STOP\)/)
  const notices = await db.query<{ dedupe_key: string }>(
    `select dedupe_key from outbox_jobs where kind = 'company_email' and dedupe_key like 'dead:alerts:sms:%'`,
  )
  expect(notices).toHaveLength(1)
  expect(providers.chat.received.some((r) => r.body.includes("U0DANA"))).toBe(true)
})

const alertSmsTo = (number: string) =>
  db.query<{ status: string }>(`select status from outbox_jobs where kind = 'alert_sms' and payload->>'to' = $1`, [
    number,
  ])

const optOutNotices = () =>
  db.query<{ dedupe_key: string; subject: string; text: string }>(
    `select dedupe_key, payload->>'subject' as subject, payload->>'text' as text from outbox_jobs
     where kind = 'company_email' and dedupe_key like 'sms-opted-out:%'`,
  )

test("an on-call person who texted STOP is left out of SMS when the rotation is built: no alert SMS fails, their chat still alerts them, the office is e-mailed once", async () => {
  const { app, dispatch, clock } = rig()
  await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", DANA) })
  clock.advance(MINUTE)
  // Two requests an hour and more apart, each escalated past Dana and round the list again.
  for (const _ of [1, 2]) {
    expect((await post(app, "process-simple-lead", bodies.booking())).status).toBe(200)
    for (const _step of [1, 2, 3, 4]) {
      await dispatch()
      clock.advance(45 * MINUTE)
    }
  }
  await dispatch()
  expect(await alertSmsTo(DANA)).toEqual([])
  expect(textsTo(DANA)).toEqual([])
  expect(providers.chat.received.some((r) => r.body.includes("U0DANA"))).toBe(true)
  // The others are still texted.
  expect(textsTo(CONTACTS[1]?.sms ?? "").length).toBeGreaterThan(0)
  // No dead-alert notice, hour after hour: one e-mail, saying what to do.
  const deadNotices = await db.query(`select 1 from outbox_jobs where dedupe_key like 'dead:alerts:sms:%'`)
  expect(deadNotices).toHaveLength(0)
  const notices = await optOutNotices()
  expect(notices).toHaveLength(1)
  expect(notices[0]?.subject).toBe("Dana's alert texts are off: they texted STOP")
  expect(notices[0]?.text).toMatch(/until they text START/)
})

test("after an on-call person texts START, the rotation texts them again; a later STOP is told again", async () => {
  const { app, dispatch, clock } = rig()
  await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", DANA) })
  clock.advance(MINUTE)
  await post(app, "process-simple-lead", bodies.booking())
  await dispatch()
  expect(await alertSmsTo(DANA)).toEqual([])
  await postText(app, { token: TWILIO_TOKEN, params: textParams("START", DANA) })
  clock.advance(MINUTE)
  await post(app, "process-simple-lead", bodies.booking())
  await dispatch()
  expect(textsTo(DANA)).toHaveLength(1)
  await postText(app, { token: TWILIO_TOKEN, params: textParams("PARAR", DANA) })
  clock.advance(MINUTE)
  await post(app, "process-simple-lead", bodies.booking())
  await dispatch()
  expect(textsTo(DANA)).toHaveLength(1)
  expect((await optOutNotices()).map((n) => n.subject).sort()).toEqual([
    "Dana's alert texts are off: they texted PARAR",
    "Dana's alert texts are off: they texted STOP",
  ])
})
