/**
 * @jest-environment node
 *
 * The alert budget. 100 fake leads from one address once made 600 SMS and 600 chat
 * posts (3 contacts, 2 rounds); now SMS and chat messages stay within their budget per hour and day,
 * past it one summary per interval ("12 more new requests") goes to the contact whose turn it was, the
 * office is e-mailed once an hour that the budget was reached, and the summary's one "I'm on all N"
 * link acknowledges exactly the leads it lists (a preview changes nothing).
 */
import { Buffer } from "node:buffer"
import { smsSize } from "../../supabase/functions/_shared/kernel/gsm7"
import {
  CONTACTS,
  MINUTE,
  TUESDAY_10AM,
  alertConfig,
  alertRig,
  chatTextOf,
  handClock,
  linkRequest,
  smsOf,
  tokenIn,
  withAlertDb,
  type Providers,
} from "./alert-rig"
import { bodies, post } from "./helpers"

jest.setTimeout(600_000)

const { db, providers } = withAlertDb()

/** One visitor address for every lead: the flood the budget is for (the rate limit is off, so all 100 get in). */
const FLOODER = "203.0.113.66"

const OVERFLOW = /^\d+ more new request\(s\) since the (SMS|team-chat) alert limit was reached/

interface Flood {
  leads: string[]
  sms: string[]
  chat: string[]
}

/**
 * 100 leads, one every 30 s, from one address, with the worker run every minute for `hours`; escalation
 * as configured (5 minutes, 2 rounds of 3 contacts: 6 alerts a lead without a budget).
 */
async function flood(env: Record<string, string>, hours: number): Promise<Flood & { p: Providers }> {
  const p = await providers()
  const clock = handClock(TUESDAY_10AM)
  const config = alertConfig(p, { RATE_LIMIT_MAX: "0", ...env })
  const { app, dispatch } = alertRig(db, config, clock)
  const leads: string[] = []
  for (let half = 0; half <= hours * 120; half++) {
    clock.set(new Date(TUESDAY_10AM.getTime() + half * 30_000))
    if (leads.length < 100) {
      const response = await post(
        app,
        "process-contact",
        { ...bodies.contact(), name: `Fake ${leads.length}` },
        {
          "x-forwarded-for": FLOODER,
        },
      )
      expect(response.status).toBe(200)
      leads.push(((await response.json()) as { reference: string }).reference)
    }
    if (half % 2 === 0) await dispatch()
  }
  return { p, leads, sms: p.twilio.delivered().map((r) => smsOf(r).body), chat: p.chat.delivered().map(chatTextOf) }
}

const budgetNotices = () =>
  db.query<{ subject: string; text_body: string }>(
    `select subject, text_body from dev_mailbox where subject like '%alert limit reached%' order by created_at`,
  )

test("100 fake leads from one address: at most the budget's SMS and chat posts plus one summary per interval, each SMS within 3 segments", async () => {
  const hours = 2
  const { leads, sms, chat } = await flood({}, hours)
  const singleSms = sms.filter((body) => !OVERFLOW.test(body))
  const summarySms = sms.filter((body) => OVERFLOW.test(body))
  const singleChat = chat.filter((text) => !OVERFLOW.test(text.replace(/^\S+ \*/, "")))
  const summaryChat = chat.filter((text) => OVERFLOW.test(text.replace(/^\S+ \*/, "")))
  // The defaults: 30 SMS and 60 chat posts in any rolling hour; one summary per channel per 15 minutes.
  // The run spans `hours` hours end to end, which `hours + 1` rolling hours cover (a busy worker may
  // deliver a minute's jobs a minute later, moving them into the next window).
  expect(singleSms.length).toBeLessThanOrEqual(30 * (hours + 1))
  expect(singleChat.length).toBeLessThanOrEqual(60 * (hours + 1))
  expect(summarySms.length).toBeLessThanOrEqual((hours * 60) / 15 + 1)
  expect(summaryChat.length).toBeLessThanOrEqual((hours * 60) / 15 + 1)
  expect(summarySms.length).toBeGreaterThan(0)
  // Without the budget: 600 of each.
  expect(sms.length + chat.length).toBeLessThanOrEqual(90 * (hours + 1) + 2 * ((hours * 60) / 15 + 1))
  for (const body of sms) {
    expect(smsSize(body)).toMatchObject({ encoding: "GSM-7" })
    expect(smsSize(body).segments).toBeLessThanOrEqual(3)
  }
  // The office knows: once per channel and hour.
  const notices = await budgetNotices()
  expect(notices.filter((n) => n.subject.startsWith("SMS")).length).toBeGreaterThanOrEqual(1)
  expect(notices.filter((n) => n.subject.startsWith("SMS")).length).toBeLessThanOrEqual(hours + 1)
  expect(notices[0]?.text_body).toContain("ALERT_SMS_PER_HOUR")
  // Every lead still reached the office: e-mail alerts are not budgeted.
  const unalerted = await db.query(`select id from contact_messages where first_alerted_at is null`)
  expect(unalerted).toEqual([])
  expect(leads).toHaveLength(100)
  console.log(
    `100 fake leads over ${hours} h: ${singleSms.length} SMS + ${summarySms.length} SMS summaries, ${singleChat.length} chat posts + ${summaryChat.length} chat summaries (600 + 600 without a budget); longest SMS ${Math.max(...sms.map((b) => b.length))} characters`,
  )
})

test("the day's budget holds across hours: with 10 SMS an hour and 15 a day, 15 SMS in 3 hours, then summaries only", async () => {
  const { sms } = await flood(
    { ALERT_SMS_PER_HOUR: "10", ALERT_SMS_PER_DAY: "15", ALERT_CHAT_PER_HOUR: "0", ALERT_CHAT_PER_DAY: "0" },
    3,
  )
  expect(sms.filter((body) => !OVERFLOW.test(body))).toHaveLength(15)
  expect(sms.filter((body) => OVERFLOW.test(body)).length).toBeLessThanOrEqual((3 * 60) / 15 + 1)
  const notices = await budgetNotices()
  expect(notices.map((n) => n.subject.split(":")[0])).toEqual(expect.arrayContaining(["SMS alert limit reached"]))
  expect(notices.some((n) => n.text_body.includes("the last 24 hours"))).toBe(true)
})

/** The batch a summary's "I'm on all N" token names (the token's body is base64url JSON). */
const batchOf = (token: string) => {
  const [, body] = token.split(".")
  const [, record, id] = JSON.parse(Buffer.from(body ?? "", "base64url").toString("utf8")) as string[]
  expect(record).toBe("batch")
  return id ?? ""
}

test("a summary's \"I'm on all N\" link: the preview lists exactly its leads and changes nothing; confirming acknowledges exactly them", async () => {
  const { p, sms } = await flood({ ALERT_SMS_PER_HOUR: "3" }, 1)
  const summary = sms.find((body) => OVERFLOW.test(body))
  if (!summary) throw new Error("no summary was sent")
  const count = Number(/^(\d+) more/.exec(summary)?.[1])
  expect(summary.split("\n").at(-1)).toMatch(
    new RegExp(`^I'm on all ${count}: https://office.example/office/acknowledge/#t=`),
  )
  const token = tokenIn(summary)
  const [batch] = await db.query<{ targets: Array<{ id: string }> }>(
    `select targets from alert_batches where id = $1`,
    [batchOf(token)],
  )
  const listed = new Set(batch?.targets.map((t) => t.id))
  expect(listed.size).toBe(count)
  const acknowledged = () =>
    db.query<{ id: string; acknowledged_by: string }>(
      `select id, acknowledged_by from contact_messages where acknowledged_at is not null order by id`,
    )
  const clock = handClock(new Date(TUESDAY_10AM.getTime() + 2 * 60 * MINUTE))
  const { app } = alertRig(db, alertConfig(p), clock)

  const preview = await linkRequest(app, "acknowledge-lead", token, false)
  expect(preview.status).toBe(200)
  const previewed = (await preview.json()) as {
    state: string
    to: string
    batch: { count: number; leads: Array<{ id: string; reference: string }> }
  }
  expect(previewed).toMatchObject({
    state: "ready",
    to: CONTACTS[0]?.name,
    batch: { count, waiting: count, acknowledged: 0 },
  })
  expect(new Set(previewed.batch.leads.map((l) => l.id))).toEqual(listed)
  expect(await acknowledged()).toEqual([])

  const confirmed = await linkRequest(app, "acknowledge-lead", token, true)
  expect(await confirmed.json()).toMatchObject({ state: "acknowledged", batch: { acknowledged: count, waiting: 0 } })
  const taken = await acknowledged()
  expect(new Set(taken.map((row) => row.id))).toEqual(listed)
  expect(new Set(taken.map((row) => row.acknowledged_by))).toEqual(new Set([CONTACTS[0]?.name]))

  // Again: nothing changes, the first acknowledgement stands.
  const again = await linkRequest(app, "acknowledge-lead", token, true)
  expect(await again.json()).toMatchObject({ state: "already_acknowledged", batch: { acknowledged: 0 } })
  expect(await acknowledged()).toEqual(taken)

  // Changed, it is refused; late, it has expired; either way nothing changes.
  const tampered = `${token.slice(0, 12)}${token[12] === "A" ? "B" : "A"}${token.slice(13)}`
  expect((await linkRequest(app, "acknowledge-lead", tampered, true)).status).toBe(400)
  clock.advance(73 * 60 * MINUTE)
  expect((await linkRequest(app, "acknowledge-lead", token, true)).status).toBe(410)
  expect(await acknowledged()).toEqual(taken)
})
