/** @jest-environment node */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import { configFromEnv } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { MAX_FORM_FILL_MS, spamReason } from "../../supabase/functions/_shared/spam/bot-checks"
import { takeRateLimit } from "../../supabase/functions/_shared/spam/rate-limit"
import { SPAM_KEEP } from "../../supabase/functions/_shared/spam/spam-store"
import { TURNSTILE_VERIFY_URL } from "../../supabase/functions/_shared/spam/turnstile"
import {
  SITE_ORIGIN,
  TEST_IP_HASH_SALT,
  bodies,
  counts,
  officeClosed,
  withFreshDb,
  post,
  testConfig,
  VALID_CALLS,
} from "./helpers"
import { anyOf, objectContaining, textMatching } from "./matchers"

let db: Db

withFreshDb((fresh) => {
  db = fresh
})

const appWith = (env: Record<string, string> = {}, fetchImpl?: typeof fetch) =>
  createApp({ db, config: testConfig(env), fetchImpl, clock: officeClosed })
let ipCounter = 0
/** A fresh client address per test, so the rate limit of one test does not reach another. */
const nextIp = () => `198.51.100.${++ipCounter}`

const publicCalls = VALID_CALLS

describe("bots get a normal-looking answer, and nothing is sent", () => {
  test.each(publicCalls)(
    "%s: a filled honeypot is answered like a real submission, recorded as spam, with no outbox job",
    async (name, make) => {
      const app = appWith()
      const real = (await (await post(app, name, make())).json()) as Record<string, unknown>
      const before = await counts(db)
      const body = { ...make(), website: "http://cheap-pills.example" }
      const response = await post(app, name, body)
      expect(response.status).toBe(200)
      const answer = (await response.json()) as Record<string, unknown>
      // Same keys, same text, a reference shaped like a real one (a text naming it names the bot's own).
      expect(Object.keys(answer)).toEqual(Object.keys(real))
      const reference = String(answer.reference)
      expect(reference).toMatch(/^WEB\d{6}$/)
      const own = (text: unknown) => (typeof text === "string" ? text.replace(String(real.reference), reference) : text)
      expect(answer).toEqual({ ...real, reference, message: own(real.message) })
      // Nothing to send, only its place in the office's next spam digest (one job per opening time).
      expect(await counts(db)).toEqual({ ...before, calls: (before.calls ?? 0) + 1, spamDigests: 1 })
      const [spam] = await db.query<{ reason: string; function_name: string; body: Record<string, unknown> }>(
        `select * from spam_attempts where submission_id = $1`,
        [body.submissionId],
      )
      expect(spam).toMatchObject({
        reason: "honeypot",
        function_name: name,
        body: objectContaining({ website: "http://cheap-pills.example" }),
      })

      // Idempotency still applies: a repeat gets the same answer and writes nothing.
      const after = await counts(db)
      const again = await post(app, name, body)
      expect(await again.json()).toEqual(answer)
      expect(await counts(db)).toEqual(after)
    },
  )

  test("a form sent sooner than MIN_FORM_FILL_MS after it was opened is spam", async () => {
    const before = await counts(db)
    const body = { ...bodies.booking(), formFillMs: 500 }
    const response = await post(appWith(), "process-simple-lead", body)
    expect(await response.json()).toMatchObject({
      success: true,
      message: "Your $49 price is reserved. We'll call you within 24 hours to choose the time of your visit.",
    })
    expect((await counts(db)).leads).toBe(before.leads)
    expect((await counts(db)).jobs).toBe(before.jobs)
    expect(await db.query(`select reason from spam_attempts where submission_id = $1`, [body.submissionId])).toEqual([
      { reason: "too_fast" },
    ])
  })

  test("the fill time is the browser's own elapsed time: no clock of the visitor's is compared with ours; MIN_FORM_FILL_MS=0 turns the check off", async () => {
    // A visitor whose computer clock is 30 s fast and who spends 31 s in the form sends 31,000: a lead.
    const slowVisitor = { ...bodies.booking(), formFillMs: 31_000 }
    expect((await post(appWith(), "process-simple-lead", slowVisitor)).status).toBe(200)
    expect(await db.query(`select 1 from leads where submission_id = $1`, [slowVisitor.submissionId])).toHaveLength(1)
    const quick = { ...bodies.booking(), formFillMs: 0 }
    expect((await post(appWith({ MIN_FORM_FILL_MS: "0" }), "process-simple-lead", quick)).status).toBe(200)
    expect(await db.query(`select 1 from leads where submission_id = $1`, [quick.submissionId])).toHaveLength(1)
  })

  test("impossible fill times (negative, endless, sent as 1e400) are a bot's: answered as usual, stored only as spam", async () => {
    const app = appWith()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
          fc.double({ min: MAX_FORM_FILL_MS + 1, noNaN: true }),
          fc.constant(Number.MAX_VALUE),
        ),
        async (formFillMs) => {
          const body = bodies.contact()
          // JSON cannot carry Infinity; "1e400" parses to it, so write the number into the text by hand.
          const text = JSON.stringify({ ...body, formFillMs: 0 }).replace(
            '"formFillMs":0',
            `"formFillMs":${Number.isFinite(formFillMs) ? formFillMs : "1e400"}`,
          )
          const response = await post(app, "process-contact", text)
          expect(response.status).toBe(200)
          expect(
            await db.query(`select reason from spam_attempts where submission_id = $1`, [body.submissionId]),
          ).toEqual([{ reason: "impossible_fill_time" }])
          expect(
            await db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId]),
          ).toHaveLength(0)
        },
      ),
      { numRuns: 60 },
    )
  })

  test("the verdict: boundaries of the fill time", () => {
    const spam = testConfig({ MIN_FORM_FILL_MS: "3000" }).spam
    expect(spamReason({ website: "", formFillMs: 0 }, spam)).toBe("too_fast")
    expect(spamReason({ website: "", formFillMs: 2_999 }, spam)).toBe("too_fast")
    expect(spamReason({ website: "", formFillMs: 3_000 }, spam)).toBeNull()
    expect(spamReason({ website: "", formFillMs: 3_000.5 }, spam)).toBeNull()
    expect(spamReason({ website: "", formFillMs: MAX_FORM_FILL_MS }, spam)).toBeNull()
    expect(spamReason({ website: "", formFillMs: MAX_FORM_FILL_MS + 1 }, spam)).toBe("impossible_fill_time")
    expect(spamReason({ website: "", formFillMs: -1 }, spam)).toBe("impossible_fill_time")
    expect(spamReason({ website: "", formFillMs: Number.POSITIVE_INFINITY }, spam)).toBe("impossible_fill_time")
    expect(spamReason({ website: "", formFillMs: Number.NaN }, spam)).toBe("impossible_fill_time")
    expect(spamReason({ website: "x", formFillMs: 60_000 }, spam)).toBe("honeypot")
  })

  test("a bot's wizard submission shares one reference across its three calls, as a real one does", async () => {
    const app = appWith()
    const lead = { ...bodies.estimateLead(), website: "spam" }
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, website: "spam" }
    const answers = await Promise.all(
      [
        post(app, "process-simple-lead", lead),
        post(app, "process-estimate", request),
        post(app, "send-estimate-confirmation", request),
      ].map(async (r): Promise<unknown> => (await r).json()),
    )
    expect(new Set(answers.map((a) => (a as { reference: string }).reference)).size).toBe(1)
    expect(await db.query(`select hits from spam_attempts where submission_id = $1`, [lead.submissionId])).toEqual([
      { hits: 3 },
    ])
    expect(
      await db.query(`select 1 from outbox_jobs where dedupe_key like $1`, [`${lead.submissionId}:%`]),
    ).toHaveLength(0)
  })

  test("one address's flood keeps a bounded number of records per day and reason; past it calls are counted, answered alike", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "0" })
    const ip = nextIp()
    const sent = Array.from({ length: SPAM_KEEP.records + 5 }, () => ({ ...bodies.contact(), website: "x" }))
    const answers: unknown[] = []
    for (const body of sent) {
      const response = await post(app, "process-contact", body, { "x-forwarded-for": ip })
      expect(response.status).toBe(200)
      answers.push(await response.json())
    }
    expect(answers).toEqual(sent.map(() => objectContaining({ success: true, reference: textMatching(/^WEB\d{6}$/) })))
    const ids = sent.map((b) => b.submissionId)
    const kept = await db.query(`select 1 from spam_attempts where submission_id = any($1::uuid[])`, [
      `{${ids.join(",")}}`,
    ])
    expect(kept).toHaveLength(SPAM_KEEP.records)
    // Another address is not held back by it.
    const other = { ...bodies.contact(), website: "x" }
    expect((await post(app, "process-contact", other, { "x-forwarded-for": nextIp() })).status).toBe(200)
    expect(await db.query(`select 1 from spam_attempts where submission_id = $1`, [other.submissionId])).toHaveLength(1)
  })
})

describe("the per-IP rate limit", () => {
  test("the request after RATE_LIMIT_MAX gets 429 with Retry-After and CORS headers, and stores nothing", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" })
    const ip = nextIp()
    // Counted across the functions, spam included.
    expect((await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": ip })).status).toBe(200)
    // The gateway appends the visitor's address; what the client wrote before it does not count.
    expect(
      (await post(app, "process-simple-lead", bodies.booking(), { "x-forwarded-for": `10.0.0.1, ${ip}` })).status,
    ).toBe(200)
    expect(
      (await post(app, "process-estimate", { ...bodies.estimateRequest(), website: "x" }, { "x-forwarded-for": ip }))
        .status,
    ).toBe(200)

    const before = await counts(db)
    const limited = await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": ip })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ success: false, error: textMatching(/.+/) })
    const retryAfter = Number(limited.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(limited.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN)
    expect(limited.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("retry-after")
    expect(await counts(db)).toEqual(before)

    // Another visitor is not limited.
    expect((await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": nextIp() })).status).toBe(200)
  })

  test("a re-sent submission that was already answered gets its answer again, uncounted; once the window is used up it waits like any request", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "2" })
    const ip = nextIp()
    const body = bodies.booking()
    const first = await post(app, "process-simple-lead", body, { "x-forwarded-for": ip })
    expect(first.status).toBe(200)
    // The browser re-sends what it kept: answered again, never counted.
    for (let i = 0; i < 5; i++) {
      const replay = await post(app, "process-simple-lead", body, { "x-forwarded-for": ip })
      expect(replay.status).toBe(200)
      expect(await replay.json()).toEqual(await first.clone().json())
    }
    expect((await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": ip })).status).toBe(200)
    // The window is used up: refused from memory before the body is read (so before the look-up), with
    // Retry-After; the lead is stored already and the browser keeps the re-send until then.
    const waiting = await post(app, "process-simple-lead", body, { "x-forwarded-for": ip })
    expect(waiting.status).toBe(429)
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(await db.query(`select 1 from leads where submission_id = $1`, [body.submissionId])).toHaveLength(1)
  })

  test("RATE_LIMIT_MAX=0 turns the limit off", async () => {
    const app = appWith({ RATE_LIMIT_MAX: "0" })
    const ip = nextIp()
    for (let i = 0; i < 25; i++)
      expect((await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": ip })).status).toBe(200)
  })

  test("fixed windows: a new window starts from zero, Retry-After counts to its end, ended windows are cleared, only a hash is kept", async () => {
    const spam = testConfig({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "60" }).spam
    const start = Date.UTC(2030, 0, 1, 12, 0, 0)
    const hash = "a".repeat(64)
    expect(await takeRateLimit(db, hash, spam, start + 1_000)).toEqual({ allowed: true, hits: 1 })
    expect(await takeRateLimit(db, hash, spam, start + 2_000)).toEqual({ allowed: true, hits: 2 })
    expect(await takeRateLimit(db, hash, spam, start + 20_500)).toEqual({
      allowed: false,
      hits: 3,
      retryAfterSeconds: 40,
    })
    expect(await takeRateLimit(db, hash, spam, start + 60_000)).toEqual({ allowed: true, hits: 1 })
    expect(await db.query(`select hits from rate_limits where ip_hash = $1`, [hash])).toEqual([{ hits: 1 }])
    const stored = await db.query<{ ip_hash: string }>(`select ip_hash from rate_limits`)
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.ip_hash))).toBe(true)
  })
})

describe("Cloudflare Turnstile", () => {
  type Call = { url: string; form: URLSearchParams }
  const fakeSiteverify = (answer: () => Promise<Response>) => {
    const calls: Call[] = []
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: input instanceof Request ? input.url : input.toString(),
        form: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      })
      return answer()
    }) as typeof fetch
    return { calls, fetchImpl }
  }
  const json = (value: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } }))
  const withTurnstile = (fetchImpl: typeof fetch) => appWith({ TURNSTILE_SECRET_KEY: "ts-secret" }, fetchImpl)

  test("a valid token is verified server-side (secret, response, remoteip) and the lead is stored", async () => {
    const { calls, fetchImpl } = fakeSiteverify(() => json({ success: true, "error-codes": [] }))
    const body = { ...bodies.booking(), turnstileToken: "token-ok" }
    const response = await post(withTurnstile(fetchImpl), "process-simple-lead", body, {
      "x-forwarded-for": "192.0.2.44",
    })
    expect(response.status).toBe(200)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(TURNSTILE_VERIFY_URL)
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      secret: "ts-secret",
      response: "token-ok",
      remoteip: "192.0.2.44",
      idempotency_key: body.submissionId,
    })
    expect(await db.query(`select 1 from leads where submission_id = $1`, [body.submissionId])).toHaveLength(1)

    // A re-send carries a spent (or another) token: it gets the stored answer without asking Cloudflare again.
    const again = await post(withTurnstile(fetchImpl), "process-simple-lead", { ...body, turnstileToken: "spent" })
    expect(again.status).toBe(200)
    expect(calls).toHaveLength(1)
  })

  test("a missing token is a 400 naming turnstileToken, and nothing is stored", async () => {
    const { fetchImpl } = fakeSiteverify(() => json({ success: false, "error-codes": ["invalid-input-response"] }))
    const before = await counts(db)
    const response = await post(withTurnstile(fetchImpl), "process-contact", bodies.contact())
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      success: false,
      error: anyOf(String),
      fields: { turnstileToken: anyOf(String) },
    })
    expect(await counts(db)).toEqual(before)
  })

  test("a token siteverify rejects as a bot's is filed as spam (turnstile_failed), answered as a lead is", async () => {
    const { fetchImpl } = fakeSiteverify(() => json({ success: false, "error-codes": ["invalid-input-response"] }))
    const body = { ...bodies.contact(), turnstileToken: "token-bad" }
    const response = await post(withTurnstile(fetchImpl), "process-contact", body)
    expect(response.status).toBe(200)
    expect(await db.query(`select reason from spam_attempts where submission_id = $1`, [body.submissionId])).toEqual([
      { reason: "turnstile_failed" },
    ])
    expect(await db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId])).toEqual([])
  })

  test.each([
    ["the network fails", () => Promise.reject(new TypeError("fetch failed"))],
    ["siteverify answers 500", () => json({ error: "oops" }, 500)],
    ["siteverify answers garbage", () => Promise.resolve(new Response("<html>", { status: 200 }))],
  ])("when %s the lead is stored, flagged turnstile_unverified for the office (never a 503)", async (_case, answer) => {
    const { fetchImpl } = fakeSiteverify(answer)
    const body = { ...bodies.estimateRequest(), turnstileToken: "token" }
    const response = await post(withTurnstile(fetchImpl), "process-estimate", body)
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN)
    const [lead] = await db.query<{ flags: { code: string; detail: string }[] }>(
      `select flags from leads where submission_id = $1`,
      [body.submissionId],
    )
    expect(lead?.flags.filter((flag) => flag.code === "turnstile_unverified")).toEqual([
      { code: "turnstile_unverified", detail: textMatching(/^siteverify unreachable/) },
    ])
  })

  test("without TURNSTILE_SECRET_KEY nothing is verified", async () => {
    const { calls, fetchImpl } = fakeSiteverify(() => json({ success: false }))
    expect((await post(appWith({}, fetchImpl), "process-contact", bodies.contact())).status).toBe(200)
    expect(calls).toHaveLength(0)
  })
})

test("the spam settings are validated", () => {
  const config = (values: Record<string, string>) => () =>
    configFromEnv((name) => values[name], { ipHashSalt: TEST_IP_HASH_SALT })
  expect(config({})().spam).toEqual({
    minFormFillMs: 3000,
    rateLimitMax: 20,
    rateLimitWindowSeconds: 600,
    rateLimitNetworkFactors: { "ipv6/56": 4, "ipv6/48": 16, "ipv4/24": 0 },
    turnstileSecretKey: undefined,
    turnstileVerifyUrl: TURNSTILE_VERIFY_URL,
    turnstileTimeoutMs: 3000,
    officeRateLimitMax: 60,
    calendarRateLimitMax: 120,
    // No provider set: the local stand-ins cost nothing, so no customer budget by default.
    customerBudget: {
      windowSeconds: 3600,
      sms: { perRecipient: 0, perAddress: 0, overall: 0 },
      email: { perRecipient: 0, perAddress: 0, overall: 0 },
      networkFactors: { "ipv6/56": 2, "ipv6/48": 4, "ipv4/24": 0 },
    },
    officeLinkFailuresMax: 5,
    trustedProxyHops: 1,
  })
  expect(
    configFromEnv(() => undefined, { ipHashSalt: TEST_IP_HASH_SALT, defaultTrustedProxyHops: 0 }).spam.trustedProxyHops,
  ).toBe(0)
  expect(config({ TRUSTED_PROXY_HOPS: "2" })().spam.trustedProxyHops).toBe(2)
  expect(config({ TRUSTED_PROXY_HOPS: "1.5" })).toThrow("TRUSTED_PROXY_HOPS must be a whole number")
  expect(config({ TRUSTED_PROXY_HOPS: "-1" })).toThrow("TRUSTED_PROXY_HOPS")
  expect(config({ MIN_FORM_FILL_MS: "-1" })).toThrow("MIN_FORM_FILL_MS")
  expect(config({ RATE_LIMIT_MAX: "many" })).toThrow("RATE_LIMIT_MAX")
  expect(config({ RATE_LIMIT_WINDOW_SECONDS: "0" })).toThrow("RATE_LIMIT_WINDOW_SECONDS must be at least 1")
  expect(
    config({ RATE_LIMIT_IPV6_56_FACTOR: "2", RATE_LIMIT_IPV6_48_FACTOR: "0", RATE_LIMIT_IPV4_24_FACTOR: "8" })().spam
      .rateLimitNetworkFactors,
  ).toEqual({ "ipv6/56": 2, "ipv6/48": 0, "ipv4/24": 8 })
  expect(config({ RATE_LIMIT_IPV6_48_FACTOR: "1.5" })).toThrow("RATE_LIMIT_IPV6_48_FACTOR must be a whole number")
  expect(config({ RATE_LIMIT_IPV4_24_FACTOR: "-2" })).toThrow("RATE_LIMIT_IPV4_24_FACTOR")
  expect(config({ TURNSTILE_SECRET_KEY: " ts " })().spam.turnstileSecretKey).toBe("ts")
  expect(config({ TURNSTILE_VERIFY_URL: "http://127.0.0.1:9/siteverify" })().spam.turnstileVerifyUrl).toBe(
    "http://127.0.0.1:9/siteverify",
  )
  expect(config({ TURNSTILE_VERIFY_URL: "not a url" })).toThrow("TURNSTILE_VERIFY_URL must be an http(s) URL")
})
