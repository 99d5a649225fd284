/**
 * @jest-environment node
 *
 * Alerts survive an e-mail outage and provider faults. Fake e-mail, Twilio
 * and chat servers on 127.0.0.1, a clock the test moves: an hour-long e-mail outage ends with every
 * lead announced exactly once; a 429 that never ends is given up and told by another channel; an SMS
 * whose answer came too late is looked up at Twilio instead of sent twice; a chat post without an
 * answer is tried once more at most; a hanging e-mail API holds up no SMS.
 */
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import http from "node:http"
import {
  PermanentError,
  QuotaExceededError,
  RateLimitedError,
  UnknownOutcomeError,
} from "../../supabase/functions/_shared/delivery/errors"
import { QUOTA_MAX_TRIES } from "../../supabase/functions/_shared/outbox/settle"
import {
  MAX_RETRY_AFTER_MS,
  refusal,
  retryAfterMs,
  transportError,
} from "../../supabase/functions/_shared/delivery/refusal"
import {
  CONTACTS,
  MINUTE,
  TUESDAY_10AM,
  alertConfig,
  alertRig,
  handClock,
  rateLimitingServer,
  withAlertDb,
  type HandClock,
  type Providers,
} from "./alert-rig"
import { AFTER_HANG_UP, HANG_UP_TIMEOUT_MS, fakeServer, fakeTwilio, listening, type FakeServer } from "./fake-servers"
import { bodies, post, testConfig } from "./helpers"

jest.setTimeout(180_000)

const { db, servers } = withAlertDb()

const keep = <S extends FakeServer>(server: S): S => {
  servers.push(server)
  return server
}

async function accepted(app: Parameters<typeof post>[0], name: string, body: object): Promise<string> {
  const response = await post(app, name, body)
  expect(response.status).toBe(200)
  return ((await response.json()) as { reference: string }).reference
}

interface JobRow {
  kind: string
  status: string
  attempts: number
  last_error: string | null
  dedupe_key: string
  outcome_unknown_at: Date | null
  rate_limited_tries: number
}

const jobs = (kind: string) =>
  db.query<JobRow>(
    `select kind, status, attempts, last_error, dedupe_key, outcome_unknown_at, rate_limited_tries
     from outbox_jobs where kind = $1 order by created_at, dedupe_key`,
    [kind],
  )

const mailbox = () =>
  db.query<{ to_address: string; subject: string; text_body: string }>(
    `select to_address, subject, text_body from dev_mailbox order by created_at`,
  )

describe("one rule for a provider's answer (delivery.ts)", () => {
  const answer = (status: number, headers: Record<string, string> = {}) =>
    refusal("Provider", new Response("no", { status, headers }))

  test.each([400, 401, 403, 404, 410, 413, 422])("%i is the request itself: dead at once", async (status) => {
    expect(await answer(status)).toBeInstanceOf(PermanentError)
  })

  test.each([408, 409, 425, 500, 502, 503, 504])("%i can pass: tried again with the backoff", async (status) => {
    const error = await answer(status)
    expect(error).not.toBeInstanceOf(PermanentError)
    expect(error).not.toBeInstanceOf(RateLimitedError)
    expect(error.message).toBe(`Provider answered ${status}: no`)
  })

  test("429 waits as asked: seconds or an HTTP date, capped at an hour; without it the outbox backs off", async () => {
    const now = Date.parse("2026-03-03T15:00:00Z")
    expect(retryAfterMs("30", now)).toBe(30_000)
    expect(retryAfterMs("1.5", now)).toBe(1_500)
    expect(retryAfterMs("Tue, 03 Mar 2026 15:02:00 GMT", now)).toBe(120_000)
    expect(retryAfterMs("Tue, 03 Mar 2026 14:00:00 GMT", now)).toBe(0)
    expect(retryAfterMs("999999", now)).toBe(MAX_RETRY_AFTER_MS)
    for (const unreadable of [null, "", "soon", "-5"]) expect(retryAfterMs(unreadable, now)).toBeUndefined()
    const limited = await answer(429, { "retry-after": "7" })
    expect(limited).toBeInstanceOf(RateLimitedError)
    expect(limited).toMatchObject({ retryAfterMs: 7_000 })
    expect(await answer(429)).toMatchObject({ retryAfterMs: undefined })
  })

  test("a request that never left is a plain failure; a timeout or a dropped connection an unknown outcome", async () => {
    const closed = await fakeServer([200])
    await closed.close()
    const refused: unknown = await fetch(closed.url).catch((error: unknown) => error)
    expect(transportError("Twilio", refused)).not.toBeInstanceOf(UnknownOutcomeError)
    expect(transportError("Twilio", refused).message).toMatch(/^Twilio could not be reached/)
    const timeout = new DOMException("The operation timed out.", "TimeoutError")
    expect(transportError("Twilio", timeout)).toBeInstanceOf(UnknownOutcomeError)
    const reset = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } })
    expect(transportError("Twilio", reset)).toBeInstanceOf(UnknownOutcomeError)
  })
})

function rig(providers: Providers, clock: HandClock, env: Record<string, string> = {}) {
  const config: BackendConfig = alertConfig(providers, env)
  return { config, ...alertRig(db, config, clock) }
}

describe("an SMS or a chat post whose outcome is unknown is not simply sent again", () => {
  test("Twilio answering after the timeout: the message is found in Twilio's list and not sent twice", async () => {
    const clock = handClock(TUESDAY_10AM)
    // The first SMS is sent at once but answered only after the alert's timeout (2 s) gave up on it.
    const twilio = keep(await fakeTwilio({ clock: clock.read, answerAfterMs: (n) => (n === 0 ? AFTER_HANG_UP : 0) }))
    const chat = keep(await fakeServer([200]))
    const { app, dispatch } = rig({ twilio, chat }, clock, { ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS })
    await accepted(app, "process-contact", bodies.contact())
    // The backoff is 0 in tests: the try without an answer, then the look-up, in one run.
    await dispatch()
    expect(twilio.messages.map((m) => m.to)).toEqual([CONTACTS[0]?.sms])
    expect(twilio.received.filter((r) => r.method === "POST")).toHaveLength(1)
    const lookUp = twilio.received.find((r) => r.method === "GET")
    const query = new URL(lookUp?.url ?? "/", "http://x").searchParams
    expect(query.get("To")).toBe(CONTACTS[0]?.sms)
    // The day before the first try, in UTC: a message sent around midnight is still in the list.
    expect(query.get("DateSent>")).toBe("2026-03-02")
    const [sms] = await jobs("alert_sms")
    expect(sms).toMatchObject({ status: "sent", outcome_unknown_at: TUESDAY_10AM })
    expect(sms?.last_error).toMatch(/^Found already sent at Twilio \(SM0+1\) after a try without an answer/)
  })

  test("Twilio answering after the timeout without having sent it: looked up, not found, sent once", async () => {
    const clock = handClock(TUESDAY_10AM)
    const twilio = keep(
      await fakeTwilio({
        clock: clock.read,
        status: (n) => (n === 0 ? 500 : 201),
        answerAfterMs: (n) => (n === 0 ? AFTER_HANG_UP : 0),
      }),
    )
    const chat = keep(await fakeServer([200]))
    const { app, dispatch } = rig({ twilio, chat }, clock, { ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS })
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    expect(twilio.messages).toHaveLength(1)
    expect(twilio.received.map((r) => r.method)).toEqual(["POST", "GET", "GET", "POST"])
    expect(await jobs("alert_sms")).toEqual([
      expect.objectContaining({ status: "sent", attempts: 2, last_error: null }),
    ])
  })

  test("a chat post without an answer is tried once more, then given up (it may be in the channel) and the office e-mailed", async () => {
    const clock = handClock(TUESDAY_10AM)
    const twilio = keep(await fakeTwilio({ clock: clock.read }))
    // Every post is answered only after the timeout gave up on it.
    const chat = keep(await fakeServer([200], AFTER_HANG_UP))
    const { app, dispatch } = rig({ twilio, chat }, clock, { ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS })
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    await dispatch()
    expect(chat.received).toHaveLength(2)
    const [post] = await jobs("alert_chat")
    expect(post).toMatchObject({ status: "dead", attempts: 2 })
    expect(post?.last_error).toMatch(/second try without an answer: not tried again, so it is not posted twice/)
    // The SMS went in its own lane, and the office hears of the chat by e-mail.
    expect(twilio.messages).toHaveLength(1)
    expect((await mailbox()).map((m) => m.subject)).toContain("Not delivered after 2 tries: team-chat alert")
  })
})

describe("a provider answering 429 forever", () => {
  test("is given up after OUTBOX_RATE_LIMITED_MAX_TRIES rate-limited tries, and the office told by e-mail", async () => {
    const clock = handClock(TUESDAY_10AM)
    const twilio = keep(await rateLimitingServer([429], 30))
    const chat = keep(await fakeServer([200]))
    const { app, dispatch } = rig({ twilio, chat }, clock, { OUTBOX_RATE_LIMITED_MAX_TRIES: "4" })
    await accepted(app, "process-contact", bodies.contact())
    for (let i = 0; i < 8; i++) {
      await dispatch({ budgetMs: 0 })
      clock.advance(30_000)
    }
    expect(twilio.received).toHaveLength(4)
    const [sms] = await jobs("alert_sms")
    // A 429 does not count as a try: the job had one try, four times refused.
    expect(sms).toMatchObject({ status: "dead", attempts: 1, rate_limited_tries: 3 })
    // The SMS was queued with the message: first tried in the first run, then every 30 s.
    expect(sms?.last_error).toMatch(
      /^Twilio answered 429: .*\(rate-limited 4 times since 2026-03-03T15:00:00\.000Z: given up\)$/,
    )
    const notice = (await mailbox()).find((m) => m.subject.startsWith("Not delivered"))
    expect(notice?.subject).toBe(`Not delivered after 1 try: SMS alert to ${CONTACTS[0]?.sms}`)
    expect(notice?.text_body).toContain("rate-limited 4 times")
    expect(notice?.text_body).toContain("Its request is announced again as soon as an alert gets through.")
  })

  test("is given up OUTBOX_RATE_LIMITED_MAX_MINUTES after its first 429, however few the tries", async () => {
    const clock = handClock(TUESDAY_10AM)
    const twilio = keep(await rateLimitingServer([429], 30))
    const chat = keep(await fakeServer([200]))
    const { app, dispatch } = rig({ twilio, chat }, clock, { OUTBOX_RATE_LIMITED_MAX_MINUTES: "1" })
    await accepted(app, "process-contact", bodies.contact())
    for (let i = 0; i < 6; i++) {
      await dispatch({ budgetMs: 0 })
      clock.advance(30_000)
    }
    // At 0 s, 30 s, and 60 s: a minute after the first, given up.
    expect(twilio.received).toHaveLength(3)
    const [sms] = await jobs("alert_sms")
    expect(sms?.status).toBe("dead")
    expect(sms?.last_error).toMatch(/rate-limited 3 times/)
  })
})

test("a hanging e-mail API holds up no SMS: every lead's text is sent before the first e-mail even times out", async () => {
  const clock = handClock(TUESDAY_10AM)
  const twilio = keep(await fakeTwilio({ clock: clock.read }))
  const chat = keep(await fakeServer([200]))
  // Answers after 20 s; the e-mail timeouts (notices and alerts, and the rest) are 4 s.
  const email = keep(await fakeServer([200], 20_000))
  const env = {
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: email.url,
    OUTBOX_TIMEOUT_MS: "4000",
    ALERT_TIMEOUT_MS: "4000",
    OUTBOX_MAX_ATTEMPTS: "1",
    OUTBOX_CONCURRENCY: "20",
  }
  const { app, dispatch } = rig({ twilio, chat }, clock, env)
  for (let i = 0; i < 10; i++) await accepted(app, "process-contact", { ...bodies.contact(), name: `Lead ${i}` })
  const started = performance.now()
  const run = dispatch()
  await twilio.untilSent(10)
  const smsMs = performance.now() - started
  // The e-mail lane is still waiting on its first requests: none has been answered or timed out.
  expect(email.received.length).toBeGreaterThan(0)
  expect(email.received.every((r) => r.answeredAt === undefined)).toBe(true)
  expect(smsMs).toBeLessThan(4_000)
  await run
  expect(new Set(twilio.messages.map((m) => m.body.split("\n")[0]))).toEqual(
    new Set(Array.from({ length: 10 }, (_, i) => `New contact message from Lead ${i}`)),
  )
  console.log(`10 SMS alerts sent ${Math.round(smsMs)} ms after the run began, beside an e-mail API that hangs`)
})

describe("nothing stored goes unannounced (item 5)", () => {
  test("the e-mail API down for 70 minutes (e-mail the only channel): every lead stored then ends alerted, with exactly one notice each", async () => {
    const clock = handClock(TUESDAY_10AM)
    const back = TUESDAY_10AM.getTime() + 70 * MINUTE
    const email = keep(await fakeServer(() => (clock.read().getTime() < back ? 503 : 200)))
    // The default on-call list (the office's inbox), one round, and the real backoff: 30 s, 1 min … 8 tries.
    const config = testConfig({
      RESEND_API_KEY: "re_test",
      RESEND_API_URL: email.url,
      ALERT_ESCALATION_ROUNDS: "1",
      OUTBOX_BACKOFF_BASE_MS: "30000",
    })
    const { app, dispatch } = alertRig(db, config, clock)
    const references: string[] = []
    for (let minute = 0; minute <= 4 * 60; minute++) {
      clock.set(new Date(TUESDAY_10AM.getTime() + minute * MINUTE))
      // A lead every 5 minutes during the outage's first hour.
      if (minute <= 60 && minute % 5 === 0)
        references.push(await accepted(app, "process-contact", { ...bodies.contact(), name: `Lead ${minute}` }))
      await dispatch()
    }
    const alerted = await db.query<{ id: string; first_alerted_at: Date | null }>(
      `select id, first_alerted_at from contact_messages`,
    )
    expect(alerted).toHaveLength(13)
    expect(alerted.filter((row) => row.first_alerted_at === null)).toEqual([])
    const delivered = email
      .delivered()
      .map((r) => JSON.parse(r.body) as { to: string[]; subject: string; text: string })
      // The office's inbox (the visitors' own confirmations go to them).
      .filter((m) => m.to.includes(config.mail.companyTo))
    // One notice per lead: its company notice, or, for a lead whose notice died, its announcement again; and,
    // as nobody tapped "I'm on it", at most one "missed" notice to the owner (the inbox: ALERT_OWNER unset).
    const about = (reference: string, subject: string) =>
      delivered.filter((m) => m.subject.startsWith(subject) && m.text.includes(reference))
    for (const reference of references) {
      expect(about(reference, "New ").length).toBeLessThanOrEqual(1)
      expect(about(reference, "Missed: ").length).toBeLessThanOrEqual(1)
      expect(about(reference, "New ").length + about(reference, "Missed: ").length).toBeGreaterThanOrEqual(1)
    }
    const dead = await db.query<{ kind: string }>(
      `select kind from outbox_jobs where status = 'dead' and payload ? 'targets'`,
    )
    const reannounced = (await jobs("alert_email")).filter((j) => j.dedupe_key.startsWith("reannounce:"))
    // Some leads' notices died (8 tries took 63.5 minutes), and only those were announced again.
    expect(dead.length).toBeGreaterThan(0)
    expect(reannounced.map((j) => j.dedupe_key.replace(/:[^:]+:[^:]+$/, ""))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^reannounce:message:/)]),
    )
    // At most those: a lead whose "missed" notice reached the owner was alerted by it.
    expect(reannounced.length).toBeLessThanOrEqual(dead.filter((d) => d.kind === "company_email").length)
    // No storm: besides the one notice per lead, at most one "not delivered" e-mail per hour of failures.
    const notices = delivered.filter((m) => m.subject.startsWith("Not delivered"))
    // A visitor's confirmation that died is the office's to know, one notice each (they are not alerts).
    expect(notices.filter((m) => !m.subject.includes("to the customer")).length).toBeLessThanOrEqual(2)
    const missed = delivered.filter((m) => m.subject.startsWith("Missed: "))
    expect(delivered).toHaveLength(
      references.filter((reference) => about(reference, "New ").length > 0).length + missed.length + notices.length,
    )
    console.log(
      `Outage of 70 min: ${references.length} leads, ${dead.length} notices died, ${reannounced.length} announced again, ${notices.length} "not delivered" e-mail(s)`,
    )
  })

  test("the notice of a dead office e-mail goes by SMS when SMS is configured (the e-mail API may be what is down)", async () => {
    const clock = handClock(TUESDAY_10AM)
    const email = keep(await fakeServer([503]))
    const { twilio, app, dispatch } = await officeAndSmsRig(clock, email, { OUTBOX_MAX_ATTEMPTS: "1" })
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    const texts = twilio.messages.map((m) => m.body)
    expect(texts.map((t) => t.split("\n")[0])).toEqual(["Not delivered after 1 try: office e-mail"])
    expect(texts[0]).toContain("Its request is announced again as soon as an alert gets through.")
  })
})

/**
 * Alerts to the office's inbox (e-mail through `email`) and the first contact, with no chat webhook: the
 * other channel is SMS (fake Twilio on the hand clock). `env` adds to the configuration.
 */
async function officeAndSmsRig(clock: HandClock, email: { url: string }, env: Record<string, string>) {
  const twilio = keep(await fakeTwilio({ clock: clock.read }))
  const chat = keep(await fakeServer([200]))
  const config = alertConfig(
    { twilio, chat },
    {
      RESEND_API_KEY: "re_test",
      RESEND_API_URL: email.url,
      ALERT_CONTACTS: JSON.stringify([{ name: "Office", email: "info@westchesterfamilypest.example" }, CONTACTS[0]]),
      ...env,
    },
  )
  return { twilio, ...alertRig(db, { ...config, alerts: { ...config.alerts, chatWebhookUrl: undefined } }, clock) }
}

describe("a provider whose quota is used up", () => {
  const quota = JSON.stringify({
    statusCode: 429,
    name: "daily_quota_exceeded",
    message: "You have reached your daily email sending quota.",
  })

  test("a 429 naming a quota is a failed try; one with Retry-After and a per-second limit stays a rate limit", async () => {
    const answer = (body: string, headers: Record<string, string> = {}) =>
      refusal("E-mail API", new Response(body, { status: 429, headers }))
    for (const body of [
      quota,
      '{"name":"monthly_quota_exceeded"}',
      '{"code":63038,"message":"Account exceeded the daily messages limit"}',
    ]) {
      const error = await answer(body, { "retry-after": "3600" })
      expect(error).toBeInstanceOf(QuotaExceededError)
      expect(error).not.toBeInstanceOf(RateLimitedError)
    }
    const perSecond = await answer('{"name":"rate_limit_exceeded","message":"Too many requests: 5 per second"}', {
      "retry-after": "1",
    })
    expect(perSecond).toBeInstanceOf(RateLimitedError)
    expect(perSecond).toMatchObject({ retryAfterMs: 1_000 })
  })

  test("the e-mail API answering 'daily quota exceeded' for ever: the notice is dead after its tries and the office told by SMS", async () => {
    const clock = handClock(TUESDAY_10AM)
    // Every request refused with Resend's daily-quota answer and an hour's Retry-After.
    const requests: string[] = []
    const email = keep(
      await listening(
        http.createServer((request, response) => {
          requests.push(String(request.headers["idempotency-key"]))
          request.resume()
          request.on("end", () => {
            response.writeHead(429, { "content-type": "application/json", "retry-after": "3600" })
            response.end(quota)
          })
        }),
      ).then((server) => ({ ...server, received: [], delivered: () => [] })),
    )
    const { twilio, app, dispatch } = await officeAndSmsRig(clock, email, { OUTBOX_RATE_LIMITED_MAX_TRIES: "1000" })
    await accepted(app, "process-contact", bodies.contact())
    // The backoff is 0 here: each run tries again at once, and the quota answers the same.
    for (let i = 0; i < 5; i++) await dispatch()
    const [notice] = await jobs("company_email")
    expect(notice).toMatchObject({ status: "dead", attempts: QUOTA_MAX_TRIES, rate_limited_tries: 0 })
    expect(notice?.last_error).toMatch(/daily_quota_exceeded.*quota is used up: given up after 3 tries/)
    // Three tries for each e-mail (the notice, the visitor's confirmation, the office's notice of that): no retry storm.
    const tries = [...new Set(requests)].map((key) => requests.filter((k) => k === key).length)
    expect(tries.length).toBeGreaterThanOrEqual(2)
    expect(tries.every((n) => n === QUOTA_MAX_TRIES)).toBe(true)
    const texts = twilio.messages.map((m) => m.body.split("\n")[0])
    expect(texts).toContain(`Not delivered after ${QUOTA_MAX_TRIES} tries: office e-mail`)
  })
})
