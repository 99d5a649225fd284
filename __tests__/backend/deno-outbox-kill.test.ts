/**
 * @jest-environment node
 *
 * Under Deno, as deployed: dispatch-outbox killed with SIGKILL while Twilio holds a customer's text it
 * has already taken. On Supabase nothing takes the job back at start (other workers may be running):
 * its lease, sized from its own try (three requests of ALERT_TIMEOUT_MS and a margin, not the batch),
 * runs out, and the next dispatch-outbox looks the text up at Twilio instead of sending it again.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { jobLeaseMs } from "../../supabase/functions/_shared/outbox/claim"
import { OUTBOX_JOBS } from "../../supabase/functions/_shared/outbox/jobs"
import { TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN } from "./alert-rig"
import { AFTER_HANG_UP, HANG_UP_TIMEOUT_MS, fakeTwilio, type FakeTwilio } from "./fake-servers"
import { freshDb, postJson, testConfig } from "./helpers"
import { serveUnderDeno, spawnDeno, stopDenoFunctions } from "./deno-server"

jest.setTimeout(180_000)

let pg: PGlite
let wire: WireServer
let databaseUrl: string
let twilio: FakeTwilio
let firstLife = true

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  // Sends on receipt; in the first life it holds its answer until the caller hangs up.
  twilio = await fakeTwilio({ answerAfterMs: () => (firstLife ? AFTER_HANG_UP : 0) })
})
afterAll(async () => {
  stopDenoFunctions()
  await twilio.close()
  await wire.stop()
  await pg.close()
})

const twilioEnv = () => ({
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: twilio.url,
  ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS,
  OUTBOX_BACKOFF_BASE_MS: "0",
})

test("dispatch-outbox killed with SIGKILL while Twilio holds the text it took: after the job's own lease the next run finds it, and it is sent once", async () => {
  const withTwilio = twilioEnv()
  await pg.query(
    `insert into outbox_jobs (kind, dedupe_key, payload) values ('customer_sms', 'deno-kill:sms', $1::text::jsonb)`,
    [JSON.stringify({ to: "+19145550188", body: "Thanks, Dana: we have your request WEB123456." })],
  )
  const dying = await spawnDeno("dispatch-outbox", databaseUrl, withTwilio)
  for (;;) {
    const up = await fetch(dying.url, { method: "OPTIONS" }).then(
      () => true,
      () => false,
    )
    if (up) break
    if (dying.child.exitCode !== null) throw new Error(dying.output())
    await new Promise((r) => setTimeout(r, 100))
  }
  void postJson(`${dying.url}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" }).catch(() => undefined)
  await twilio.untilSent(1)
  dying.child.kill("SIGKILL")
  await dying.exited
  const killedAt = Date.now()
  firstLife = false
  const [held] = (
    await pg.query<{ status: string; started: boolean }>(
      `select status, attempt_started_at is not null as started from outbox_jobs where dedupe_key = 'deno-kill:sms'`,
    )
  ).rows
  // Left as the killed worker had it: claimed, its try recorded before the call.
  expect(held).toEqual({ status: "sending", started: true })

  const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, withTwilio)
  const lease = jobLeaseMs(OUTBOX_JOBS.handlers.customer_sms, testConfig({ ALERT_TIMEOUT_MS: HANG_UP_TIMEOUT_MS }))
  let status = "sending"
  while (status !== "sent" && Date.now() - killedAt < lease + 30_000) {
    await postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })
    const [row] = (
      await pg.query<{ status: string }>(`select status from outbox_jobs where dedupe_key = 'deno-kill:sms'`)
    ).rows
    status = row?.status ?? "missing"
    if (status !== "sent") await new Promise((r) => setTimeout(r, 250))
  }
  const tookMs = Date.now() - killedAt
  const [job] = (
    await pg.query<{ status: string; last_error: string | null }>(
      `select status, last_error from outbox_jobs where dedupe_key = 'deno-kill:sms'`,
    )
  ).rows
  console.log(`Under Deno: settled ${(tookMs / 1000).toFixed(1)} s after the kill (its lease ${lease / 1000} s)`)
  expect(job?.status).toBe("sent")
  expect(job?.last_error).toMatch(/^Found already sent at Twilio/)
  expect(twilio.messages).toHaveLength(1)
  expect(twilio.received.filter((r) => r.method === "POST")).toHaveLength(1)
  // Not before the lease ran out (another worker might still be at it), and not long after.
  expect(tookMs).toBeLessThanOrEqual(lease + 10_000)
})
