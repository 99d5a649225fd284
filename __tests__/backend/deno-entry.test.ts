/**
 * @jest-environment node
 *
 * What deploys is what is tested: each supabase/functions/<name>/index.ts runs
 * under Deno (the `deno` npm package) against a real Postgres wire server
 * (PGlite behind server/wire-server.ts), and answers a real request.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { sha256Hex } from "../../supabase/functions/_shared/crypto"
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { fakeServer } from "./fake-servers"
import { ANON_KEY, bodies, freshDb } from "./helpers"
import { serveUnderDeno as serveFunction, spawnDeno, stopDenoFunctions } from "./deno-server"

jest.setTimeout(180_000)

let pg: PGlite
let wire: WireServer
let databaseUrl: string

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
})
afterAll(async () => {
  stopDenoFunctions()
  await wire.stop()
  await pg.close()
})

const serveUnderDeno = (name: string, env: Record<string, string> = {}) => serveFunction(name, databaseUrl, env)

const publicCalls: Array<[string, () => object]> = [
  ["process-contact", bodies.contact],
  ["process-simple-lead", bodies.callback],
  ["process-estimate", bodies.estimateRequest],
  ["send-estimate-confirmation", bodies.estimateRequest],
]

test.each(publicCalls)("%s runs under Deno and stores the request", async (name, body) => {
  // No wake: the jobs are left for the dispatch-outbox test below.
  const url = await serveUnderDeno(name, { OUTBOX_WAKE: "0" })
  const request = body() as { submissionId: string }
  // Edge Functions see the path /<name>; the local app also serves /functions/v1/<name>.
  const response = await fetch(`${url}/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify(request),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ success: true })
  const stored = await pg.query(`select 1 from function_calls where function_name = $1 and submission_id = $2`, [
    name,
    request.submissionId,
  ])
  expect(stored.rows).toHaveLength(1)
  const other = await fetch(`${url}/process-everything`, { method: "POST", headers: { apikey: ANON_KEY } })
  expect(other.status).toBe(404)
})

test("dispatch-outbox runs under Deno and delivers the queued jobs", async () => {
  const url = await serveUnderDeno("dispatch-outbox")
  const response = await fetch(`${url}/dispatch-outbox`, {
    method: "POST",
    headers: { authorization: "Bearer dispatch-secret" },
  })
  expect(response.status).toBe(200)
  const result = (await response.json()) as { success: boolean; sent: number }
  expect(result.success).toBe(true)
  expect(result.sent).toBeGreaterThan(0)
  // One mailbox message per e-mail job sent (office-alert steps and SMS or chat alerts are sent elsewhere).
  const mailbox = await pg.query(`select 1 from dev_mailbox`)
  const emailsSent = await pg.query(
    `select 1 from outbox_jobs where status = 'sent' and kind in ('company_email', 'customer_email', 'alert_email')`,
  )
  expect(emailsSent.rows.length).toBeGreaterThan(0)
  expect(mailbox.rows.length).toBe(emailsSent.rows.length)
  // JSON written through postgres.js is stored as JSON objects, not as strings.
  const shapes = await pg.query<{ shape: string }>(
    `select distinct jsonb_typeof(payload) as shape from outbox_jobs union select distinct jsonb_typeof(pests) from leads`,
  )
  expect(shapes.rows.map((r) => r.shape).sort()).toEqual(["array", "object"])
  // Every delivery is done; only an alert step, a morning summary, a spam digest or the weekly report may wait (for opening time or a deadline).
  const unsent = await pg.query(
    `select kind, last_error from outbox_jobs where status not in ('sent', 'not_configured')
       and (kind not in ('alert_step', 'morning_summary', 'spam_digest', 'weekly_report', 'pipeline_check') or next_attempt_at <= now())`,
  )
  expect(unsent.rows).toEqual([])
})

describe("the rate limit under Deno cannot be lifted by X-Forwarded-For", () => {
  const MAX = 5
  const send = (url: string, forwardedFor: string) =>
    fetch(`${url}/process-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY, "x-forwarded-for": forwardedFor },
      body: JSON.stringify(bodies.contact()),
    }).then(async (response) => {
      await response.arrayBuffer()
      return response.status
    })
  const statuses = async (url: string, headers: string[]) => {
    const answers: number[] = []
    for (const header of headers) answers.push(await send(url, header))
    return answers
  }
  const limited = [...Array.from({ length: MAX }, () => 200), 429, 429]
  let n = 0
  const invented = () => `198.18.${++n % 256}.${(n * 7) % 256}`

  test("behind the gateway (one hop, the default): rotated client-written entries, and a bare ',', are limited; the latter by Deno's peer address", async () => {
    const salt = "deno-rate-limit-test-salt-one-hop"
    const url = await serveUnderDeno("process-contact", { RATE_LIMIT_MAX: String(MAX), IP_HASH_SALT: salt })
    expect(
      await statuses(
        url,
        Array.from({ length: MAX + 2 }, () => `${invented()}, ${invented()}, 203.0.113.7`),
      ),
    ).toEqual(limited)
    expect(
      await statuses(
        url,
        Array.from({ length: MAX + 2 }, () => ","),
      ),
    ).toEqual(limited)
    // The bare "," fell back to the socket's address (Deno.serve's info.remoteAddr), not to no limit.
    const peer = await pg.query<{ hits: number }>(`select hits from rate_limits where ip_hash = $1`, [
      sha256Hex(`${salt}:127.0.0.1`),
    ])
    expect(peer.rows).toEqual([{ hits: MAX }])
  })

  test("with no trusted proxy (TRUSTED_PROXY_HOPS=0): X-Forwarded-For is ignored, so rotating it gains nothing", async () => {
    const url = await serveUnderDeno("process-contact", {
      RATE_LIMIT_MAX: String(MAX),
      IP_HASH_SALT: "deno-rate-limit-test-salt-zero-hops",
      TRUSTED_PROXY_HOPS: "0",
    })
    expect(await statuses(url, Array.from({ length: MAX + 2 }, invented))).toEqual(limited)
  })
})

test.each([
  ["unset", "", "IP_HASH_SALT is not set"],
  ["too short", "0123456789abcde", "IP_HASH_SALT is shorter than 16 characters"],
])("a function refuses to start with IP_HASH_SALT %s, saying how to set it", async (_case, salt, problem) => {
  const deno = await spawnDeno("process-contact", databaseUrl, { IP_HASH_SALT: salt })
  expect(await deno.exited).not.toBe(0)
  expect(deno.output()).toContain(problem)
  expect(deno.output()).toContain("supabase secrets set IP_HASH_SALT=$(openssl rand -hex 32)")
})

test("under Deno, odd but real input is stored whole: broken Unicode and NUL replaced, line breaks kept out of the subject; an impossible fill time is a bot's", async () => {
  // No wake (deno-server.ts): the function is idle once it has answered, so reading PGlite here cannot interleave with it.
  const url = await serveUnderDeno("process-contact")
  const post = (body: object) =>
    fetch(`${url}/process-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY },
      body: JSON.stringify(body),
    })

  const lead = {
    ...bodies.contact(),
    name: "Ann\r\nBcc: victim@example.com \ud83d",
    message: "ants\u0000 by the \udc00 sink",
  }
  expect((await post(lead)).status).toBe(200)
  const { rows } = await pg.query<{ name: string; message: string }>(
    `select name, message from contact_messages where submission_id = $1`,
    [lead.submissionId],
  )
  expect(rows).toEqual([{ name: "Ann\r\nBcc: victim@example.com \uFFFD", message: "ants\uFFFD by the \uFFFD sink" }])
  const jobs = await pg.query<{ subject: string }>(
    `select payload->>'subject' as subject from outbox_jobs where dedupe_key = $1`,
    [`${lead.submissionId}:company_email`],
  )
  expect(jobs.rows).toEqual([{ subject: "New website message from Ann Bcc: victim@example.com \uFFFD" }])

  const bot = { ...bodies.contact(), formFillMs: -1 }
  expect((await post(bot)).status).toBe(200)
  const spam = await pg.query(`select reason from spam_attempts where submission_id = $1`, [bot.submissionId])
  expect(spam.rows).toEqual([{ reason: "impossible_fill_time" }])
})

test("under Deno, a lead with its attribution and consent is accepted and stores them, the attribution as a JSON object", async () => {
  const url = await serveUnderDeno("process-simple-lead")
  const at = "2026-11-20T14:05:00.000Z"
  const attribution = {
    first: { referrer: "www.google.com", landing_path: "/", at },
    last: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring-ants", gclid: "Cj0KCQiA-abc_123", at },
  }
  const consent = { version: LEAD_CONSENT.current, at, sms: { version: LEAD_CONSENT.sms.current, at } }
  const lead = { ...bodies.booking(), attribution, consent }
  const response = await fetch(`${url}/process-simple-lead`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify(lead),
  })
  expect(response.status).toBe(200)
  const { rows } = await pg.query(
    `select jsonb_typeof(attribution) as shape, attribution, consent_version, sms_consent_version,
            consent_client_at = $2::timestamptz as agreed_then
     from leads where submission_id = $1`,
    [lead.submissionId, at],
  )
  expect(rows).toEqual([
    {
      shape: "object",
      attribution,
      consent_version: LEAD_CONSENT.current,
      sms_consent_version: LEAD_CONSENT.sms.current,
      agreed_then: true,
    },
  ])
})

// Last in this file: the woken run goes on delivering in the background, and no later test may query PGlite meanwhile.
test("process-contact under Deno sends its company e-mail right after the answer, with no dispatch-outbox call", async () => {
  // A fake e-mail API, not the local mailbox: the test waits for the delivery itself rather than polling the
  // database the woken run is using.
  const api = await fakeServer([200])
  try {
    const url = await serveUnderDeno("process-contact", {
      RESEND_API_KEY: "re_test",
      RESEND_API_URL: api.url,
      LOCAL_MAILBOX: "",
      OUTBOX_WAKE: "1",
    })
    // A name of its own: the woken run also delivers what earlier tests left queued.
    const request = { ...bodies.contact(), name: "Wendy Wake" }
    const response = await fetch(`${url}/process-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY },
      body: JSON.stringify(request),
    })
    expect(response.status).toBe(200)
    // Waits for the delivery (an event at the fake API), with a deadline.
    const deadline = Date.now() + 30_000
    const subjects = () => api.delivered().map((r) => (JSON.parse(r.body) as { subject: string }).subject)
    while (!subjects().includes("New website message from Wendy Wake") && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve))
    expect(subjects().filter((subject) => subject === "New website message from Wendy Wake")).toHaveLength(1)
  } finally {
    await api.close()
  }
})
