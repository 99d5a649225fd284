/** @jest-environment node */
/**
 * The visitors' confirmations (SMS and e-mail) under their own budget (spam/customer-budget.ts): per
 * number or e-mail address, per client address and its wider networks, and per hour in all. Past it the
 * visitor is not texted or e-mailed, the request is still stored and the office's notice queued, and
 * the notice's "Check this lead" block says which message was held and why. A wizard's later call does
 * not count a message already queued, nor queue one held. Prints the flood figure: customer texts and
 * e-mails queued from one address and from one IPv6 /48, the budget off (as before) and on.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import { CUSTOMER_BUDGET_DEFAULTS } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { LEAD_CONSENT, LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { TUESDAY_10AM } from "./alert-rig"
import { bodies, freshDb, NO_CUSTOMER_BUDGET, post, testConfig } from "./helpers"
import type { PGlite } from "@electric-sql/pglite"

jest.setTimeout(240_000)

let pg: PGlite
let db: Db
beforeEach(async () => {
  ;({ pg, db } = await freshDb())
})
afterEach(() => pg.close())

const AGREED_AT = TUESDAY_10AM.toISOString()
const WITH_SMS = {
  consent: { version: LEAD_CONSENT.current, at: AGREED_AT, sms: { version: LEAD_CONSENT.sms.current, at: AGREED_AT } },
}
/** No rate limit in the way: these tests count what the budget lets through. */
const NO_RATE_LIMIT = { RATE_LIMIT_MAX: "0" }
/** The budget a deployment with Twilio and Resend set gets (the local stand-ins here cost nothing, so have none). */
const { sms: SMS, email: EMAIL } = CUSTOMER_BUDGET_DEFAULTS
const PAID = {
  CUSTOMER_SMS_PER_NUMBER: String(SMS.perRecipient),
  CUSTOMER_SMS_PER_ADDRESS: String(SMS.perAddress),
  CUSTOMER_SMS_PER_HOUR: String(SMS.overall),
  CUSTOMER_EMAIL_PER_RECIPIENT: String(EMAIL.perRecipient),
  CUSTOMER_EMAIL_PER_ADDRESS: String(EMAIL.perAddress),
  CUSTOMER_EMAIL_PER_HOUR: String(EMAIL.overall),
}
const BUDGET_OFF = NO_CUSTOMER_BUDGET

const appAt = (env: Record<string, string> = {}, at = TUESDAY_10AM) =>
  createApp({ db, config: testConfig({ ...NO_RATE_LIMIT, ...PAID, ...env }), clock: () => at })

let sent = 0
/** A $49 booking with the SMS opt-in, to a number and an address of its own unless told. */
const booking = (extra: object = {}) => {
  sent++
  return {
    ...bodies.booking(),
    ...WITH_SMS,
    phone: `914555${String(1000 + (sent % 9000)).padStart(4, "0")}`,
    email: `visitor${sent}@example.com`,
    ...extra,
  }
}

const jobCounts = async () => {
  const rows = await db.query<{ kind: string; n: number }>(
    // The office's notices of the leads (the alert budget's "budget reached" e-mails are the office's too, not counted).
    `select kind, count(*)::int as n from outbox_jobs
     where kind in ('customer_sms', 'customer_email', 'company_email') and dedupe_key not like 'budget:%' group by kind`,
  )
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.n ?? 0
  return { sms: of("customer_sms"), email: of("customer_email"), notices: of("company_email") }
}
const leadCount = async () => (await db.query<{ n: number }>(`select count(*)::int as n from leads`))[0]?.n

async function sendAll(app: ReturnType<typeof appAt>, count: number, ip: (i: number) => string, extra = () => ({})) {
  for (let i = 0; i < count; i++) {
    const response = await post(app, "process-simple-lead", booking(extra()), { "x-forwarded-for": ip(i) })
    expect(response.status).toBe(200)
  }
}

test("one address: 3 texts and 5 e-mails an hour; every request stored and noticed; the notice says what was held and why", async () => {
  const app = appAt()
  await sendAll(app, 8, () => "203.0.113.70")
  expect(await leadCount()).toBe(8)
  expect(await jobCounts()).toEqual({ sms: 3, email: 5, notices: 8 })
  const [last] = await db.query<{ flags: Array<{ code: string; detail: string }>; id: string }>(
    `select id, flags from leads order by created_at desc, id limit 1`,
  )
  const held = (
    await db.query<{ flags: Array<{ code: string; detail: string }> }>(
      `select flags from leads where flags @> '[{"code":"customer_message_held"}]'::jsonb`,
    )
  ).map((r) => r.flags.map((f) => f.detail))
  expect(held).toHaveLength(5)
  expect(held.flat()).toEqual(
    expect.arrayContaining([
      "customer_sms: past the budget per address and hour",
      "customer_email: past the budget per address and hour",
    ]),
  )
  expect(last).toBeDefined()
  const notices = await db.query<{ payload: { text: string } }>(
    `select payload from outbox_jobs where kind = 'company_email' and payload->>'text' like '%' || $1 || '%'`,
    [LEAD_MESSAGES.flags.labels.customer_message_held],
  )
  expect(notices).toHaveLength(5)
  expect(notices[0]?.payload.text).toContain("customer_sms: past the budget per address and hour")
})

test("one number from many addresses: 3 texts an hour to it; one e-mail address likewise", async () => {
  const app = appAt()
  await sendAll(
    app,
    6,
    (i) => `198.51.100.${i + 1}`,
    () => ({ phone: "9145550142", email: "same@example.com" }),
  )
  expect(await jobCounts()).toEqual({ sms: 3, email: 3, notices: 6 })
})

test("the hour's total binds whoever sends; the next hour starts afresh", async () => {
  const env = { CUSTOMER_SMS_PER_HOUR: "4", CUSTOMER_EMAIL_PER_HOUR: "6" }
  await sendAll(appAt(env), 10, (i) => `192.0.2.${i + 1}`)
  expect(await jobCounts()).toEqual({ sms: 4, email: 6, notices: 10 })
  const nextHour = new Date(TUESDAY_10AM.getTime() + 3_600_000)
  await sendAll(appAt(env, nextHour), 1, () => "192.0.2.200")
  expect(await jobCounts()).toEqual({ sms: 5, email: 7, notices: 11 })
})

test("a wizard's later calls neither count the text already queued nor queue one held back", async () => {
  const app = appAt({ CUSTOMER_SMS_PER_ADDRESS: "1" })
  const wizard = async (ip: string) => {
    const lead = { ...bodies.estimateLead(), ...WITH_SMS, phone: `914555${String(2000 + ++sent).slice(-4)}` }
    const { source: _source, ...fields } = lead
    const request = { ...fields, accountId: "WEB-123456" }
    for (const [name, body] of [
      ["process-simple-lead", lead],
      ["process-estimate", request],
      ["send-estimate-confirmation", request],
    ] as const)
      expect((await post(app, name, body, { "x-forwarded-for": ip })).status).toBe(200)
  }
  await wizard("203.0.113.71")
  expect((await jobCounts()).sms).toBe(1)
  await wizard("203.0.113.71")
  // The second submission's text was held at its first call, and stays held at its later ones.
  expect((await jobCounts()).sms).toBe(1)
  const flags = await db.query<{ n: number }>(
    `select count(*)::int as n from leads where flags @> '[{"code":"customer_message_held"}]'::jsonb`,
  )
  expect(flags).toEqual([{ n: 1 }])
})

test("the estimate's answer promises its e-mail only when it is queued: held back by the budget, it says it was not sent", async () => {
  const app = appAt({ CUSTOMER_EMAIL_PER_ADDRESS: "1" })
  const confirm = async (ip: string) => {
    const { source: _source, ...fields } = { ...bodies.estimateLead(), email: `wizard${++sent}@example.com` }
    const request = { ...fields, accountId: "WEB-123456" }
    const response = await post(app, "send-estimate-confirmation", request, { "x-forwarded-for": ip })
    expect(response.status).toBe(200)
    const { message } = (await response.json()) as { message: string }
    return { message, email: request.email }
  }
  const responses = LEAD_MESSAGES.responses
  const first = await confirm("203.0.113.81")
  expect(first.message).toBe(responses.estimateConfirmation.replace("{email}", first.email))
  const second = await confirm("203.0.113.81")
  expect(second.message).toBe(responses.estimateNotEmailed.replace("{email}", second.email))
  expect((await jobCounts()).email).toBe(1)
})

test("the flood figure: customer texts and e-mails queued from one address and from one IPv6 /48, before and after", async () => {
  // An hour of one address at the rate limit's pace (RATE_LIMIT_MAX 20 per 10 minutes: 120 requests).
  const perAddress = async (env: Record<string, string>) => {
    await db.query(`delete from outbox_jobs`)
    await db.query(`delete from customer_message_counts`)
    await sendAll(appAt(env), 120, () => "203.0.113.99")
    return jobCounts()
  }
  const addressBefore = await perAddress(BUDGET_OFF)
  const addressAfter = await perAddress({})
  // One /48: 64 /64s in 32 /56s, 3 requests each (192 requests; the rate limit lets a /48 send 1,920 an hour).
  const perNetwork = async (env: Record<string, string>, net: string) => {
    await db.query(`delete from outbox_jobs`)
    await db.query(`delete from customer_message_counts`)
    await sendAll(
      appAt(env),
      192,
      (i) =>
        `2001:db8:${net}:${Math.floor(i / 6).toString(16)}0${(Math.floor(i / 3) % 2).toString(16)}::${(i % 3) + 1}`,
    )
    return jobCounts()
  }
  const networkBefore = await perNetwork(BUDGET_OFF, "a1")
  const networkAfter = await perNetwork({}, "a2")
  console.log(
    [
      "Customer messages queued in one hour:",
      `  one address, 120 requests (the rate limit's hour): before ${addressBefore.sms} texts and ${addressBefore.email} e-mails; after ${addressAfter.sms} texts and ${addressAfter.email} e-mails`,
      `  one IPv6 /48, 192 requests from 64 /64s: before ${networkBefore.sms} texts and ${networkBefore.email} e-mails (1,920 of each at the rate limit's 1,920 an hour); after ${networkAfter.sms} texts and ${networkAfter.email} e-mails`,
    ].join("\n"),
  )
  expect(addressBefore).toEqual({ sms: 120, email: 120, notices: 120 })
  expect(addressAfter).toEqual({ sms: 3, email: 5, notices: 120 })
  expect(networkBefore).toEqual({ sms: 192, email: 192, notices: 192 })
  // The /48's 4 × an address's; the /56s' 2 × do not bind first here (each /56 holds two /64s of 3 requests).
  expect(networkAfter).toEqual({ sms: 12, email: 20, notices: 192 })
})
