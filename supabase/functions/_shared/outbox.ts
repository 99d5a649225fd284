/**
 * The transactional outbox. Jobs are written in the same transaction as the
 * lead; a worker claims due jobs in batches (FOR UPDATE SKIP LOCKED, so two
 * workers never take the same job) until none is due or its time budget is
 * spent, delivers each batch a few at a time, and retries with exponential
 * backoff until a job is sent, marked dead after N attempts, or found not configured.
 */
import type { BackendConfig } from "./config.ts"
import { postWebhook } from "./crm.ts"
import type { Db } from "./db.ts"
import { isEmailAddress } from "./email-address.ts"
import { withSafeHeaders, type EmailMessage } from "./mail/layout.ts"
import type { JobKind, OutboxJobRow } from "./rows.ts"
import { deliverAlert } from "./alerts/channels.ts"
import { isOfficeOpen, runAlertStep, runMorningSummary, targetsOf } from "./alerts/escalation.ts"
import { runSpamDigest } from "./alerts/spam-review.ts"
import { markAlerted } from "./alerts/subject.ts"
import { deadJobEmail } from "./alerts/messages.ts"

export type { JobKind, JobStatus } from "./rows.ts"

export interface NewJob {
  kind: JobKind
  /** One job per key: repeated or overlapping calls cannot enqueue the same work twice. */
  dedupeKey: string
  leadId?: string
  contactMessageId?: string
  payload: EmailMessage | Record<string, unknown>
  /** When it is due (now when absent): an escalation's deadline, the office's opening time. */
  dueAt?: Date
}

/** Queues jobs in one statement; a job whose dedupe key exists already is skipped. */
export async function enqueueJobs(tx: Pick<Db, "query">, jobs: readonly NewJob[], at = new Date()): Promise<void> {
  if (jobs.length === 0) return
  const rows = jobs.map(
    (_, i) =>
      `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}::uuid, $${i * 6 + 4}::uuid, $${i * 6 + 5}::text::jsonb, $${i * 6 + 6}::timestamptz)`,
  )
  await tx.query(
    `insert into outbox_jobs (kind, dedupe_key, lead_id, contact_message_id, payload, next_attempt_at)
     values ${rows.join(", ")}
     on conflict (dedupe_key) do nothing`,
    jobs.flatMap((job) => [
      job.kind,
      job.dedupeKey,
      job.leadId ?? null,
      job.contactMessageId ?? null,
      JSON.stringify(job.payload),
      (job.dueAt ?? at).toISOString(),
    ]),
  )
}

export type OutboxJob = Pick<OutboxJobRow, "id" | "kind" | "payload" | "attempts">

/** Raised when delivery is impossible as configured: the job ends `not_configured`, visibly, instead of retrying. */
export class NotConfiguredError extends Error {}

/** Raised on a 429: the job waits as long as the API asks, and the try does not count towards `dead`. */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message)
  }
}

/** Raised when the job cannot succeed by trying again (a number the SMS provider refuses, a revoked webhook): dead at once, with the reason. */
export class PermanentError extends Error {}

/** Raised when the job is not to be done yet (the office is closed): it waits until then, and the try does not count. */
export class DeferredError extends Error {
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message)
  }
}

export interface DeliveryDeps {
  config: BackendConfig
  db: Db
  fetchImpl?: typeof fetch
  /** The time the worker acts at (tests fix it); due jobs are those due by then. */
  clock?: () => Date
}

/** How long one request to the e-mail API or the CRM may take. */
export const DELIVERY_TIMEOUT_MS = 10_000

const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get("retry-after"))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) * 1000 : 1_000
}

/** An answer that is not 2xx, as an error: a 429 waits for Retry-After, anything else follows the backoff. */
async function refusal(what: string, response: Response): Promise<Error> {
  const message = `${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`
  return response.status === 429 ? new RateLimitedError(message, retryAfterMs(response)) : new Error(message)
}

const isText = (value: unknown): value is string => typeof value === "string"

/** A job's payload as the e-mail it was queued as; one that is not (written by hand) fails its try like any error. */
function emailOf(payload: Record<string, unknown>): EmailMessage {
  const { to, from, replyTo, subject, html, text } = payload
  if (!isText(to) || !isText(from) || !isText(subject) || !isText(html) || !isText(text))
    throw new Error("The job's payload is not an e-mail (to, from, subject, html and text)")
  if (replyTo !== undefined && !isText(replyTo)) throw new Error("The job's reply-to address is not text")
  return { to, from, subject, html, text, ...(replyTo === undefined ? {} : { replyTo }) }
}

/**
 * Sends one e-mail. Returns a note when it went out without its reply_to: a visitor's malformed address
 * (dropped before sending) or one the API refused (sent again at once without it), so the company
 * notice is never lost to reply_to; the visitor's address is in the body either way.
 */
async function sendEmail(job: OutboxJob, { config, db, fetchImpl = fetch }: DeliveryDeps): Promise<string | undefined> {
  // Headers on one line again at the door: a job queued by an older version, or written by hand, is sent safely too.
  const message = withSafeHeaders(emailOf(job.payload))
  const replyTo = message.replyTo && isEmailAddress(message.replyTo) ? message.replyTo : undefined
  const dropped = message.replyTo && !replyTo ? "Sent without reply_to: it was not a well-formed address" : undefined
  if (config.mail.resendApiKey) {
    const post = (withReplyTo: string | undefined, idempotencyKey: string) =>
      fetchImpl(`${config.mail.resendApiUrl}/emails`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${config.mail.resendApiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": idempotencyKey,
        },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          reply_to: withReplyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
        }),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      })
    const response = await post(replyTo, job.id)
    if (response.ok) return dropped
    if (replyTo && (response.status === 400 || response.status === 422)) {
      const first = (await refusal("E-mail API", response)).message
      // A new key: the API refuses a reused key with a different body. It is the same on every try of this job.
      const again = await post(undefined, `${job.id}:without-reply-to`)
      if (again.ok) return `Sent without reply_to after the e-mail API refused it (${first})`
      throw await refusal("E-mail API (without reply_to)", again)
    }
    throw await refusal("E-mail API", response)
  }
  if (config.mail.localMailbox) {
    await db.query(
      `insert into dev_mailbox (job_id, to_address, from_address, reply_to, subject, html, text_body)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (job_id) do nothing`,
      [job.id, message.to, message.from, replyTo ?? null, message.subject, message.html, message.text],
    )
    return dropped
  }
  throw new NotConfiguredError("RESEND_API_KEY is not set, so e-mail cannot be sent")
}

async function forwardToCrm(job: OutboxJob, { config, fetchImpl }: DeliveryDeps): Promise<undefined> {
  const { webhookUrl, webhookSecret } = config.crm
  if (!webhookUrl) throw new NotConfiguredError("CRM_WEBHOOK_URL is not set")
  if (!webhookSecret) throw new NotConfiguredError("CRM_WEBHOOK_SECRET is not set")
  await postWebhook({
    url: webhookUrl,
    secret: webhookSecret,
    body: job.payload,
    idempotencyKey: job.id,
    fetchImpl,
    timeoutMs: DELIVERY_TIMEOUT_MS,
  })
  return undefined
}

/** Delivers one job; resolves to a note kept in last_error when it was sent with a caveat (or, for a step, what it did). */
export async function deliverJob(job: OutboxJob, deps: DeliveryDeps): Promise<string | undefined> {
  switch (job.kind) {
    case "crm_forward":
      return forwardToCrm(job, deps)
    case "customer_email":
      return sendEmail(job, deps)
    // The office's notice is its inbox's alert: delivered while the office is open, the office was alerted
    // (at night it waits in the inbox, and the morning summary is the alert).
    case "company_email": {
      const note = await sendEmail(job, deps)
      const at = now(deps)
      if (isOfficeOpen(at)) await markAlerted(deps.db, targetsOf(job.payload), at)
      return note
    }
    case "alert_email": {
      const note = await sendEmail(job, deps)
      await markAlerted(deps.db, targetsOf(job.payload), now(deps))
      return note
    }
    case "alert_sms":
    case "alert_chat":
      await deliverAlert(job, deps)
      await markAlerted(deps.db, targetsOf(job.payload), now(deps))
      return undefined
    case "alert_step":
      return runAlertStep(job, deps)
    case "morning_summary":
      return runMorningSummary(job, deps)
    case "spam_digest":
      return runSpamDigest(job, deps)
  }
}

const now = (deps: DeliveryDeps) => deps.clock?.() ?? new Date()

/**
 * The office hears of every message the outbox gave up on, by e-mail, with its content: an alert the
 * SMS provider refused still reaches someone. A notice that dies itself is not noticed again (no loop).
 */
function deadNotice(job: OutboxJob, error: string, config: BackendConfig): NewJob[] {
  if (
    "failedJob" in job.payload ||
    job.kind === "alert_step" ||
    job.kind === "morning_summary" ||
    job.kind === "spam_digest"
  )
    return []
  const email = deadJobEmail({ ...job, kind: job.kind }, error, config.mail.companyTo, config.mail.from)
  return [{ kind: "company_email", dedupeKey: `dead:${job.id}`, payload: { ...email, failedJob: job.id } }]
}

/** Exponential backoff: base, 2×base, 4×base … capped. */
export const backoffMs = (attempts: number, base: number, max: number) =>
  Math.min(max, base * 2 ** Math.max(0, attempts - 1))

/**
 * How long a claim holds its jobs: every round of the batch may take the delivery timeout twice (the
 * reply_to fallback), plus a margin. A worker that dies mid-batch frees its jobs when this runs out.
 */
export const leaseMs = ({ batchSize, concurrency }: BackendConfig["outbox"]) =>
  Math.max(120_000, Math.ceil(batchSize / concurrency) * 2 * DELIVERY_TIMEOUT_MS + 60_000)

export interface DispatchResult {
  sent: number
  retried: number
  dead: number
  notConfigured: number
  /** Steps that wait for a later time (the office's opening). */
  deferred: number
}

export interface DispatchOptions {
  /** Overrides config.outbox.timeBudgetMs. */
  budgetMs?: number
  /** Stops claiming new batches (the batch in hand is still delivered). */
  signal?: AbortSignal
}

/** The owner hears first: alerts and their steps, company notices, then the customer's e-mail, then the CRM, then digests. */
const PRIORITY = `case kind when 'alert_sms' then 0 when 'alert_chat' then 0 when 'alert_email' then 0 when 'alert_step' then 0
  when 'morning_summary' then 0 when 'company_email' then 1 when 'customer_email' then 2 when 'crm_forward' then 3 else 4 end`

/**
 * Newest first within a priority: a fresh lead's notice never queues behind a backlog or a retry
 * storm, however slowly the API lets the backlog drain (Resend allows a few requests a second).
 */
async function claimBatch(db: Db, outbox: BackendConfig["outbox"], at: Date): Promise<OutboxJob[]> {
  const claimed = await db.query<OutboxJob & { priority: number; due: number }>(
    `update outbox_jobs set status = 'sending', attempts = attempts + 1, locked_until = $3::timestamptz + ($2::int * interval '1 millisecond'), updated_at = now()
     where id in (
       select id from outbox_jobs
       where (status = 'pending' and next_attempt_at <= $3::timestamptz) or (status = 'sending' and locked_until < $3::timestamptz)
       order by ${PRIORITY}, next_attempt_at desc
       limit $1
       for update skip locked
     )
     returning id, kind, payload, attempts, ${PRIORITY} as priority, extract(epoch from next_attempt_at)::float8 as due`,
    [outbox.batchSize, leaseMs(outbox), at.toISOString()],
  )
  // RETURNING follows the update's scan, not the subquery's order.
  return claimed
    .sort((a, b) => a.priority - b.priority || b.due - a.due)
    .map(({ id, kind, payload, attempts }) => ({ id, kind, payload, attempts }))
}

type Outcome = { ok: true; note: string | undefined } | { ok: false; error: unknown }

/** Records one delivery's outcome; returns how long the API asked us to wait (0 if it did not). */
async function settle(job: OutboxJob, outcome: Outcome, deps: DeliveryDeps, result: DispatchResult): Promise<number> {
  const { db, config } = deps
  if (outcome.ok) {
    await db.query(
      `update outbox_jobs set status = 'sent', delivered_at = now(), last_error = $2, locked_until = null, updated_at = now() where id = $1`,
      [job.id, outcome.note ?? null],
    )
    result.sent++
    return 0
  }
  const { error } = outcome
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof DeferredError) {
    await db.query(
      `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempts = attempts - 1,
         next_attempt_at = $3, updated_at = now() where id = $1`,
      [job.id, message, error.until.toISOString()],
    )
    result.deferred++
    return 0
  }
  if (error instanceof NotConfiguredError) {
    await db.query(
      `update outbox_jobs set status = 'not_configured', last_error = $2, locked_until = null, updated_at = now() where id = $1`,
      [job.id, message],
    )
    result.notConfigured++
    return 0
  }
  const rateLimited = error instanceof RateLimitedError
  if (error instanceof PermanentError || (!rateLimited && job.attempts >= config.outbox.maxAttempts)) {
    await db.transaction(async (tx) => {
      await tx.query(
        `update outbox_jobs set status = 'dead', last_error = $2, locked_until = null, updated_at = now() where id = $1`,
        [job.id, message],
      )
      await enqueueJobs(tx, deadNotice(job, message, config), now(deps))
    })
    result.dead++
    return 0
  }
  const delay = rateLimited
    ? error.retryAfterMs
    : backoffMs(job.attempts, config.outbox.backoffBaseMs, config.outbox.backoffMaxMs)
  await db.query(
    `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempts = attempts - $4::int,
       next_attempt_at = $5::timestamptz + ($3::int * interval '1 millisecond'), updated_at = now() where id = $1`,
    [job.id, message, delay, rateLimited ? 1 : 0, now(deps).toISOString()],
  )
  result.retried++
  return rateLimited ? delay : 0
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachConcurrently<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items]
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Claims and delivers due jobs, batch after batch, until none is due or the time budget is spent
 * (always at least one batch). Safe to run in several processes at once.
 */
export async function dispatchOutbox(deps: DeliveryDeps, options: DispatchOptions = {}): Promise<DispatchResult> {
  const { outbox } = deps.config
  const budgetMs = options.budgetMs ?? outbox.timeBudgetMs
  const started = Date.now()
  const result: DispatchResult = { sent: 0, retried: 0, dead: 0, notConfigured: 0, deferred: 0 }
  for (;;) {
    const claimed = await claimBatch(deps.db, outbox, now(deps))
    if (claimed.length === 0) break
    let wait = 0
    await eachConcurrently(claimed, outbox.concurrency, async (job) => {
      let outcome: Outcome
      try {
        outcome = { ok: true, note: await deliverJob(job, deps) }
      } catch (error) {
        outcome = { ok: false, error }
      }
      wait = Math.max(wait, await settle(job, outcome, deps, result))
    })
    const elapsed = Date.now() - started
    // A rate-limited API is given the pause it asked for, or the run ends and the next one resumes.
    if (options.signal?.aborted || elapsed + wait >= budgetMs) break
    if (wait > 0) await sleep(wait)
  }
  return result
}
