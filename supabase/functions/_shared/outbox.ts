/**
 * The transactional outbox. Jobs are written in the same transaction as the
 * lead; a worker claims due jobs (FOR UPDATE SKIP LOCKED, so two workers never
 * take the same job), delivers them, and retries with exponential backoff
 * until a job is sent, marked dead after N attempts, or found not configured.
 */
import type { BackendConfig } from "./config.ts"
import { postWebhook } from "./crm.ts"
import type { Db } from "./db.ts"
import type { EmailMessage } from "./mail/layout.ts"

export type JobKind = "customer_email" | "company_email" | "crm_forward"
export type JobStatus = "pending" | "sending" | "sent" | "dead" | "not_configured"

export interface NewJob {
  kind: JobKind
  /** One job per key: repeated or overlapping calls cannot enqueue the same work twice. */
  dedupeKey: string
  leadId?: string
  contactMessageId?: string
  payload: EmailMessage | Record<string, unknown>
}

/** Queues jobs in one statement; a job whose dedupe key exists already is skipped. */
export async function enqueueJobs(tx: Db, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return
  const rows = jobs.map((_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}::uuid, $${i * 5 + 4}::uuid, $${i * 5 + 5}::text::jsonb)`)
  await tx.query(
    `insert into outbox_jobs (kind, dedupe_key, lead_id, contact_message_id, payload)
     values ${rows.join(", ")}
     on conflict (dedupe_key) do nothing`,
    jobs.flatMap((job) => [job.kind, job.dedupeKey, job.leadId ?? null, job.contactMessageId ?? null, JSON.stringify(job.payload)]),
  )
}

export interface OutboxJob {
  id: string
  kind: JobKind
  payload: Record<string, unknown>
  attempts: number
}

/** Raised when delivery is impossible as configured: the job ends `not_configured`, visibly, instead of retrying. */
export class NotConfiguredError extends Error {}

export interface DeliveryDeps {
  config: BackendConfig
  db: Db
  fetchImpl?: typeof fetch
}

async function sendEmail(job: OutboxJob, { config, db, fetchImpl = fetch }: DeliveryDeps) {
  const message = job.payload as unknown as EmailMessage
  if (config.mail.resendApiKey) {
    const response = await fetchImpl(`${config.mail.resendApiUrl}/emails`, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.mail.resendApiKey}`, "Content-Type": "application/json", "Idempotency-Key": job.id },
      body: JSON.stringify({ from: message.from, to: [message.to], reply_to: message.replyTo, subject: message.subject, html: message.html, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new Error(`E-mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`)
    return
  }
  if (config.mail.localMailbox) {
    await db.query(
      `insert into dev_mailbox (job_id, to_address, from_address, reply_to, subject, html, text_body)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (job_id) do nothing`,
      [job.id, message.to, message.from, message.replyTo ?? null, message.subject, message.html, message.text],
    )
    return
  }
  throw new NotConfiguredError("RESEND_API_KEY is not set, so e-mail cannot be sent")
}

async function forwardToCrm(job: OutboxJob, { config, fetchImpl }: DeliveryDeps) {
  const { webhookUrl, webhookSecret } = config.crm
  if (!webhookUrl) throw new NotConfiguredError("CRM_WEBHOOK_URL is not set")
  if (!webhookSecret) throw new NotConfiguredError("CRM_WEBHOOK_SECRET is not set")
  await postWebhook({ url: webhookUrl, secret: webhookSecret, body: job.payload, idempotencyKey: job.id, fetchImpl })
}

export const deliverJob = (job: OutboxJob, deps: DeliveryDeps) => (job.kind === "crm_forward" ? forwardToCrm(job, deps) : sendEmail(job, deps))

/** Exponential backoff: base, 2×base, 4×base … capped. */
export const backoffMs = (attempts: number, base: number, max: number) => Math.min(max, base * 2 ** Math.max(0, attempts - 1))

export interface DispatchResult {
  sent: number
  retried: number
  dead: number
  notConfigured: number
}

/** Claims due jobs and delivers them once. Safe to run in several processes at once. */
export async function dispatchOutbox(deps: DeliveryDeps): Promise<DispatchResult> {
  const { db, config } = deps
  const claimed = await db.query<OutboxJob>(
    `update outbox_jobs set status = 'sending', attempts = attempts + 1, locked_until = now() + interval '2 minutes', updated_at = now()
     where id in (
       select id from outbox_jobs
       where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
       order by next_attempt_at
       limit $1
       for update skip locked
     )
     returning id, kind, payload, attempts`,
    [config.outbox.batchSize],
  )
  const result: DispatchResult = { sent: 0, retried: 0, dead: 0, notConfigured: 0 }
  for (const job of claimed) {
    try {
      await deliverJob(job, deps)
      await db.query(`update outbox_jobs set status = 'sent', delivered_at = now(), last_error = null, locked_until = null, updated_at = now() where id = $1`, [job.id])
      result.sent++
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof NotConfiguredError) {
        await db.query(`update outbox_jobs set status = 'not_configured', last_error = $2, locked_until = null, updated_at = now() where id = $1`, [job.id, message])
        result.notConfigured++
      } else if (job.attempts >= config.outbox.maxAttempts) {
        await db.query(`update outbox_jobs set status = 'dead', last_error = $2, locked_until = null, updated_at = now() where id = $1`, [job.id, message])
        result.dead++
      } else {
        const delay = backoffMs(job.attempts, config.outbox.backoffBaseMs, config.outbox.backoffMaxMs)
        await db.query(
          `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null,
             next_attempt_at = now() + ($3::int * interval '1 millisecond'), updated_at = now() where id = $1`,
          [job.id, message, delay],
        )
        result.retried++
      }
    }
  }
  return result
}
