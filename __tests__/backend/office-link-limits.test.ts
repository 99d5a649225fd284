/**
 * @jest-environment node
 *
 * The office's one-tap links are rate limited per address, with the lead functions'
 * Postgres limit and flood guard under keys of their own: calls (OFFICE_RATE_LIMIT_MAX, three times a
 * visitor's budget by default) and failed token checks (OFFICE_LINK_FAILURES_MAX, 5), so forged tokens
 * are refused before their signature is checked, and neither the office nor the visitors use up the
 * other's budget. The signed token is the authority: any origin, any apikey.
 */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import * as signedLink from "../../supabase/functions/_shared/office-links/signed-link"
import { createApp } from "../../supabase/functions/_shared/app"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { bodies, nextVisitorIp, post, storedIdOf, testConfig, withFreshDb } from "./helpers"

jest.setTimeout(120_000)

// The module's own functions, as plain properties jest.spyOn can replace (compiled exports are getters it cannot).
jest.mock("../../supabase/functions/_shared/office-links/signed-link", () => ({
  __esModule: true,
  ...jest.requireActual<object>("../../supabase/functions/_shared/office-links/signed-link"),
}))

let db: Db
withFreshDb((fresh) => {
  db = fresh
})

/** A visitor's budget of 3 makes the office's 9; a day-long window keeps a run inside one window. */
const ENV = { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "86400" }
const config: BackendConfig = testConfig(ENV)
const OFFICE_CALLS = config.spam.officeRateLimitMax
const FAILURES = config.spam.officeLinkFailuresMax

/** A stored contact message and a real "I'm on it" link to it. */
async function messageAndLink() {
  const response = await post(createApp({ db, config: testConfig() }), "process-contact", bodies.contact())
  const { reference } = (await response.json()) as { reference: string }
  const token = signedLink.signLink(config.alerts.linkSecret, {
    purpose: "acknowledge",
    record: "message",
    id: await storedIdOf(db, reference),
    to: "Dana",
    expires: Math.floor(Date.now() / 1000) + 3600,
  })
  return { reference, token }
}

/** A token shaped like ours that no secret of ours signed. */
const forged = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{8,80}$/), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/))
  .map(([body, signature]) => `v1.${body}.${signature}`)

const tap = (
  app: ReturnType<typeof createApp>,
  token: string,
  ip: string,
  headers: Record<string, string> = { apikey: config.anonKey, origin: "http://localhost:9000" },
) =>
  app.request("/functions/v1/acknowledge-lead", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
    body: JSON.stringify({ token, confirm: false }),
  })

afterEach(() => jest.restoreAllMocks())

test("60 forged tokens from one address: 5 are checked and refused 400, the other 55 are refused 429 before any signature check", async () => {
  const verify = jest.spyOn(signedLink, "verifyLink")
  const app = createApp({ db, config })
  const ip = "203.0.113.60"
  const tokens = fc.sample(forged, 60)
  const statuses: number[] = []
  let retryAfter: string | null = null
  for (const token of tokens) {
    const response = await tap(app, token, ip)
    statuses.push(response.status)
    if (response.status === 429) retryAfter = response.headers.get("retry-after")
  }
  expect(statuses).toEqual([...Array.from({ length: FAILURES }, () => 400), ...Array.from({ length: 55 }, () => 429)])
  expect(verify).toHaveBeenCalledTimes(FAILURES)
  expect(Number(retryAfter)).toBeGreaterThan(0)
  // Another address is not held back by this one.
  const { token } = await messageAndLink()
  expect((await tap(app, token, "203.0.113.61")).status).toBe(200)
})

test("any sequence of real and forged taps from one address: a forged one costs its small failure budget, every one a call", async () => {
  const { token: valid } = await messageAndLink()
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(forged, fc.constant(valid)), { minLength: 1, maxLength: 30 }),
      async (tokens) => {
        const verify = jest.spyOn(signedLink, "verifyLink")
        const app = createApp({ db, config })
        const ip = nextVisitorIp()
        // The model: refused from memory once either budget is spent; otherwise counted as a call, then checked.
        let calls = 0
        let failures = 0
        const expected = tokens.map((token) => {
          if (failures >= FAILURES || calls >= OFFICE_CALLS) return 429
          calls++
          if (token === valid) return 200
          failures++
          return 400
        })
        const statuses: number[] = []
        for (const token of tokens) statuses.push((await tap(app, token, ip)).status)
        expect(statuses).toEqual(expected)
        expect(verify).toHaveBeenCalledTimes(calls)
        verify.mockRestore()
      },
    ),
    { numRuns: 25 },
  )
})

test("the office's taps and the visitors' leads use budgets apart: neither is refused for the other's", async () => {
  const app = createApp({ db, config })
  const { token } = await messageAndLink()
  const ip = nextVisitorIp()
  const from = { "x-forwarded-for": ip }
  // The address uses up its visitor budget…
  const leads: number[] = []
  for (let i = 0; i <= config.spam.rateLimitMax; i++)
    leads.push((await post(app, "process-contact", bodies.contact(), from)).status)
  expect(leads).toEqual([200, 200, 200, 429])
  // …and can still tap the office's links, up to the office's own budget.
  const taps: number[] = []
  for (let i = 0; i <= OFFICE_CALLS; i++) taps.push((await tap(app, token, ip)).status)
  expect(taps).toEqual([...Array.from({ length: OFFICE_CALLS }, () => 200), 429])

  // The other way round: an office phone that tapped its budget away still sends a lead.
  const other = nextVisitorIp()
  for (let i = 0; i < OFFICE_CALLS; i++) await tap(app, token, other)
  expect((await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": other })).status).toBe(200)
})

test("the signed token is the authority: any origin and no apikey (a rotated key) still open the link", async () => {
  const app = createApp({ db, config })
  const { reference, token } = await messageAndLink()
  const response = await tap(app, token, nextVisitorIp(), { origin: "https://westchesterfamilypest.example" })
  expect(response.status).toBe(200)
  expect(response.headers.get("access-control-allow-origin")).toBe("https://westchesterfamilypest.example")
  expect(await response.json()).toMatchObject({ success: true, state: "ready", lead: { reference } })
  // A body no link sends, from an address that keeps sending them: a failure too.
  const ip = nextVisitorIp()
  const statuses: number[] = []
  for (let i = 0; i <= FAILURES; i++) {
    const bad = await app.request("/functions/v1/acknowledge-lead", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: i % 2 ? "{not json" : JSON.stringify({ token: randomUUID(), confirm: "yes" }),
    })
    statuses.push(bad.status)
  }
  expect(statuses).toEqual([...Array.from({ length: FAILURES }, () => 400), 429])
})
