/** @jest-environment node */
import { createApp } from "../../supabase/functions/_shared/app"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "../../supabase/functions/_shared/delivery/crm"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { backoffMs } from "../../supabase/functions/_shared/outbox/settle"
import {
  bodies,
  MAIL_AND_CRM,
  officeClosed,
  OFFICE_CLOSED_AT,
  withFreshDb,
  withoutConfirmations,
  post,
  testConfig,
} from "./helpers"
import { closedAfterEach, fakeServer } from "./fake-servers"
import { objectContaining, textContaining } from "./matchers"

let db: Db
jest.setTimeout(120_000)

const servers = closedAfterEach()

withFreshDb(
  (fresh) => {
    db = fresh
  },
  { each: true },
)

const start = async (statuses: number[], delayMs = 0) => {
  const server = await fakeServer(statuses, delayMs)
  servers.push(server)
  return server
}

// The office is closed on this clock, so no alert e-mail reaches the fake e-mail API and uses up its answers.
const clock = officeClosed

const submit = (config: BackendConfig, name: string, body: object) => post(createApp({ db, config, clock }), name, body)

/** A contact message whose office notice alone is queued: the e-mail these tests follow. */
const submitContact = async (config: BackendConfig) => {
  await submit(config, "process-contact", bodies.contact())
  await withoutConfirmations(db)
}

const jobs = () =>
  db.query<{ id: string; kind: string; status: string; attempts: number; last_error: string | null }>(
    `select id, kind, status, attempts, last_error from outbox_jobs where ${MAIL_AND_CRM} order by kind`,
  )

/** Runs the worker until nothing is due (backoff is 0 in these tests). */
async function drain(config: BackendConfig, rounds = 20) {
  for (let i = 0; i < rounds; i++) {
    const result = await dispatchOutbox({ db, config, clock })
    if (result.sent + result.retried + result.dead + result.notConfigured === 0) return
  }
}

describe("e-mail through the e-mail API", () => {
  test("failing three times then succeeding gives exactly one delivery", async () => {
    const api = await start([500, 502, 503, 200])
    const config = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url })
    await submitContact(config)
    await drain(config)

    expect(api.received).toHaveLength(4)
    expect(api.delivered()).toHaveLength(1)
    const [job] = await jobs()
    expect(job).toMatchObject({ kind: "company_email", status: "sent", attempts: 4, last_error: null })
    // Every try carries the job's id as the idempotency key, so the API can drop a repeat.
    expect(new Set(api.received.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([job!.id]))
    expect(api.received[0]!.headers.authorization).toBe("Bearer re_test")
    const sent = JSON.parse(api.delivered()[0]!.body) as {
      to: string[]
      subject: string
      html: string
      text: string
      reply_to: string
    }
    expect(sent).toMatchObject({
      to: ["info@westchesterfamilypest.example"],
      subject: "New website message from Ann Lee",
      reply_to: "ann@example.com",
    })
    expect(sent.html).toContain("<html")
    expect(sent.text).toContain("Carpenter ants near the deck.")
  })

  test("always failing ends dead after the maximum attempts, with the last error, and the office is e-mailed about it once", async () => {
    const api = await start([503])
    const config = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, OUTBOX_MAX_ATTEMPTS: "3" })
    await submitContact(config)
    await drain(config)

    const [job, notice, ...more] = await db.query<{
      status: string
      attempts: number
      last_error: string
      payload: Record<string, unknown>
    }>(
      `select status, attempts, last_error, payload from outbox_jobs where ${MAIL_AND_CRM} order by dedupe_key like 'dead:%', created_at`,
    )
    expect(job).toMatchObject({ status: "dead", attempts: 3 })
    expect(job!.last_error).toContain("503")
    // The notice about it carries the error and the message's content; it failed too (the same API), and nothing noticed that.
    expect(notice).toMatchObject({ status: "dead", attempts: 3 })
    expect(notice!.payload.subject).toBe("Not delivered after 3 tries: office e-mail")
    expect(notice!.payload.text).toContain("E-mail API answered 503")
    expect(notice!.payload.text).toContain("Carpenter ants near the deck.")
    expect(more).toEqual([])
    expect(api.received).toHaveLength(6)
  })

  test("a failed job waits for its backoff before the next try", async () => {
    const api = await start([500, 200])
    const config = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, OUTBOX_BACKOFF_BASE_MS: "60000" })
    await submitContact(config)
    expect(await dispatchOutbox({ db, config, clock })).toMatchObject({ retried: 1 })
    expect(await dispatchOutbox({ db, config, clock })).toEqual({
      sent: 0,
      retried: 0,
      dead: 0,
      notConfigured: 0,
      deferred: 0,
    })
    const [due] = await db.query<{ wait: number }>(
      `select extract(epoch from next_attempt_at - $1::timestamptz)::int as wait from outbox_jobs where ${MAIL_AND_CRM}`,
      [OFFICE_CLOSED_AT.toISOString()],
    )
    expect(due!.wait).toBeGreaterThan(50)
    expect(due!.wait).toBeLessThanOrEqual(60)
    expect(backoffMs(1, 30_000, 3_600_000)).toBe(30_000)
    expect(backoffMs(4, 30_000, 3_600_000)).toBe(240_000)
    expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000)
  })

  test("two workers at once deliver every job exactly once", async () => {
    const api = await start([200], 20)
    const config = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, OUTBOX_BATCH_SIZE: "3" })
    for (let i = 0; i < 8; i++) await submitContact(config)
    await Promise.all([drain(config), drain(config)])
    expect(api.delivered()).toHaveLength(8)
    expect(new Set(api.received.map((r) => r.headers["idempotency-key"])).size).toBe(8)
    expect((await jobs()).every((j) => j.status === "sent" && j.attempts === 1)).toBe(true)
  })

  test("without an e-mail API or a local mailbox, e-mail ends not_configured, visibly", async () => {
    const config = { ...testConfig(), mail: { ...testConfig().mail, localMailbox: false } }
    await submitContact(config)
    await drain(config)
    expect(await jobs()).toEqual([
      objectContaining({ status: "not_configured", last_error: textContaining("RESEND_API_KEY") }),
    ])
  })

  test("with the local mailbox, the message is stored once", async () => {
    const config = testConfig()
    await submit(config, "process-simple-lead", bodies.booking())
    await drain(config)
    const mail = await db.query<{ to_address: string; subject: string }>(
      `select to_address, subject from dev_mailbox order by subject`,
    )
    expect(mail).toEqual([
      { to_address: "info@westchesterfamilypest.example", subject: "New $49 Scarsdale booking from Tom Hale" },
      { to_address: "tom@example.com", subject: "Your $49 Scarsdale Starter Visit price is reserved" },
    ])
  })
})

describe("the CRM forward", () => {
  const estimate = async (config: BackendConfig) => {
    const request = bodies.estimateRequest()
    await submit(config, "process-estimate", request)
    return request
  }

  test("a signed webhook, failing three times then succeeding, delivered exactly once", async () => {
    const crm = await start([500, 500, 500, 200])
    const mail = await start([200])
    const config = testConfig({
      CRM_WEBHOOK_URL: `${crm.url}/hooks/estimates`,
      CRM_WEBHOOK_SECRET: "whsec_test",
      RESEND_API_KEY: "re",
      RESEND_API_URL: mail.url,
    })
    const request = await estimate(config)
    await drain(config)

    expect(crm.delivered()).toHaveLength(1)
    const delivery = crm.delivered()[0]!
    const signature = String(delivery.headers[SIGNATURE_HEADER.toLowerCase()])
    const timestamp = String(delivery.headers[TIMESTAMP_HEADER.toLowerCase()])
    expect(verifyWebhook("whsec_test", timestamp, delivery.body, signature)).toBe(true)
    expect(verifyWebhook("wrong", timestamp, delivery.body, signature)).toBe(false)
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: "estimate.requested",
      submissionId: request.submissionId,
      accountId: "WEB-123456",
      customer: { firstName: "Maria" },
    })
    const crmJob = (await jobs()).find((j) => j.kind === "crm_forward")
    expect(crmJob).toMatchObject({ status: "sent", attempts: 4 })
    expect(new Set(crm.received.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([crmJob!.id]))
  })

  test("with no CRM_WEBHOOK_URL the job ends not_configured, visibly", async () => {
    const config = testConfig()
    await estimate(config)
    await drain(config)
    const crmJob = (await jobs()).find((j) => j.kind === "crm_forward")
    expect(crmJob).toMatchObject({ status: "not_configured", last_error: "CRM_WEBHOOK_URL is not set", attempts: 1 })
  })
})
