/** @jest-environment node */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { jobLeaseMs, LEASE_MARGIN_MS } from "../../supabase/functions/_shared/outbox/claim"
import { OUTBOX_JOBS } from "../../supabase/functions/_shared/outbox/jobs"
import type { JobKind } from "../../supabase/functions/_shared/outbox/job"
import { bodies, MAIL_AND_CRM, officeClosed, OFFICE_CLOSED_AT, withFreshDb, post, testConfig } from "./helpers"
import { closedAfterEach, fakeServer, type FakeServer, type Received } from "./fake-servers"
import { textContaining } from "./matchers"

jest.setTimeout(120_000)

let db: Db
const servers = closedAfterEach()

withFreshDb(
  (fresh) => {
    db = fresh
  },
  { each: true },
)

const start = async (...args: Parameters<typeof fakeServer>) => {
  const server = await fakeServer(...args)
  servers.push(server)
  return server
}

const backlogMessage = {
  to: "info@westchesterfamilypest.example",
  from: "Site <no-reply@example.com>",
  replyTo: "old@example.com",
  subject: "Backlog",
  html: "<p>old</p>",
  text: "old",
}

/** Queues jobs as if earlier leads had left them: due for a while before `at` (now), some already retried. */
async function queueBacklog(kind: JobKind, count: number, attempts = 0, at?: Date) {
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, attempts, next_attempt_at)
     select $1, $1 || ':backlog:' || $4::int || ':' || g, $2::text::jsonb, $4::int,
            coalesce($5::timestamptz, now()) - interval '10 minutes' + g * interval '1 millisecond'
     from generate_series(1, $3::int) g`,
    [
      kind,
      JSON.stringify(kind === "crm_forward" ? { event: "backlog" } : backlogMessage),
      count,
      attempts,
      at?.toISOString() ?? null,
    ],
  )
}

const statusCounts = async () =>
  Object.fromEntries(
    (
      await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from outbox_jobs where ${MAIL_AND_CRM} group by status`,
      )
    ).map((r) => [r.status, r.n]),
  )

const companyJobOf = async (submissionId: string) => {
  const [job] = await db.query<{ id: string; status: string }>(
    `select id, status from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:company_email`],
  )
  return job
}

const deliveriesPerJob = (received: readonly Received[]) => {
  const perJob = new Map<string, number>()
  for (const r of received)
    if (r.status < 300)
      perJob.set(String(r.headers["idempotency-key"]), (perJob.get(String(r.headers["idempotency-key"])) ?? 0) + 1)
  return perJob
}

const mailConfig = (api: FakeServer, env: Record<string, string> = {}): BackendConfig =>
  testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, ...env })

/** Batches of `batchSize` jobs, `concurrency` at a time, e-mail to `api` and, when given, CRM forwards to `crm`. */
const batchConfig = (
  api: FakeServer,
  batchSize: number,
  concurrency: number,
  { crm, env = {} }: { crm?: FakeServer; env?: Record<string, string> } = {},
): BackendConfig =>
  mailConfig(api, {
    OUTBOX_BATCH_SIZE: String(batchSize),
    OUTBOX_CONCURRENCY: String(concurrency),
    ...(crm ? { CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: "whsec" } : {}),
    ...env,
  })

test("with 1,000 jobs queued, one run delivers a new lead's company notice first and drains them all within its budget", async () => {
  const api = await start([200], 5)
  const crm = await start([200], 5)
  const config = batchConfig(api, 50, 10, { crm })
  // The office is closed on this clock: the lead's alerts wait for opening time, so the run is about e-mail and the CRM.
  const clock = officeClosed
  await queueBacklog("company_email", 400, 0, OFFICE_CLOSED_AT)
  await queueBacklog("company_email", 200, 3, OFFICE_CLOSED_AT)
  await queueBacklog("customer_email", 300, 0, OFFICE_CLOSED_AT)
  await queueBacklog("crm_forward", 100, 0, OFFICE_CLOSED_AT)
  const lead = bodies.contact()
  expect((await post(createApp({ db, config, clock }), "process-contact", lead)).status).toBe(200)

  const started = performance.now()
  const result = await dispatchOutbox({ db, config, clock })
  const seconds = (performance.now() - started) / 1000

  const fresh = await companyJobOf(lead.submissionId)
  expect(fresh?.status).toBe("sent")
  // Newest first: the fresh notice went out in the first round of the first batch, not behind the backlog.
  const position = api.received.findIndex((r) => r.headers["idempotency-key"] === fresh?.id)
  expect(position).toBeGreaterThanOrEqual(0)
  expect(position).toBeLessThan(10)
  // The backlog's 1,000, the lead's notice and its visitor's confirmation.
  expect(result).toEqual({ sent: 1_002, retried: 0, dead: 0, notConfigured: 0, deferred: 0 })
  expect(await statusCounts()).toEqual({ sent: 1_002 })
  expect(seconds * 1000).toBeLessThan(config.outbox.timeBudgetMs)
})

test("company notices go before customer e-mails; CRM forwards go in a lane of their own, beside them", async () => {
  const order: string[] = []
  const api = await start((request) => {
    order.push(
      (JSON.parse(request.body) as { to: string[] }).to[0] === backlogMessage.to ? "company_email" : "customer_email",
    )
    return 200
  })
  const crm = await start(() => {
    order.push("crm_forward")
    return 200
  })
  const config = batchConfig(api, 7, 1, { crm })
  await queueBacklog("crm_forward", 10)
  await db.query(`update outbox_jobs set next_attempt_at = now() - interval '1 hour'`)
  await queueBacklog("customer_email", 10)
  await db.query(
    `update outbox_jobs set payload = jsonb_set(payload, '{to}', '"visitor@example.com"') where kind = 'customer_email'`,
  )
  await queueBacklog("company_email", 10)
  await dispatchOutbox({ db, config })
  expect(order.filter((kind) => kind !== "crm_forward")).toEqual([
    ...Array.from({ length: 10 }, () => "company_email"),
    ...Array.from({ length: 10 }, () => "customer_email"),
  ])
  // The CRM does not wait for the e-mail backlog: its first forward goes before the e-mail lane is through.
  expect(order.filter((kind) => kind === "crm_forward")).toHaveLength(10)
  expect(order.indexOf("crm_forward")).toBeLessThan(order.lastIndexOf("customer_email"))
})

test("a time budget of 0 stops after the first batch", async () => {
  const api = await start([200])
  const config = mailConfig(api, { OUTBOX_BATCH_SIZE: "10", OUTBOX_TIME_BUDGET_MS: "0" })
  await queueBacklog("company_email", 35)
  expect(await dispatchOutbox({ db, config })).toEqual({ sent: 10, retried: 0, dead: 0, notConfigured: 0, deferred: 0 })
  expect(await statusCounts()).toEqual({ sent: 10, pending: 25 })
  expect(await dispatchOutbox({ db, config }, { budgetMs: 60_000 })).toMatchObject({ sent: 25 })
})

test("a job's lease covers its own try (every request hitting its timeout) and no more, whatever the timeouts", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 120_000 }), fc.integer({ min: 1, max: 120_000 }), (outboxMs, alertMs) => {
      const config = testConfig({ OUTBOX_TIMEOUT_MS: String(outboxMs), ALERT_TIMEOUT_MS: String(alertMs) })
      const { handlers } = OUTBOX_JOBS
      // An SMS: two pages of Twilio's list and the send, under the alerts' timeout.
      expect(jobLeaseMs(handlers.customer_sms, config)).toBe(3 * alertMs + LEASE_MARGIN_MS)
      expect(jobLeaseMs(handlers.alert_sms, config)).toBe(3 * alertMs + LEASE_MARGIN_MS)
      // A visitor's e-mail: again without reply_to, under the outbox's timeout.
      expect(jobLeaseMs(handlers.customer_email, config)).toBe(2 * outboxMs + LEASE_MARGIN_MS)
      expect(jobLeaseMs(handlers.alert_chat, config)).toBe(alertMs + LEASE_MARGIN_MS)
      expect(jobLeaseMs(handlers.crm_forward, config)).toBe(outboxMs + LEASE_MARGIN_MS)
      // However big the batch: the batch size is not in it.
      const big = { ...config, outbox: { ...config.outbox, batchSize: 500, concurrency: 1 } }
      expect(jobLeaseMs(handlers.customer_email, big)).toBe(jobLeaseMs(handlers.customer_email, config))
    }),
  )
})

test("a job that waited its turn in a long batch takes its lease afresh just before its call", async () => {
  const api = await start([200], 30)
  const config = batchConfig(api, 10, 1)
  await queueBacklog("company_email", 10)
  const started: Array<{ at: number; lease: number }> = []
  const watching: Db = {
    query: async <Row>(text: string, params?: readonly SqlParam[]) => {
      const rows = await db.query<Row>(text, params)
      if (text.includes("set attempt_started_at")) {
        const [job] = await db.query<{ at: number; lease: number }>(
          `select extract(epoch from attempt_started_at)::float8 * 1000 as at,
             extract(epoch from locked_until - attempt_started_at)::float8 * 1000 as lease from outbox_jobs where id = $1`,
          [params?.[0] ?? null],
        )
        if (job) started.push(job)
      }
      return rows
    },
    transaction: (work) => db.transaction(work),
  }
  await dispatchOutbox({ db: watching, config })
  // One after the other (concurrency 1), each from its own start: the lease of an office e-mail, not of the batch.
  expect(started).toHaveLength(10)
  const lease = jobLeaseMs(OUTBOX_JOBS.handlers.company_email, config)
  expect(started.every((s) => Math.abs(s.lease - lease) < 1)).toBe(true)
  // The last began after the nine before it were answered (30 ms each), its lease from then, not from the claim.
  const [first, last] = [started[0]?.at ?? 0, started[9]?.at ?? 0]
  expect(last - first).toBeGreaterThanOrEqual(9 * 30)
})

test("concurrent worker loops never deliver a job twice, whatever the batch size, concurrency and failures", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        jobs: fc.integer({ min: 1, max: 80 }),
        batchSize: fc.integer({ min: 1, max: 25 }),
        concurrency: fc.integer({ min: 1, max: 8 }),
        loops: fc.integer({ min: 2, max: 4 }),
        failEvery: fc.integer({ min: 0, max: 5 }),
      }),
      async ({ jobs, batchSize, concurrency, loops, failEvery }) => {
        await db.query(`delete from outbox_jobs`)
        let n = 0
        // Some requests fail (503) and are retried at once (backoff 0) within the same runs.
        const api = await start(() => (failEvery > 0 && ++n % (failEvery + 1) === 0 ? 503 : 200), 2)
        // Retried at once, a failed job is the newest due and its loop takes it again: against a server that
        // fails every other request, one loop can meet only failures while the others send the rest (the
        // counterexample: 51 jobs, 2 loops, one job failing 50 times). Attempts are bounded by the runs'
        // requests, so no job dies here; what this checks is that none goes twice.
        const config = batchConfig(api, batchSize, concurrency, { env: { OUTBOX_MAX_ATTEMPTS: "10000" } })
        await queueBacklog("company_email", jobs)
        await Promise.all(Array.from({ length: loops }, () => dispatchOutbox({ db, config })))
        const perJob = deliveriesPerJob(api.received)
        expect(perJob.size).toBe(jobs)
        expect([...perJob.values()].every((count) => count === 1)).toBe(true)
        expect(await statusCounts()).toEqual({ sent: jobs })
      },
    ),
    { numRuns: 12 },
  )
})

test("a 429 waits for Retry-After and does not count towards dead", async () => {
  const api = await start([429, 200])
  const config = mailConfig(api, { OUTBOX_MAX_ATTEMPTS: "1" })
  await queueBacklog("company_email", 1)
  // Budget 0: the run ends instead of waiting, and the job waits its turn.
  expect(await dispatchOutbox({ db, config }, { budgetMs: 0 })).toMatchObject({ retried: 1, dead: 0 })
  const [waiting] = await db.query<{ status: string; attempts: number; wait_ms: number; last_error: string }>(
    `select status, attempts, extract(epoch from next_attempt_at - now())::float8 * 1000 as wait_ms, last_error from outbox_jobs`,
  )
  expect(waiting).toMatchObject({ status: "pending", attempts: 0, last_error: textContaining("429") })
  expect(waiting!.wait_ms).toBeGreaterThan(0)
  expect(waiting!.wait_ms).toBeLessThanOrEqual(1_000)
  // With time left, the run pauses as asked and then delivers, in the same run.
  await db.query(`delete from outbox_jobs`)
  const again = await start([429, 200])
  await queueBacklog("company_email", 1)
  expect(await dispatchOutbox({ db, config: mailConfig(again, { OUTBOX_MAX_ATTEMPTS: "1" }) })).toEqual({
    sent: 1,
    retried: 1,
    dead: 0,
    notConfigured: 0,
    deferred: 0,
  })
  expect(again.delivered()).toHaveLength(1)
  expect(await db.query(`select status, attempts from outbox_jobs`)).toEqual([{ status: "sent", attempts: 1 }])
})
