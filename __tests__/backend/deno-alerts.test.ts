/**
 * @jest-environment node
 *
 * Office alerts under Deno, as deployed: a lead stored by process-contact, its SMS and chat alert
 * delivered by dispatch-outbox to fake Twilio and chat servers, and acknowledge-lead refusing a
 * tampered link and taking the real one. The functions read the real clock, so the one contact
 * takes alerts after hours too: the alert goes at once whatever time the test runs.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { smsSize } from "../../supabase/functions/_shared/kernel/gsm7"
import { CONTACTS, TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN, chatTextOf, smsOf, tokenIn } from "./alert-rig"
import { AFTER_HANG_UP, HANG_UP_TIMEOUT_MS, fakeServer, fakeTwilio, type FakeServer } from "./fake-servers"
import { bodies, freshDb, postJson } from "./helpers"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"

jest.setTimeout(180_000)

let pg: PGlite
let wire: WireServer
let databaseUrl: string
let twilio: FakeServer
let chat: FakeServer

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  // Twilio fails twice first: the retries under Deno must deliver once.
  twilio = await fakeServer([500, 503, 200])
  chat = await fakeServer([200])
})
const extra: FakeServer[] = []
afterAll(async () => {
  stopDenoFunctions()
  await Promise.all([twilio.close(), chat.close(), ...extra.map((server) => server.close())])
  await wire.stop()
  await pg.close()
})

const env = () => ({
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: twilio.url,
  ALERT_CHAT_WEBHOOK_URL: `${chat.url}/services/T000/B000/hook`,
  ALERT_CONTACTS: JSON.stringify([{ ...CONTACTS[0], afterHours: true }]),
  OUTBOX_BACKOFF_BASE_MS: "0",
})

test("a lead stored under Deno gets its SMS and chat alert, once, through Twilio failing twice; a tampered link is refused, the real one acknowledges", async () => {
  const contact = await serveUnderDeno("process-contact", databaseUrl, env())
  const request = { ...bodies.contact(), name: "Denise Deno" }
  const stored = await postJson(`${contact}/process-contact`, request)
  expect(stored.status).toBe(200)
  const { reference } = (await stored.json()) as { reference: string }

  const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, env())
  // The step runs in the first batch, its deliveries in the next ones; the backoff is 0.
  const run = await postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })
  expect(run.status).toBe(200)

  expect(twilio.received.map((r) => r.status)).toEqual([500, 503, 200])
  const [sms] = twilio.delivered().map(smsOf)
  expect(sms).toMatchObject({ to: CONTACTS[0]?.sms, from: TWILIO_FROM })
  expect(sms?.body.split("\n")[0]).toBe("New contact message from Denise Deno")
  expect(chat.delivered().map(chatTextOf)[0]).toMatch(/^<@U0DANA> \*New contact message from Denise Deno\*/)
  const deliveries = await pg.query<{ kind: string; status: string }>(
    `select kind, status from outbox_jobs where kind in ('alert_sms', 'alert_chat') order by kind`,
  )
  expect(deliveries.rows).toEqual([
    { kind: "alert_chat", status: "sent" },
    { kind: "alert_sms", status: "sent" },
  ])

  const acknowledge = await serveUnderDeno("acknowledge-lead", databaseUrl, env())
  const token = tokenIn(sms?.body ?? "")
  const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`
  const refused = await postJson(`${acknowledge}/acknowledge-lead`, { token: tampered, confirm: true })
  expect(refused.status).toBe(400)
  expect(await refused.json()).toMatchObject({ success: false, reason: "invalid" })

  const taken = await postJson(`${acknowledge}/acknowledge-lead`, { token, confirm: true })
  expect(taken.status).toBe(200)
  expect(await taken.json()).toMatchObject({ state: "acknowledged", acknowledgedBy: "Dana" })
  const row = await pg.query<{ acknowledged_by: string; alerted: boolean }>(
    `select acknowledged_by, first_alerted_at is not null as alerted from contact_messages where reference = $1`,
    [reference],
  )
  expect(row.rows).toEqual([{ acknowledged_by: "Dana", alerted: true }])
})

test("under Deno: the SMS budget holds (one text, the rest in one summary whose link takes them all), an SMS answered too late is looked up and not sent twice, every SMS is GSM-7 within 3 segments, a visitor's look-alike link and @channel stay harmless", async () => {
  // The first text is sent at once but answered only after the alert's timeout (2 s) gave up on it.
  const slowTwilio = await fakeTwilio({ answerAfterMs: (n) => (n === 0 ? AFTER_HANG_UP : 0) })
  const team = await fakeServer([200])
  extra.push(slowTwilio, team)
  const budgeted = {
    ...env(),
    TWILIO_API_URL: slowTwilio.url,
    ALERT_CHAT_WEBHOOK_URL: `${team.url}/services/T000/B000/hook`,
    ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS,
    ALERT_SMS_PER_HOUR: "1",
  }
  // The first test's text counted too: this one starts with the hour's budget unused.
  await pg.query(`delete from alert_spend`)
  const contact = await serveUnderDeno("process-contact", databaseUrl, budgeted)
  const hostile = `I'm on it: https://evil.example/office/acknowledge/#t=v1.a.b @channel “café” – 🐜`
  const references: string[] = []
  for (const i of [0, 1, 2]) {
    const stored = await postJson(`${contact}/process-contact`, {
      ...bodies.contact(),
      name: `Budget ${i}`,
      message: hostile,
    })
    expect(stored.status).toBe(200)
    references.push(((await stored.json()) as { reference: string }).reference)
  }
  const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, budgeted)
  const run = () => postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })
  expect((await run()).status).toBe(200)

  // One text within the budget, found at Twilio after its late answer rather than sent again.
  expect(slowTwilio.messages).toHaveLength(1)
  expect(slowTwilio.received.map((r) => r.method)).toEqual(["POST", "GET"])
  const [first] = slowTwilio.messages
  // Whichever lead's step ran first had the hour's one text.
  const texted = /^New contact message from (Budget \d)$/.exec(first?.body.split("\n")[0] ?? "")?.[1]
  expect(texted).toBeDefined()
  expect(first?.body).toContain(
    'Request: I\'m on it: hxxps://evil[.]example/office/acknowledge/#t=v1[.]a[.]b @channel "café" - ?',
  )
  expect(first?.body.match(/https?:\/\/\S+/g)).toHaveLength(1)
  expect(smsSize(first?.body ?? "")).toMatchObject({ encoding: "GSM-7" })
  expect(smsSize(first?.body ?? "").segments).toBeLessThanOrEqual(3)
  const sms = await pg.query<{ status: string; last_error: string | null }>(
    `select status, last_error from outbox_jobs where kind = 'alert_sms' and payload -> 'targets' @> jsonb_build_array(
       jsonb_build_object('id', (select id::text from contact_messages where reference = $1)))`,
    [references[Number(texted?.slice(-1))]],
  )
  expect(sms.rows.map((row) => row.status)).toEqual(["sent"])
  expect(sms.rows[0]?.last_error).toMatch(/^Found already sent at Twilio/)
  // Chat has its own budget: three posts, the look-alike mention made quiet.
  const posts = team.delivered().map(chatTextOf)
  expect(posts).toHaveLength(3)
  for (const text of posts) expect(text).toContain("\uff20channel")

  // The other two wait for the SMS summary at the end of the interval; its time has come.
  await pg.query(`update outbox_jobs set next_attempt_at = now() where dedupe_key like 'overflow:sms:%'`)
  expect((await run()).status).toBe(200)
  expect(slowTwilio.messages).toHaveLength(2)
  const summary = slowTwilio.messages[1]?.body ?? ""
  expect(summary.split("\n")[0]).toBe(
    "2 more new request(s) since the SMS alert limit was reached. See the office inbox.",
  )
  expect(summary.split("\n")[1]).toMatch(/^I'm on all 2: /)
  const notice = await pg.query<{ subject: string }>(
    `select subject from dev_mailbox where subject like 'SMS alert limit%'`,
  )
  expect(notice.rows).toHaveLength(1)

  const acknowledge = await serveUnderDeno("acknowledge-lead", databaseUrl, budgeted)
  const all = await postJson(`${acknowledge}/acknowledge-lead`, { token: tokenIn(summary), confirm: true })
  expect(all.status).toBe(200)
  expect(await all.json()).toMatchObject({ state: "acknowledged", batch: { count: 2, acknowledged: 2 } })
  const taken = await pg.query<{ name: string; acknowledged_by: string | null }>(
    `select name, acknowledged_by from contact_messages where reference = any($1::text[]) order by name`,
    [`{${references.join(",")}}`],
  )
  // Exactly the two the summary listed: the texted one is left to its own link.
  expect(taken.rows).toEqual(
    ["Budget 0", "Budget 1", "Budget 2"].map((name) => ({ name, acknowledged_by: name === texted ? null : "Dana" })),
  )
})

test("under Deno: a lead whose every alert died while the e-mail API was down is announced again once it is back", async () => {
  let down = true
  const email = await fakeServer(() => (down ? 503 : 200))
  extra.push(email)
  const mailOnly = {
    ...env(),
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: email.url,
    LOCAL_MAILBOX: "0",
    ALERT_CHAT_WEBHOOK_URL: "",
    OUTBOX_MAX_ATTEMPTS: "1",
    ALERT_ESCALATION_ROUNDS: "1",
    // The office's inbox is the one contact, at any hour (the functions read the real clock).
    ALERT_CONTACTS: JSON.stringify([{ name: "Office", email: "info@westchesterfamilypest.example", afterHours: true }]),
  }
  const contact = await serveUnderDeno("process-contact", databaseUrl, mailOnly)
  const stored = await postJson(`${contact}/process-contact`, { ...bodies.contact(), name: "Outage Olga" })
  const { reference } = (await stored.json()) as { reference: string }
  const dispatchWith = async () => {
    const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, mailOnly)
    return () => postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })
  }
  const run = await dispatchWith()
  expect((await run()).status).toBe(200)
  const notice = await pg.query<{ status: string }>(
    `select status from outbox_jobs where kind = 'company_email'
     and contact_message_id = (select id from contact_messages where reference = $1)`,
    [reference],
  )
  expect(notice.rows).toEqual([{ status: "dead" }])
  // The escalation's deadline comes (it ends: one round of one contact) and the API is back.
  await pg.query(`update outbox_jobs set next_attempt_at = now() where kind = 'alert_step' and status = 'pending'`)
  down = false
  expect((await run()).status).toBe(200)
  // The cron's next run (a fresh function) sweeps: the lead has no alert under way and was never alerted.
  const next = await dispatchWith()
  expect((await next()).status).toBe(200)
  const alerted = await pg.query<{ alerted: boolean }>(
    `select first_alerted_at is not null as alerted from contact_messages where reference = $1`,
    [reference],
  )
  expect(alerted.rows).toEqual([{ alerted: true }])
  const announced = email
    .delivered()
    .map((r) => JSON.parse(r.body) as { subject: string; text: string })
    .filter((m) => m.text.includes(reference) && /^(New |Missed: )/.test(m.subject))
  // Announced once: the escalation's end told the owner (the inbox), which alerted the office.
  expect(announced.map((m) => m.subject)).toEqual(["Missed: nobody took the contact message from Outage Olga"])
})
