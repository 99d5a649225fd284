/** @jest-environment node */
/**
 * The pipeline check against fake e-mail, Twilio, chat, CRM and outside-switch servers on
 * 127.0.0.1, with the functions served over real HTTP: a passing check pings the switch and leaves
 * nothing a customer, the staff or the CRM would see; each provider's failure, dead jobs, an overdue job
 * and requests never alerted are told through another channel that works, naming what failed and what
 * to do, and the switch is not pinged; the mark cannot be forged; two checks at once run once; a check
 * that hangs, or whose process stops, is reported.
 */
import { randomUUID } from "node:crypto"
import http from "node:http"
import { smsSize } from "../../supabase/functions/_shared/kernel/gsm7"
import { checkHeader, CHECK_HEADER } from "../../supabase/functions/_shared/pipeline-check/check-header"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { CONTACTS, MINUTE, chatTextOf, smsOf } from "./alert-rig"
import { AFTER_HANG_UP, closedAfterEach, fakeServer, listening } from "./fake-servers"
import { CHECK_SECRET, checkRig, emailsOf, reportOf, type CheckRig, type CheckRigOptions } from "./pipeline-check-rig"
import { ANON_KEY, bodies } from "./helpers"
import type { Db } from "../../supabase/functions/_shared/db"

jest.setTimeout(60_000)

const PROBLEMS = LEAD_MESSAGES.pipelineCheck.problems
const OFFICE_INBOX = "info@westchesterfamilypest.example"

let db: Db

const rigs: CheckRig[] = []
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.close()))
})
const extra = closedAfterEach()

async function rigWith(options: CheckRigOptions = {}) {
  const rig = await checkRig(options)
  rigs.push(rig)
  db = rig.db
  return rig
}

const count = async (table: string) =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n)

const jobKinds = async () =>
  (await db.query<{ kind: string }>(`select kind from outbox_jobs order by kind`)).map((j) => j.kind)

const failureEmails = (rig: CheckRig) =>
  emailsOf(rig.resend).filter((e) => e.subject.startsWith("Pipeline check failed"))
const smsSent = (rig: CheckRig) => rig.twilio.delivered().map(smsOf)
const chatPosts = (rig: CheckRig) =>
  rig.chat
    .delivered()
    .filter((r) => r.body !== "{}")
    .map(chatTextOf)

test("a passing check stores its request apart, e-mails only the office inbox, texts and posts nothing, forwards nothing, and pings the switch", async () => {
  const rig = await rigWith()
  const report = reportOf(await rig.check("deploy"))

  expect(report.status).toBe("passed")
  expect(report.problems).toEqual([])
  expect(report.reference).toMatch(/^WEB\d{6}$/)
  expect(report.providers.email?.state).toBe("ok")
  expect(report.providers.sms?.state).toBe("ok")
  expect(report.providers.sms?.detail).toContain("+19145550000")
  expect(report.providers.chat?.state).toBe("ok")
  expect(report.providers.crm?.state).toBe("ok")
  expect(report.ping).toBe("pinged")
  expect(rig.ping.received).toHaveLength(1)

  // The one e-mail: the test e-mail, to the office's own inbox.
  const emails = emailsOf(rig.resend)
  expect(emails).toHaveLength(1)
  expect(emails[0]?.to).toEqual([OFFICE_INBOX])
  expect(emails[0]?.subject).toBe(`Pipeline check ${report.reference ?? ""}: e-mail works, no action needed`)
  // Twilio was only read, the chat webhook only given an empty post, the CRM only its test call.
  expect(rig.twilio.received.map((r) => r.method)).toEqual(["GET", "GET"])
  expect(rig.chat.received.map((r) => r.body)).toEqual(["{}"])
  expect(rig.crm.received).toEqual([])
  expect(rig.crmCheck.received).toHaveLength(1)
  expect(rig.crmCheck.received[0]?.headers["x-webhook-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/)

  // Nothing a customer, the staff, the board or the report would see: no lead, no message, no alert.
  expect(await count("leads")).toBe(0)
  expect(await count("contact_messages")).toBe(0)
  expect(await count("spam_attempts")).toBe(0)
  expect(await jobKinds()).toEqual(["check_email"])
  const [stored] = await db.query<{ status: string; trigger: string; lead: { fullName: string }; reference: string }>(
    `select status, trigger, lead, reference, pinged_at is not null as pinged from pipeline_checks`,
  )
  expect(stored).toMatchObject({ status: "passed", trigger: "deploy", reference: report.reference, pinged: true })
  expect(stored?.lead.fullName).toBe(LEAD_MESSAGES.pipelineCheck.lead.fullName)
})

test("the e-mail API refusing the key: told by SMS and chat, naming RESEND_API_KEY; no e-mail, no ping", async () => {
  const rig = await rigWith({ resend: [401] })
  const report = reportOf(await rig.check())

  expect(report.status).toBe("failed")
  expect(report.problems.map((p) => p.code)).toEqual(["emailRefused"])
  expect(report.problems[0]?.detail).toMatch(/E-mail API answered 401/)
  expect(report.notified).toEqual(["chat", "sms"])
  expect(rig.ping.received).toEqual([])
  const [sms] = smsSent(rig)
  expect(sms?.to).toBe(CONTACTS[0]?.sms)
  expect(sms?.body).toContain(PROBLEMS.emailRefused.name)
  expect(smsSize(sms?.body ?? "").encoding).toBe("GSM-7")
  const [post] = chatPosts(rig)
  expect(post).toContain(PROBLEMS.emailRefused.name)
  expect(post).toContain("RESEND_API_KEY")
  // Only the test e-mail was tried: the API refuses everything, so no report was sent by e-mail.
  expect(rig.resend.received).toHaveLength(1)
})

test("Twilio answering 401: told by e-mail and chat, naming the Twilio settings; no SMS, no ping", async () => {
  const rig = await rigWith({ twilio: { readStatus: 401, status: () => 401 } })
  const report = reportOf(await rig.check())

  expect(report.problems.map((p) => p.code)).toEqual(["smsRefused"])
  expect(report.notified).toEqual(["email", "chat"])
  const [email] = failureEmails(rig)
  expect(email?.to).toEqual([OFFICE_INBOX])
  expect(email?.subject).toBe(`Pipeline check failed: ${PROBLEMS.smsRefused.name}`)
  expect(email?.text).toContain("Twilio answered 401")
  expect(email?.text).toContain("TWILIO_AUTH_TOKEN")
  expect(chatPosts(rig)[0]).toContain(PROBLEMS.smsRefused.name)
  expect(rig.twilio.received.filter((r) => r.method === "POST")).toEqual([])
  expect(rig.ping.received).toEqual([])
})

test("a sending number the Twilio account does not own is named", async () => {
  const rig = await rigWith({ twilio: { numbers: ["+19145559999"] } })
  const report = reportOf(await rig.check())
  expect(report.problems.map((p) => p.code)).toEqual(["smsSender"])
  expect(failureEmails(rig)[0]?.text).toContain("TWILIO_FROM")
})

test("the chat webhook answering 404: told by e-mail (which works, so no SMS), naming ALERT_CHAT_WEBHOOK_URL; no ping", async () => {
  const rig = await rigWith({ chat: [404] })
  const report = reportOf(await rig.check())

  expect(report.problems.map((p) => p.code)).toEqual(["chatGone"])
  expect(report.notified).toEqual(["email"])
  const [email] = failureEmails(rig)
  expect(email?.subject).toBe(`Pipeline check failed: ${PROBLEMS.chatGone.name}`)
  expect(email?.text).toContain("Chat webhook answered 404")
  expect(email?.text).toContain("ALERT_CHAT_WEBHOOK_URL")
  expect(rig.chat.received).toHaveLength(1)
  expect(smsSent(rig)).toEqual([])
  expect(rig.ping.received).toEqual([])
})

test("a webhook gone but answering 400 with its service's words (Mattermost's invalid webhook) is named too", async () => {
  const mattermost = await listening(
    http.createServer((_request, response) => {
      response.writeHead(400, { "content-type": "application/json" })
      response.end(
        JSON.stringify({ id: "web.incoming_webhook.invalid.app_error", message: "Invalid webhook.", status_code: 400 }),
      )
    }),
  )
  extra.push({ ...mattermost, received: [], delivered: () => [] })
  const rig = await rigWith({ env: { ALERT_CHAT_WEBHOOK_URL: `${mattermost.url}/hooks/xyz` } })
  const report = reportOf(await rig.check())
  expect(report.problems.map((p) => p.code)).toEqual(["chatGone"])
  expect(report.problems[0]?.detail).toContain("Invalid webhook.")
})

test("e-mail and chat both down: SMS alone carries what failed", async () => {
  const rig = await rigWith({ resend: [403], chat: [410] })
  const report = reportOf(await rig.check())
  expect(report.problems.map((p) => p.code)).toEqual(["emailRefused", "chatGone"])
  expect(report.notified).toEqual(["sms"])
  const [sms] = smsSent(rig)
  expect(sms?.body).toContain(PROBLEMS.emailRefused.name)
  expect(sms?.body).toContain(PROBLEMS.chatGone.name)
  expect(smsSize(sms?.body ?? "").segments).toBeLessThanOrEqual(3)
})

test("dead jobs of the last day: the report names them by kind with the last error, and the switch is not pinged", async () => {
  const rig = await rigWith()
  const at = rig.clock.read()
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, status, attempts, last_error, updated_at)
     values ('crm_forward', 'dead-1', '{}', 'dead', 8, 'CRM webhook answered 410: gone', $1),
            ('crm_forward', 'dead-old', '{}', 'dead', 8, 'long ago', $2)`,
    [new Date(at.getTime() - 60 * MINUTE).toISOString(), new Date(at.getTime() - 3 * 24 * 60 * MINUTE).toISOString()],
  )
  const report = reportOf(await rig.check())

  expect(report.problems.map((p) => p.code)).toEqual(["dead"])
  expect(report.problems[0]?.detail).toBe(
    "1 in the last 24 hours (1 crm_forward). Last error: CRM webhook answered 410: gone",
  )
  expect(failureEmails(rig)[0]?.text).toContain(PROBLEMS.dead.name)
  expect(chatPosts(rig)[0]).toContain("outbox_jobs where status = 'dead'")
  expect(rig.ping.received).toEqual([])
})

test("a job overdue by more than 10 minutes (no worker ran): named, with what to check", async () => {
  const rig = await rigWith({ env: { CRM_WEBHOOK_URL: "", CRM_CHECK_URL: "" } })
  const at = rig.clock.read()
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at) values ('crm_forward', 'late-1', '{}', $1),
       ('crm_forward', 'soon-1', '{}', $2)`,
    [new Date(at.getTime() - 25 * MINUTE).toISOString(), new Date(at.getTime() - 5 * MINUTE).toISOString()],
  )
  const report = reportOf(await rig.check())

  expect(report.problems.map((p) => p.code)).toEqual(["overdue"])
  expect(report.problems[0]?.detail).toBe(
    "1 due more than 10 minutes ago and not delivered (1 crm_forward); the oldest is 25 minutes late.",
  )
  expect(report.providers.crm?.state).toBe("not_configured")
  const [email] = failureEmails(rig)
  expect(email?.text).toContain(PROBLEMS.overdue.name)
  expect(email?.text).toContain("dispatch-outbox cron")
  expect(rig.ping.received).toEqual([])
})

test("a request that came in during business hours and was never alerted is named by its reference", async () => {
  const rig = await rigWith()
  const at = rig.clock.read()
  await db.query(
    `insert into leads (submission_id, kind, source, full_name, phone, reference, created_at)
     values ($1, 'callback', 'offer_callback', 'Quiet Lead', '914-555-0100', 'WEB424242', $2)`,
    [randomUUID(), new Date(at.getTime() - 40 * MINUTE).toISOString()],
  )
  const report = reportOf(await rig.check())
  expect(report.problems.map((p) => p.code)).toEqual(["unalerted"])
  expect(report.problems[0]?.detail).toContain("WEB424242")
})

test("without a CRM test call the CRM is left out, and the report says so", async () => {
  const rig = await rigWith({ env: { CRM_CHECK_URL: "" } })
  const report = reportOf(await rig.check())
  expect(report.status).toBe("passed")
  expect(report.providers.crm).toEqual({ state: "left_out", detail: LEAD_MESSAGES.pipelineCheck.details.crmLeftOut })
  expect(rig.crm.received).toEqual([])
})

describe("the mark cannot be forged", () => {
  const send = (rig: CheckRig, body: object, header: string) =>
    fetch(`${rig.url}/functions/v1/process-simple-lead`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY, [CHECK_HEADER]: header },
      body: JSON.stringify(body),
    })

  const flagsOf = async (reference: string) =>
    (
      await db.query<{ flags: Array<{ code: string; detail: string }> }>(
        `select flags from leads where reference = $1`,
        [reference],
      )
    )[0]?.flags

  test.each([
    [
      "a wrong signature",
      (id: string, submission: string, at: Date) => checkHeader("guessed", id, submission, at),
      "bad signature",
    ],
    [
      "a signature for another submission",
      (id: string, _submission: string, at: Date) => checkHeader(CHECK_SECRET, id, randomUUID(), at),
      "bad signature",
    ],
    ["garbage", () => "x.y.z", "malformed"],
  ])(
    "%s: the request is stored as the real lead it may be, flagged, with its notice and alerts",
    async (_, make, why) => {
      const rig = await rigWith()
      const body = bodies.booking()
      const expires = new Date(rig.clock.read().getTime() + 60_000)
      const response = await send(rig, body, make(randomUUID(), body.submissionId, expires))
      expect(response.status).toBe(200)
      const { reference } = (await response.json()) as { reference: string }
      expect(await flagsOf(reference)).toEqual([{ code: "check_header_invalid", detail: why }])
      expect(await jobKinds()).toEqual(expect.arrayContaining(["company_email", "customer_email"]))
      expect(await count("pipeline_checks")).toBe(0)
    },
  )

  test("a mark that was ours but expired marks nothing", async () => {
    const rig = await rigWith()
    const body = bodies.booking()
    const expired = new Date(rig.clock.read().getTime() - 1_000)
    const response = await send(
      rig,
      body,
      checkHeader(rig.config.pipelineCheck.headerSecret, randomUUID(), body.submissionId, expired),
    )
    const { reference } = (await response.json()) as { reference: string }
    expect(await flagsOf(reference)).toEqual([{ code: "check_header_invalid", detail: "expired" }])
  })

  test("a signed mark skips no spam check: a filled honeypot is filed as spam, not stored as the check's", async () => {
    const rig = await rigWith()
    const [check] = await db.query<{ id: string }>(
      `insert into pipeline_checks (trigger, started_at, lease_until, submission_id) values ('manual', $1, $2, $3) returning id`,
      [rig.clock.read().toISOString(), new Date(rig.clock.read().getTime() + 60_000).toISOString(), randomUUID()],
    )
    const body = { ...bodies.booking(), website: "https://spam.example" }
    const expires = new Date(rig.clock.read().getTime() + 60_000)
    const header = checkHeader(rig.config.pipelineCheck.headerSecret, check?.id ?? "", body.submissionId, expires)
    expect((await send(rig, body, header)).status).toBe(200)
    expect(await count("spam_attempts")).toBe(1)
    expect(await count("leads")).toBe(0)
    expect((await db.query(`select 1 from pipeline_checks where lead_stored_at is not null`)).length).toBe(0)
  })

  test("with Turnstile on, only a signed mark stands in for the token: an unsigned request without one is refused", async () => {
    const siteverify = await fakeServer([200])
    extra.push(siteverify)
    const rig = await rigWith({ env: { TURNSTILE_SECRET_KEY: "secret", TURNSTILE_VERIFY_URL: siteverify.url } })
    const report = reportOf(await rig.check())
    expect(report.status).toBe("passed")
    expect(siteverify.received).toEqual([])
    const body = bodies.booking()
    const forged = await send(rig, body, checkHeader("guessed", randomUUID(), body.submissionId, rig.clock.read()))
    expect(forged.status).toBe(400)
    const refusal = (await forged.json()) as { fields: Record<string, string> }
    expect(Object.keys(refusal.fields)).toEqual(["turnstileToken"])
  })
})

test("two checks at once (a deploy during the daily run): one runs, the other is told and does nothing", async () => {
  const rig = await rigWith()
  const results = await Promise.all([rig.check("daily"), rig.check("deploy")])
  expect(results.map((r) => r.outcome).sort()).toEqual(["already_running", "passed"])
  expect(emailsOf(rig.resend)).toHaveLength(1)
  expect(rig.ping.received).toHaveLength(1)
  expect(await count("pipeline_checks")).toBe(1)
})

test("a check that hangs (the function never answers) is timed out and reported, and pings nothing", async () => {
  const hanging = await fakeServer([200], AFTER_HANG_UP)
  extra.push(hanging)
  const rig = await rigWith({
    functionsUrl: hanging.url,
    env: { PIPELINE_CHECK_TIMEOUT_MS: "1500", OUTBOX_TIMEOUT_MS: "30000" },
  })
  const report = reportOf(await rig.check())

  expect(report.problems.map((p) => p.code)).toEqual(["timedOut"])
  expect(report.problems[0]?.detail).toBe("Stopped after 1.5 s, while sending the test request.")
  expect(report.notified).toEqual(["email", "chat"])
  expect(failureEmails(rig)[0]?.text).toContain("PIPELINE_CHECK_TIMEOUT_MS")
  expect(rig.ping.received).toEqual([])
  const [row] = await db.query<{ status: string }>(`select status from pipeline_checks`)
  expect(row?.status).toBe("failed")
})

test("a check whose process stopped halfway is marked timed out by the worker's sweep, and the office e-mailed", async () => {
  const rig = await rigWith()
  const at = rig.clock.read()
  await db.query(
    `insert into pipeline_checks (trigger, started_at, lease_until, submission_id) values ('daily', $1, $2, $3)`,
    [
      new Date(at.getTime() - 5 * MINUTE).toISOString(),
      new Date(at.getTime() - 2 * MINUTE).toISOString(),
      randomUUID(),
    ],
  )
  await rig.dispatch()
  const [row] = await db.query<{ status: string }>(`select status from pipeline_checks`)
  expect(row?.status).toBe("timed_out")
  const [notice] = emailsOf(rig.resend)
  expect(notice?.subject).toMatch(/^Pipeline check did not finish: started /)
  // A new check runs: the one that stopped holds nothing.
  expect(reportOf(await rig.check()).status).toBe("passed")
})

test("checks and their requests are purged after 30 days", async () => {
  const rig = await rigWith()
  const old = new Date(rig.clock.read().getTime() - 31 * 24 * 60 * MINUTE).toISOString()
  const submission = randomUUID()
  await db.query(
    `insert into pipeline_checks (trigger, status, started_at, lease_until, submission_id) values ('daily', 'passed', $1, $1, $2)`,
    [old, submission],
  )
  await db.query(
    `insert into function_calls (function_name, submission_id, request_hash, status_code, response) values ('process-simple-lead', $1, 'h', 200, '{}')`,
    [submission],
  )
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, status, created_at) values ('check_email', 'old-check', '{}', 'sent', $1)`,
    [old],
  )
  reportOf(await rig.check())
  expect(await count("pipeline_checks")).toBe(1)
  expect(await db.query(`select 1 from function_calls where submission_id = $1`, [submission])).toEqual([])
  expect(await db.query(`select 1 from outbox_jobs where dedupe_key = 'old-check'`)).toEqual([])
})
