/** @jest-environment node */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { TURNSTILE_PASS_MAX_AGE_MS } from "../../supabase/functions/_shared/spam/turnstile-pass"
import { anyOf } from "./matchers"
import { MAIL_AND_CRM, OFFICE_CLOSED_AT, TURNSTILE, bodies, counts, post, testConfig, withFreshDb } from "./helpers"

let db: Db

withFreshDb((fresh) => {
  db = fresh
})

const { verifyUrl: VERIFY_URL, secret: SECRET, message: MESSAGE } = TURNSTILE

/**
 * Siteverify as Cloudflare documents it: a known token passes once; the same token again passes only
 * with the idempotency key of its first verification; anything else is invalid. `down` makes it fail.
 */
function fakeSiteverify() {
  const valid = new Set<string>()
  const spentWith = new Map<string, string>()
  const calls: Record<string, string>[] = []
  let down = false
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString()
    if (down || url !== VERIFY_URL) return Promise.reject(new TypeError("fetch failed"))
    const form = Object.fromEntries(new URLSearchParams(typeof init?.body === "string" ? init.body : ""))
    calls.push(form)
    const token = form.response ?? ""
    const key = form.idempotency_key ?? ""
    const spent = spentWith.get(token)
    const success = form.secret === SECRET && valid.has(token) && (spent === undefined || (key !== "" && spent === key))
    if (success && spent === undefined) spentWith.set(token, key)
    const errors = success ? [] : spent !== undefined ? ["timeout-or-duplicate"] : ["invalid-input-response"]
    return Promise.resolve(
      new Response(JSON.stringify({ success, "error-codes": errors }), {
        headers: { "content-type": "application/json" },
      }),
    )
  }) as typeof fetch
  return {
    calls,
    fetchImpl,
    /** A fresh token the widget would hand out. */
    token: () => {
      const token = `token-${randomUUID()}`
      valid.add(token)
      return token
    },
    setDown: (value: boolean) => {
      down = value
    },
  }
}

const appWith = (fetchImpl: typeof fetch, clock: () => Date = () => OFFICE_CLOSED_AT, target: Db = db) =>
  createApp({
    db: target,
    config: testConfig({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: VERIFY_URL }),
    fetchImpl,
    clock,
  })

const passesOf = (submissionId: string) =>
  db.query(`select lead_hash from turnstile_passes where submission_id = $1`, [submissionId])
const leadsOf = (submissionId: string) => db.query(`select 1 from leads where submission_id = $1`, [submissionId])
const mailAndCrmOf = async (submissionId: string) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from outbox_jobs j join leads l on l.id = j.lead_id where l.submission_id = $1 and j.${MAIL_AND_CRM}`,
      [submissionId],
    )
  )[0]!.n

// The code lets a form say it in its page's language (kernel/field-errors.ts).
const refusal = {
  success: false,
  error: MESSAGE,
  fields: { turnstileToken: MESSAGE },
  codes: { turnstileToken: { code: "turnstileMissing" } },
}

test("a passing token is verified at TURNSTILE_VERIFY_URL with the submissionId as idempotency key; the lead and the pass are stored", async () => {
  const cf = fakeSiteverify()
  const body = { ...bodies.booking(), turnstileToken: cf.token() }
  const response = await post(appWith(cf.fetchImpl), "process-simple-lead", body, { "x-forwarded-for": "192.0.2.7" })
  expect(response.status).toBe(200)
  expect(cf.calls).toEqual([
    { secret: SECRET, response: body.turnstileToken, remoteip: "192.0.2.7", idempotency_key: body.submissionId },
  ])
  expect(await leadsOf(body.submissionId)).toHaveLength(1)
  expect(await passesOf(body.submissionId)).toHaveLength(1)
})

test("no token: 400 with the widget's message on turnstileToken, nothing stored, Cloudflare not asked", async () => {
  const cf = fakeSiteverify()
  const before = await counts(db)
  const body = bodies.contact()
  const response = await post(appWith(cf.fetchImpl), "process-contact", body)
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual(refusal)
  expect(cf.calls).toHaveLength(0)
  expect(await counts(db)).toEqual(before)
  expect(await passesOf(body.submissionId)).toEqual([])
})

test("the wizard's three calls with one token: verified once, one lead, one pass", async () => {
  const cf = fakeSiteverify()
  const app = appWith(cf.fetchImpl)
  const turnstileToken = cf.token()
  const lead = { ...bodies.estimateLead(), turnstileToken }
  const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, turnstileToken }
  for (const [name, body] of [
    ["process-simple-lead", lead],
    ["process-estimate", request],
    ["send-estimate-confirmation", request],
  ] as const) {
    expect({ name, status: (await post(app, name, body)).status }).toEqual({ name, status: 200 })
  }
  expect(cf.calls).toHaveLength(1)
  expect(await leadsOf(lead.submissionId)).toHaveLength(1)
  expect(await passesOf(lead.submissionId)).toHaveLength(1)
})

test("a token verified again for the same submission passes at Cloudflare (idempotency key); for another it is spent, and that lead is stored unverified", async () => {
  const cf = fakeSiteverify()
  const app = appWith(cf.fetchImpl)
  const turnstileToken = cf.token()
  const lead = { ...bodies.estimateLead(), turnstileToken }
  expect((await post(app, "process-simple-lead", lead)).status).toBe(200)
  // Without the remembered pass (two calls racing each other see none), the token goes to Cloudflare again.
  await db.query(`delete from turnstile_passes where submission_id = $1`, [lead.submissionId])
  const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, turnstileToken }
  expect((await post(app, "process-estimate", request)).status).toBe(200)
  expect(cf.calls.map((call) => call.idempotency_key)).toEqual([lead.submissionId, lead.submissionId])
  // Another submission presenting the same token: a different idempotency key, so Cloudflare says spent.
  // That is also what an expired token gets (timeout-or-duplicate): never the visitor's to fix, so stored and flagged.
  const thief = { ...bodies.contact(), turnstileToken }
  const stolen = await post(app, "process-contact", thief)
  expect(stolen.status).toBe(200)
  // And our own record of the token says it came first with another submission (spam/turnstile-pass.ts).
  expect(await flagsOfMessage(thief.submissionId)).toEqual([
    [
      { code: "turnstile_unverified", detail: "siteverify: timeout-or-duplicate" },
      { code: "turnstile_reused", detail: "its token came first with another request" },
    ],
  ])
  expect(await passesOf(thief.submissionId)).toEqual([])
})
const flagsOfMessage = async (submissionId: string) =>
  (
    await db.query<{ flags: unknown }>(`select flags from contact_messages where submission_id = $1`, [submissionId])
  ).map((row) => row.flags)

describe("a kept submission re-sent later", () => {
  /** A database whose next transaction fails: the request passed Turnstile, then broke on our side. */
  const failingOnce = (inner: Db) => {
    let fail = true
    const wrapped: Db = {
      query: (text, params) => inner.query(text, params),
      transaction: async (work) => {
        if (fail) {
          fail = false
          throw new Error("connection reset")
        }
        return inner.transaction(work)
      },
    }
    return wrapped
  }

  test.each([
    ["no token", undefined],
    ["an expired token", "expired-token"],
  ])(
    "after a verified first send that failed on our side, a re-send with %s is stored exactly once",
    async (_case, resentToken) => {
      const cf = fakeSiteverify()
      const body = { ...bodies.booking(), turnstileToken: cf.token() }
      const broken = await post(appWith(cf.fetchImpl, undefined, failingOnce(db)), "process-simple-lead", body)
      expect(broken.status).toBe(500)
      expect(await leadsOf(body.submissionId)).toHaveLength(0)
      expect(await passesOf(body.submissionId)).toHaveLength(1)

      const app = appWith(cf.fetchImpl)
      const { turnstileToken: _spent, ...kept } = body
      const resend = resentToken ? { ...kept, turnstileToken: resentToken } : kept
      const first = await post(app, "process-simple-lead", resend)
      expect(first.status).toBe(200)
      const again = await post(app, "process-simple-lead", resend)
      expect(await again.json()).toEqual(await first.json())
      expect(cf.calls).toHaveLength(1)
      expect(await leadsOf(body.submissionId)).toHaveLength(1)
      // One company and one customer e-mail: the re-sends queued nothing more.
      expect(await mailAndCrmOf(body.submissionId)).toBe(2)
    },
  )

  test("a different lead under a passed submissionId is refused without its own token", async () => {
    const cf = fakeSiteverify()
    const app = appWith(cf.fetchImpl)
    const lead = { ...bodies.estimateLead(), turnstileToken: cf.token() }
    expect((await post(app, "process-simple-lead", lead)).status).toBe(200)
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
    const other = { ...request, fullName: "Eve Intruder", firstName: "Eve", lastName: "Intruder" }
    const before = await counts(db)
    const response = await post(app, "process-estimate", other)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(refusal)
    expect(await counts(db)).toEqual(before)
    expect(await passesOf(lead.submissionId)).toHaveLength(1)
  })

  test("a pass older than the outbox keeps a submission is not honoured, and old passes are purged", async () => {
    const cf = fakeSiteverify()
    const start = new Date("2026-12-01T08:00:00Z")
    const lead = { ...bodies.estimateLead(), turnstileToken: cf.token() }
    expect(
      (
        await post(
          appWith(cf.fetchImpl, () => start),
          "process-simple-lead",
          lead,
        )
      ).status,
    ).toBe(200)
    const later = new Date(start.getTime() + TURNSTILE_PASS_MAX_AGE_MS + 60 * 60_000)
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
    const response = await post(
      appWith(cf.fetchImpl, () => later),
      "process-estimate",
      request,
    )
    expect(response.status).toBe(400)
    // Another submission's pass at that time clears the old one.
    const fresh = { ...bodies.contact(), turnstileToken: cf.token() }
    expect(
      (
        await post(
          appWith(cf.fetchImpl, () => later),
          "process-contact",
          fresh,
        )
      ).status,
    ).toBe(200)
    expect(await passesOf(lead.submissionId)).toEqual([])
  })
})

test("Cloudflare unreachable: the lead is stored flagged unverified, with its jobs; no pass is remembered", async () => {
  const cf = fakeSiteverify()
  cf.setDown(true)
  const body = { ...bodies.contact(), turnstileToken: cf.token() }
  const response = await post(appWith(cf.fetchImpl), "process-contact", body)
  expect(response.status).toBe(200)
  expect(await flagsOfMessage(body.submissionId)).toEqual([
    [{ code: "turnstile_unverified", detail: "siteverify unreachable" }],
  ])
  expect(await passesOf(body.submissionId)).toEqual([])
})

test("hostile tokens (huge, control characters, not a string) are a 400 naming turnstileToken or filed as spam, never a 500 or a lead", async () => {
  const cf = fakeSiteverify()
  const app = appWith(cf.fetchImpl)
  const before = await counts(db)
  const passesBefore = await db.query(`select 1 from turnstile_passes`)
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 5000 }),
        fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1 }),
        fc.string({ unit: "binary", minLength: 1 }),
        fc.constant("x".repeat(60_000)),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string()),
        fc.dictionary(fc.string(), fc.string()),
      ),
      async (turnstileToken) => {
        const body = { ...bodies.contact(), turnstileToken }
        const response = await post(app, "process-contact", body)
        if (response.status === 400) {
          // The contract's refusal (not a string, too long) or no token at all: named where the widget shows it.
          expect(await response.json()).toMatchObject({ fields: { turnstileToken: anyOf(String) } })
        } else {
          // A token the contract takes and Cloudflare calls invalid: a bot's, filed for the spam review.
          expect(response.status).toBe(200)
          const spam = await db.query(`select reason from spam_attempts where submission_id = $1`, [body.submissionId])
          expect(spam).toEqual([{ reason: "turnstile_failed" }])
        }
      },
    ),
    { numRuns: 80 },
  )
  // No lead, message or job: a bot's token files spam only (and its digest, counted apart).
  const after = await counts(db)
  expect({ ...after, spamDigests: before.spamDigests, calls: before.calls }).toEqual(before)
  expect(await db.query(`select 1 from turnstile_passes`)).toEqual(passesBefore)
})
