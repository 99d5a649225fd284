/**
 * @jest-environment node
 *
 * No lead lost, none doubled, under load and through an e-mail outage. (Ten simultaneous copies of
 * one submission: functions.test.ts; one job failing then delivered once: outbox.test.ts.)
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { fakeServer } from "./fake-servers"
import { bodies, MAIL_AND_CRM, officeClosed, withFreshDb, post, testConfig } from "./helpers"

jest.setTimeout(120_000)

let db: Db

withFreshDb(
  (fresh) => {
    db = fresh
  },
  { each: true },
)

/** Runs `total` tasks, `concurrency` at a time. */
async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++)
    }),
  )
}

test("1,000 valid submissions at concurrency 20 store exactly 1,000 leads, with no 5xx", async () => {
  // Each from its own address, as real visitors are: the rate limit is on, at its default.
  const app = createApp({ db, config: testConfig() })
  const statuses: number[] = []
  await pool(1_000, 20, async (i) => {
    const response = await post(app, "process-simple-lead", bodies.booking(), {
      "x-forwarded-for": `10.1.${Math.floor(i / 250)}.${i % 250}`,
    })
    statuses.push(response.status)
  })
  expect(statuses.filter((s) => s >= 500)).toEqual([])
  expect(statuses.filter((s) => s === 200)).toHaveLength(1_000)
  expect(await db.query(`select count(*)::int as n from leads`)).toEqual([{ n: 1_000 }])
  // Two e-mails per booking; the office alerts each lead also queues are counted by their own tests.
  expect(await db.query(`select count(*)::int as n from outbox_jobs where ${MAIL_AND_CRM}`)).toEqual([{ n: 2_000 }])
})

test("an e-mail API outage: every job is delivered exactly once when the API comes back, even with two workers", async () => {
  // Down for the first 60 requests, then up.
  const api = await fakeServer([...Array.from({ length: 60 }, () => 503), 200])
  try {
    const config = testConfig({
      RESEND_API_KEY: "re_test",
      RESEND_API_URL: api.url,
      OUTBOX_BATCH_SIZE: "7",
      OUTBOX_MAX_ATTEMPTS: "20",
    })
    // The office is closed on this clock: no alert e-mail reaches the fake API, which sees only these jobs.
    const clock = officeClosed
    const app = createApp({ db, config, clock })
    for (let i = 0; i < 20; i++) expect((await post(app, "process-contact", bodies.contact())).status).toBe(200)
    const drain = async () => {
      for (let round = 0; round < 50; round++) {
        const r = await dispatchOutbox({ db, config, clock })
        if (r.sent + r.retried + r.dead + r.notConfigured === 0) return
      }
    }
    await Promise.all([drain(), drain()])
    const perJob = new Map<string, number>()
    for (const delivery of api.delivered()) {
      const key = String(delivery.headers["idempotency-key"])
      perJob.set(key, (perJob.get(key) ?? 0) + 1)
    }
    expect(api.received.length).toBeGreaterThan(60)
    // Each message's office notice and its visitor's confirmation: 40 e-mails, each delivered once.
    expect(perJob.size).toBe(40)
    expect([...perJob.values()].every((n) => n === 1)).toBe(true)
    expect(
      await db.query(`select status, count(*)::int as n from outbox_jobs where ${MAIL_AND_CRM} group by status`),
    ).toEqual([{ status: "sent", n: 40 }])
  } finally {
    await api.close()
  }
})
