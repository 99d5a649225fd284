/** @jest-environment node */
/**
 * Delivery we can trust: every text we send names the sms-status webhook as its StatusCallback, and its
 * Message SID is kept with its job; the webhook is signed (403 otherwise), keeps each message's latest
 * state in order whatever the retries and the order Twilio posts them in, forgets SIDs we never sent,
 * and a text that ends undelivered or failed counts as not delivered: its job dies as a failed send's
 * does, and the office is told by the same notice.
 */
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import type { Db } from "../../supabase/functions/_shared/db"
import {
  alertConfig,
  alertRig,
  CONTACTS,
  handClock,
  smsOf,
  TUESDAY_10AM,
  TWILIO_TOKEN,
  type Providers,
} from "./alert-rig"
import { type FakeTwilio } from "./fake-servers"
import { bodies, post } from "./helpers"
import { messageSid, postText, TEXT_ENV, WEBHOOK_BASE, withTextProviders } from "./text-rig"

let db: Db
let twilio: FakeTwilio
let providers: Providers
withTextProviders((fresh, opened) => {
  db = fresh
  providers = opened
  twilio = opened.twilio
})

const STATUS_URL = `${WEBHOOK_BASE}/sms-status`
const DANA = CONTACTS[0]?.sms ?? ""
const TOM = "+19145550199"

const rig = () => {
  const clock = handClock(TUESDAY_10AM)
  return { clock, ...alertRig(db, alertConfig(providers, TEXT_ENV), clock) }
}

/** Twilio's status callback of `sid`, signed as Twilio signs it. */
const postStatus = (
  app: ReturnType<typeof rig>["app"],
  sid: string,
  status: string,
  extra: Readonly<Record<string, string | null>> = {},
  signature?: string | null,
) =>
  postText(app, {
    token: TWILIO_TOKEN,
    signedUrl: STATUS_URL,
    params: { MessageSid: sid, MessageStatus: status, AccountSid: `AC${"0".repeat(32)}`, To: DANA, ...extra },
    signature,
  })

const sentTexts = () =>
  db.query<{ message_sid: string; job_id: string | null; kind: string; status: string; error_code: string | null }>(
    `select message_sid, job_id, kind, status, error_code from sent_texts order by sent_at, message_sid`,
  )

const alertSms = async (to: string) =>
  (
    await db.query<{ id: string; status: string; last_error: string | null }>(
      `select id, status, last_error from outbox_jobs where kind = 'alert_sms' and payload->>'to' = $1`,
      [to],
    )
  )[0]

/** A lead whose first alert (Dana's SMS among it) has gone out; the SID Twilio gave Dana's SMS. */
async function alerted(r: ReturnType<typeof rig>) {
  expect((await post(r.app, "process-simple-lead", bodies.booking())).status).toBe(200)
  await r.dispatch()
  const job = await alertSms(DANA)
  const sid = (await sentTexts()).find((t) => t.job_id === job?.id)?.message_sid
  if (!job || !sid) throw new Error("Dana's alert SMS was not sent")
  return { job, sid }
}

const GIL = "+19145550104"

/** Whether each lead counts as alerted (first_alerted_at). */
const alertedLeads = async () =>
  (await db.query<{ alerted: boolean }>(`select first_alerted_at is not null as alerted from leads`)).map(
    (l) => l.alerted,
  )

const deadNotices = () =>
  db.query<{ kind: string; text: string | null }>(
    `select kind, payload->>'text' as text from outbox_jobs where dedupe_key like 'dead:%' order by created_at`,
  )

describe("sending", () => {
  test("every SMS names the sms-status webhook as its StatusCallback and its SID is kept with its job", async () => {
    const r = rig()
    const { job, sid } = await alerted(r)
    const posts = twilio.delivered().filter((p) => p.method === "POST")
    expect(posts.length).toBeGreaterThan(0)
    for (const p of posts) expect(new URLSearchParams(p.body).get("StatusCallback")).toBe(STATUS_URL)
    expect(twilio.messages.map((m) => m.sid)).toContain(sid)
    expect((await sentTexts()).find((t) => t.message_sid === sid)).toMatchObject({
      job_id: job.id,
      kind: "alert_sms",
      status: "queued",
    })
    expect(posts.map((p) => smsOf(p).to)).toContain(DANA)
  })
})

describe("the webhook", () => {
  test("a status without a valid signature is refused with 403 and nothing is kept", async () => {
    const r = rig()
    const { sid } = await alerted(r)
    for (const signature of [null, "AAAAAAAAAAAAAAAAAAAAAAAAAAA="]) {
      expect((await postStatus(r.app, sid, "undelivered", { ErrorCode: "30007" }, signature)).status).toBe(403)
    }
    expect((await sentTexts()).find((t) => t.message_sid === sid)?.status).toBe("queued")
    expect((await alertSms(DANA))?.status).toBe("sent")
  })

  test("a SID we never sent is answered 200 and nothing is stored; a post that is no status is a 400", async () => {
    const r = rig()
    const before = await sentTexts()
    expect((await postStatus(r.app, messageSid(), "delivered")).status).toBe(200)
    expect(await sentTexts()).toEqual(before)
    expect((await postStatus(r.app, "not-a-sid", "delivered")).status).toBe(400)
    expect((await postStatus(r.app, messageSid(), "exploded")).status).toBe(400)
    expect((await postStatus(r.app, messageSid(), "delivered", { MessageStatus: null })).status).toBe(400)
  })

  test("states are kept in order: a late 'sent' or a retried post never overwrites a final state", async () => {
    const r = rig()
    const { sid } = await alerted(r)
    for (const status of ["sent", "delivered", "sent", "queued", "delivered", "undelivered"])
      expect((await postStatus(r.app, sid, status)).status).toBe(200)
    expect((await sentTexts()).find((t) => t.message_sid === sid)?.status).toBe("delivered")
    expect((await alertSms(DANA))?.status).toBe("sent")
    expect(await deadNotices()).toEqual([])
  })
})

describe("a text that never arrived", () => {
  test("an alert SMS that ends undelivered dies as a failed send: the office's notice names Twilio's error code, once", async () => {
    const r = rig()
    const { sid } = await alerted(r)
    expect((await postStatus(r.app, sid, "sent")).status).toBe(200)
    expect((await postStatus(r.app, sid, "undelivered", { ErrorCode: "30007" })).status).toBe(200)
    // Twilio retries; a second final state comes late.
    expect((await postStatus(r.app, sid, "undelivered", { ErrorCode: "30007" })).status).toBe(200)
    expect((await postStatus(r.app, sid, "failed", { ErrorCode: "30034" })).status).toBe(200)
    expect((await sentTexts()).find((t) => t.message_sid === sid)).toMatchObject({
      status: "undelivered",
      error_code: "30007",
    })
    const job = await alertSms(DANA)
    expect(job?.status).toBe("dead")
    expect(job?.last_error).toBe("Twilio reported the text undelivered (error 30007): it did not reach the phone")
    const notices = await deadNotices()
    expect(notices).toHaveLength(1)
    // Not by SMS: the channel that failed.
    expect(notices[0]?.kind).not.toBe("alert_sms")
    // Dana's chat alert got through: the lead stays alerted.
    expect(await alertedLeads()).toEqual([true])
  })

  test("a lead its failed SMS alone had alerted counts as not alerted again, as after a send that failed", async () => {
    const clock = handClock(TUESDAY_10AM)
    const r = alertRig(
      db,
      alertConfig(providers, { ...TEXT_ENV, ALERT_CONTACTS: JSON.stringify([{ name: "Gil", sms: GIL }]) }),
      clock,
    )
    expect((await post(r.app, "process-simple-lead", bodies.booking())).status).toBe(200)
    await r.dispatch()
    expect(await alertedLeads()).toEqual([true])
    const job = await alertSms(GIL)
    const sid = (await sentTexts()).find((t) => t.job_id === job?.id)?.message_sid ?? ""
    // While the office's notice and the team chat's alert count as delivered, the lead stays alerted.
    expect((await postStatus(r.app, sid, "sent", { To: GIL })).status).toBe(200)
    const others = await db.query<{ kind: string }>(
      `select kind from outbox_jobs where status = 'sent' and payload ? 'targets' and kind <> 'alert_sms' order by kind`,
    )
    expect(others.map((o) => o.kind)).toEqual(["alert_chat", "company_email"])
    // Those failed (their providers went down): the SMS was the lead's only alert.
    await db.query(`update outbox_jobs set status = 'dead' where kind in ('alert_chat', 'company_email')`)
    expect((await postStatus(r.app, sid, "failed", { ErrorCode: "30034", To: GIL })).status).toBe(200)
    expect(await alertedLeads()).toEqual([false])
  })

  test("a customer's text that fails is flagged to the office by the notice of its request", async () => {
    const r = rig()
    const body = {
      ...bodies.booking(),
      consent: {
        version: LEAD_CONSENT.current,
        at: TUESDAY_10AM.toISOString(),
        sms: { version: LEAD_CONSENT.sms.current, at: TUESDAY_10AM.toISOString() },
      },
    }
    expect((await post(r.app, "process-simple-lead", body)).status).toBe(200)
    await r.dispatch()
    const [job] = await db.query<{ id: string; lead_id: string | null }>(
      `select id, lead_id from outbox_jobs where dedupe_key = $1`,
      [`${body.submissionId}:customer_sms`],
    )
    const sid = (await sentTexts()).find((t) => t.job_id === job?.id)?.message_sid
    expect(sid).toBeDefined()
    expect(twilio.messages.some((m) => m.sid === sid && m.to === TOM)).toBe(true)
    expect((await postStatus(r.app, sid ?? "", "failed", { ErrorCode: "21610", To: TOM })).status).toBe(200)
    const [dead] = await db.query<{ status: string; last_error: string }>(
      `select status, last_error from outbox_jobs where id = $1`,
      [job?.id ?? ""],
    )
    expect(dead).toEqual({
      status: "dead",
      last_error: "Twilio reported the text failed (error 21610): it did not reach the phone",
    })
    const notices = await db.query<{ kind: string; text: string }>(
      `select kind, payload->>'text' as text from outbox_jobs where dedupe_key = $1`,
      [`dead:${job?.id ?? ""}`],
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]?.kind).toBe("company_email")
    expect(notices[0]?.text).toContain("21610")
  })
})
