/**
 * The transactional outbox. Jobs are written in the same transaction as the lead; a worker claims due
 * jobs in batches (FOR UPDATE SKIP LOCKED, so two workers never take the same job) until none is due or
 * its time budget is spent, and retries with exponential backoff until a job is sent, marked dead after
 * N attempts, or found not configured. Each channel has its own lane (e-mail, SMS, chat, the CRM, and
 * the alert steps), claimed and delivered apart, so a hanging e-mail API never holds up an SMS alert.
 * A provider's answer is read by one rule (delivery.ts): a 429 waits for Retry-After, but not forever;
 * a try whose outcome is unknown is remembered, so an SMS is looked up before it is sent again. Each
 * run also sweeps for leads whose alerts all failed, and announces them again (alerts/escalation.ts).
 */
import type { BackendConfig } from "./config.ts"
import { postWebhook } from "./crm.ts"
import type { Db, SqlParam } from "./db.ts"
import {
  DeferredError,
  NotConfiguredError,
  PermanentError,
  RateLimitedError,
  UnknownOutcomeError,
  refusal,
  request,
} from "./delivery.ts"
import { isEmailAddress } from "./kernel/email-address.ts"
import { withSafeHeaders, type EmailMessage } from "./mail/layout.ts"
import type { JobKind, OutboxJobRow } from "./rows.ts"
import { deliverAlert } from "./alerts/channels.ts"
import { isOfficeOpen, reannounceUnalerted, runAlertStep, runMorningSummary, targetsOf } from "./alerts/escalation.ts"
import { markSpamShown, runSpamDigest } from "./alerts/spam-review.ts"
import { loadSubjects, markAlerted } from "./alerts/subject.ts"
import { deadJobEmail, deadNoticeChat, deadNoticeSms, type DeadJob } from "./alerts/messages.ts"

export { DeferredError, NotConfiguredError, PermanentError, RateLimitedError, UnknownOutcomeError } from "./delivery.ts"

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

/** A statement (or a CTE) that queues jobs: its text and values, numbered from `first`. */
export function enqueueSql(jobs: readonly NewJob[], at: Date, first = 1): { text: string; params: SqlParam[] } {
  const rows = jobs.map((_, i) => {
    const n = first + i * 6
    return `($${n}, $${n + 1}, $${n + 2}::uuid, $${n + 3}::uuid, $${n + 4}::text::jsonb, $${n + 5}::timestamptz)`
  })
  return {
    text: `insert into outbox_jobs (kind, dedupe_key, lead_id, contact_message_id, payload, next_attempt_at)
     values ${rows.join(", ")}
     on conflict (dedupe_key) do nothing`,
    params: jobs.flatMap((job) => [
      job.kind,
      job.dedupeKey,
      job.leadId ?? null,
      job.contactMessageId ?? null,
      JSON.stringify(job.payload),
      (job.dueAt ?? at).toISOString(),
    ]),
  }
}

/** Queues jobs in one statement; a job whose dedupe key exists already is skipped. */
export async function enqueueJobs(tx: Pick<Db, "query">, jobs: readonly NewJob[], at = new Date()): Promise<void> {
  if (jobs.length === 0) return
  const { text, params } = enqueueSql(jobs, at)
  await tx.query(text, params)
}

export type OutboxJob = Pick<OutboxJobRow, "id" | "kind" | "payload" | "attempts"> & {
  /** When a try of this job first ended without an answer (delivery.ts' UnknownOutcomeError). */
  outcomeUnknownAt?: Date | null
  /** 429s so far, and since when (OUTBOX_RATE_LIMITED_MAX_TRIES, OUTBOX_RATE_LIMITED_MAX_MINUTES). */
  rateLimitedTries?: number
  rateLimitedSince?: Date | null
}

export interface DeliveryDeps {
  config: BackendConfig
  db: Db
  fetchImpl?: typeof fetch
  /** The time the worker acts at (tests fix it); due jobs are those due by then. */
  clock?: () => Date
}

/** How long one request to the e-mail API or the CRM may take unless OUTBOX_TIMEOUT_MS says otherwise. */
export const DELIVERY_TIMEOUT_MS = 10_000

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
 * notice is never lost to reply_to; the visitor's address is in the body either way. The job's id is
 * the idempotency key, so a try whose outcome was unknown is simply sent again.
 */
async function sendEmail(
  job: OutboxJob,
  { config, db, fetchImpl = fetch }: DeliveryDeps,
  timeoutMs = config.outbox.timeoutMs,
): Promise<string | undefined> {
  // Headers on one line again at the door: a job queued by an older version, or written by hand, is sent safely too.
  const message = withSafeHeaders(emailOf(job.payload))
  const replyTo = message.replyTo && isEmailAddress(message.replyTo) ? message.replyTo : undefined
  const dropped = message.replyTo && !replyTo ? "Sent without reply_to: it was not a well-formed address" : undefined
  if (config.mail.resendApiKey) {
    const post = (withReplyTo: string | undefined, idempotencyKey: string) =>
      request(
        "E-mail API",
        fetchImpl,
        `${config.mail.resendApiUrl}/emails`,
        {
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
        },
        timeoutMs,
      )
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
    timeoutMs: config.outbox.timeoutMs,
  })
  return undefined
}

/**
 * An alert nobody needs any more: every lead it is about was taken ("I'm on it") before it went out,
 * e.g. by someone who saw another channel while this one was down. Resolves to the note, or null.
 * A first try is not checked: the step that queued it a moment ago had just checked.
 */
async function takenMeanwhile(job: OutboxJob, deps: DeliveryDeps): Promise<string | null> {
  if (job.attempts <= 1) return null
  const targets = targetsOf(job.payload)
  if (targets.length === 0) return null
  const subjects = await loadSubjects(deps.db, targets)
  if (subjects.length === 0 || subjects.some((s) => !s.acknowledgedAt)) return null
  return `Not sent: acknowledged meanwhile by ${[...new Set(subjects.map((s) => s.acknowledgedBy ?? "?"))].join(", ")}`
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
      // An office notice is an alert too: the alerts' shorter timeout (the job id keeps a retry single).
      const note = await sendEmail(job, deps, deps.config.alerts.timeoutMs)
      const at = now(deps)
      if (isOfficeOpen(at)) await markAlerted(deps.db, targetsOf(job.payload), at)
      // A spam digest: what it listed counts as shown once delivered (a dead one is listed again by the next).
      await markSpamShown(deps.db, job.payload, at)
      return note
    }
    case "alert_email": {
      const taken = await takenMeanwhile(job, deps)
      if (taken) return taken
      const note = await sendEmail(job, deps, deps.config.alerts.timeoutMs)
      await markAlerted(deps.db, targetsOf(job.payload), now(deps))
      return note
    }
    case "alert_sms":
    case "alert_chat": {
      const taken = await takenMeanwhile(job, deps)
      if (taken) return taken
      const note = await deliverAlert(job, deps)
      await markAlerted(deps.db, targetsOf(job.payload), now(deps))
      return note
    }
    case "alert_step":
      return runAlertStep(job, deps)
    case "morning_summary":
      return runMorningSummary(job, deps)
    case "spam_digest":
      return runSpamDigest(job, deps)
  }
}

const now = (deps: DeliveryDeps) => deps.clock?.() ?? new Date()

const HOUR_MS = 3_600_000

type DeliveryKind = DeadJob["kind"]

/** The channel a delivery goes by, for telling the office by another one when it dies. */
const CHANNELS: Readonly<Record<DeliveryKind, "email" | "sms" | "chat" | "crm">> = {
  alert_sms: "sms",
  alert_chat: "chat",
  alert_email: "email",
  company_email: "email",
  customer_email: "email",
  crm_forward: "crm",
}

const isDelivery = (kind: JobKind): kind is DeliveryKind => kind in CHANNELS

/** An alert of the office about leads (its notice of a lead, or an alert on any channel): the sweep re-announces its leads. */
const isAlertOfLeads = (job: OutboxJob) =>
  job.kind.startsWith("alert_") || (job.kind === "company_email" && targetsOf(job.payload).length > 0)

/**
 * The office hears of every message the outbox gave up on, with the provider's words. A dead alert's
 * notice goes by another channel when there is one (the e-mail API may be what is down: then chat,
 * else SMS), once per failed channel and hour however many alerts died (the sweep announces their
 * leads again, so the notice need not carry each one). Any other message's notice is an e-mail of its
 * own, with its content, to act on by hand. A notice that dies itself is not noticed again (no loop).
 */
function deadNotice(job: OutboxJob, error: string, config: BackendConfig, at: Date): NewJob[] {
  const { kind } = job
  // Steps and summaries only queue jobs (their deliveries have notices of their own); a notice is not noticed.
  if ("failedJob" in job.payload || !isDelivery(kind)) return []
  const channel = CHANNELS[kind]
  const deadJob: DeadJob = { id: job.id, kind, attempts: job.attempts, payload: job.payload }
  if (!isAlertOfLeads(job))
    return [
      {
        kind: "company_email",
        dedupeKey: `dead:${job.id}`,
        payload: { ...deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from), failedJob: job.id },
      },
    ]
  const { alerts } = config
  const dedupeKey = `dead:alerts:${channel}:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`
  const failedJob = job.id
  const chatOn = Boolean(alerts.chatWebhookUrl || alerts.local)
  const smsTo = alerts.sms || alerts.local ? alerts.contacts.find((c) => c.sms)?.sms : undefined
  if (channel === "email" && chatOn)
    return [{ kind: "alert_chat", dedupeKey, payload: { body: deadNoticeChat(deadJob, error), failedJob } }]
  if (channel === "email" && smsTo)
    return [
      {
        kind: "alert_sms",
        dedupeKey,
        payload: { to: smsTo, body: deadNoticeSms(deadJob, error, alerts.smsMaxSegments), failedJob },
      },
    ]
  const email = deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from, { reannounced: true })
  return [{ kind: "company_email", dedupeKey, payload: { ...email, failedJob } }]
}

/** Exponential backoff: base, 2×base, 4×base … capped. */
export const backoffMs = (attempts: number, base: number, max: number) =>
  Math.min(max, base * 2 ** Math.max(0, attempts - 1))

/** A 429 without Retry-After: 1 s, 2 s, 4 s … as the provider keeps refusing, capped like the backoff. */
const RATE_LIMIT_BASE_MS = 1_000

/**
 * How long a claim holds its jobs: every round of the batch may take the longest timeout three times
 * (the reply_to fallback, an SMS looked up then sent), plus a margin. A worker that dies mid-batch
 * frees its jobs when this runs out.
 */
export const leaseMs = ({ batchSize, concurrency, timeoutMs = DELIVERY_TIMEOUT_MS }: LeaseSettings) =>
  Math.max(120_000, Math.ceil(batchSize / concurrency) * 3 * timeoutMs + 60_000)

type LeaseSettings = Pick<BackendConfig["outbox"], "batchSize" | "concurrency"> &
  Partial<Pick<BackendConfig["outbox"], "timeoutMs">>

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

/**
 * The lanes: each claims only its kinds, so one slow provider holds up only its own messages. Steps
 * (escalation, summaries, the digest) only queue jobs; their lane wakes the others when it has.
 */
export const LANES: ReadonlyArray<readonly JobKind[]> = [
  ["alert_step", "morning_summary", "spam_digest"],
  ["alert_sms"],
  ["alert_chat"],
  ["alert_email", "company_email", "customer_email"],
  ["crm_forward"],
]

/** The owner hears first: alerts and their steps, company notices, then the customer's e-mail, then the CRM, then digests. */
const PRIORITY: Readonly<Record<JobKind, number>> = {
  alert_sms: 0,
  alert_chat: 0,
  alert_email: 0,
  alert_step: 0,
  morning_summary: 0,
  company_email: 1,
  customer_email: 2,
  crm_forward: 3,
  spam_digest: 4,
}

/** A lane's kinds in the order it claims them: by priority, then as the lane lists them. */
const byPriority = (kinds: readonly JobKind[]) =>
  kinds.map((kind, index) => ({ kind, index })).sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.index - b.index)

/** One kind's due jobs, newest first, leased: $1 how many, $2 the lease in ms, $3 now, $4 the kind. */
export const CLAIM_ONE_KIND = `update outbox_jobs set status = 'sending', attempts = attempts + 1, locked_until = $3::timestamptz + ($2::int * interval '1 millisecond'), updated_at = now()
  where id in (
    select id from outbox_jobs
    where kind = $4 and status in ('pending', 'sending') and next_attempt_at <= $3::timestamptz
      and (status = 'pending' or locked_until < $3::timestamptz)
    order by next_attempt_at desc
    limit $1
    for update skip locked
  )
  returning id, kind, payload, attempts, outcome_unknown_at, rate_limited_tries, rate_limited_since,
    extract(epoch from next_attempt_at)::float8 as due`

type ClaimedRow = OutboxJob & {
  outcome_unknown_at: Date | null
  rate_limited_tries: number
  rate_limited_since: Date | null
  due: number
}

/**
 * Claims up to the batch size, one kind at a time in priority order and newest first within a kind: a
 * fresh lead's notice never queues behind a backlog or a retry storm, however slowly the API lets the
 * backlog drain (Resend allows a few requests a second). A job leased and not settled in time (status
 * 'sending', lease over) is due again; it was due when leased, so every due job has next_attempt_at ≤ now
 * and one kind's claim is a backward scan of outbox_jobs_lane_due_idx (kind, next_attempt_at) that stops
 * at the batch size. Sorting every due job of the lane by a priority expression, as before, cost the
 * Postgres server 11.6 ms of CPU per lead with 29,000 jobs due (npm run bench:backend).
 */
async function claimBatch(
  db: Db,
  { outbox, alerts }: BackendConfig,
  kinds: readonly JobKind[],
  at: Date,
): Promise<OutboxJob[]> {
  const lease = leaseMs({ ...outbox, timeoutMs: Math.max(outbox.timeoutMs, alerts.timeoutMs) })
  const jobs: OutboxJob[] = []
  for (const { kind } of byPriority(kinds)) {
    const wanted = outbox.batchSize - jobs.length
    if (wanted <= 0) break
    const claimed = await db.query<ClaimedRow>(CLAIM_ONE_KIND, [wanted, lease, at.toISOString(), kind])
    // RETURNING follows the update's scan, not the subquery's order.
    for (const row of claimed.sort((a, b) => b.due - a.due))
      jobs.push({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        outcomeUnknownAt: row.outcome_unknown_at,
        rateLimitedTries: row.rate_limited_tries,
        rateLimitedSince: row.rate_limited_since,
      })
  }
  return jobs
}

type Outcome = { ok: true; note: string | undefined } | { ok: false; error: unknown }

async function markDead(job: OutboxJob, message: string, deps: DeliveryDeps, result: DispatchResult) {
  const at = now(deps)
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `update outbox_jobs set status = 'dead', last_error = $2, locked_until = null, updated_at = now() where id = $1`,
      [job.id, message],
    )
    await enqueueJobs(tx, deadNotice(job, message, deps.config, at), at)
  })
  result.dead++
}

/**
 * Records one delivery's outcome; returns how long the API asked us to wait (0 if it did not), or -1
 * when the job is due again at once (a retry without backoff), so its lane claims again.
 */
async function settle(job: OutboxJob, outcome: Outcome, deps: DeliveryDeps, result: DispatchResult): Promise<number> {
  const { db, config } = deps
  const at = now(deps)
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
  if (error instanceof RateLimitedError) {
    // A 429 does not count as a failed try, but a provider that keeps refusing (a quota used up) is not waited for forever.
    const tries = (job.rateLimitedTries ?? 0) + 1
    const since = job.rateLimitedSince ?? at
    const { rateLimitedMaxTries, rateLimitedMaxMinutes, backoffMaxMs } = config.outbox
    if (tries >= rateLimitedMaxTries || at.getTime() - since.getTime() >= rateLimitedMaxMinutes * 60_000) {
      await markDead(
        job,
        `${message} (rate-limited ${tries} times since ${since.toISOString()}: given up)`,
        deps,
        result,
      )
      return 0
    }
    const delay = error.retryAfterMs ?? backoffMs(tries, RATE_LIMIT_BASE_MS, backoffMaxMs)
    await db.query(
      `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempts = attempts - 1,
         rate_limited_tries = $4, rate_limited_since = $5::timestamptz,
         next_attempt_at = $6::timestamptz + ($3::int * interval '1 millisecond'), updated_at = now() where id = $1`,
      [job.id, message, delay, tries, since.toISOString(), at.toISOString()],
    )
    result.retried++
    return delay
  }
  if (error instanceof PermanentError || job.attempts >= config.outbox.maxAttempts) {
    await markDead(job, message, deps, result)
    return 0
  }
  const delay = backoffMs(job.attempts, config.outbox.backoffBaseMs, config.outbox.backoffMaxMs)
  await db.query(
    `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null,
       outcome_unknown_at = case when $4::boolean then coalesce(outcome_unknown_at, $5::timestamptz) else outcome_unknown_at end,
       next_attempt_at = $5::timestamptz + ($3::int * interval '1 millisecond'), updated_at = now() where id = $1`,
    [job.id, message, delay, error instanceof UnknownOutcomeError, at.toISOString()],
  )
  result.retried++
  return delay === 0 ? -1 : 0
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

/** When each database was last swept, by the worker's clock: at most one sweep a minute (a clock set back sweeps at once). */
const lastSweep = new WeakMap<Db, number>()
const SWEEP_EVERY_MS = 60_000

async function sweep(deps: DeliveryDeps): Promise<void> {
  const at = now(deps).getTime()
  const last = lastSweep.get(deps.db)
  if (last !== undefined && at >= last && at - last < SWEEP_EVERY_MS) return
  lastSweep.set(deps.db, at)
  await reannounceUnalerted(deps.db, deps.config, now(deps))
}

/** The lanes that have a job due (one indexed look per lane), by their index in LANES. */
async function lanesDue(db: Db, at: Date): Promise<Set<number>> {
  const rows = await db.query<{ lane: number }>(
    `select l.lane::int as lane from unnest($2::text[]) with ordinality as l(kinds, lane)
     where exists (
       select 1 from outbox_jobs j
       where j.kind = any(string_to_array(l.kinds, ','))
         and ((j.status = 'pending' and j.next_attempt_at <= $1::timestamptz) or (j.status = 'sending' and j.locked_until < $1::timestamptz)))`,
    [at.toISOString(), `{${LANES.map((kinds) => `"${kinds.join(",")}"`).join(",")}}`],
  )
  // ORDINALITY counts from 1.
  return new Set(rows.map((row) => row.lane - 1))
}

/** The steps' lane: what it runs only queues jobs for the other lanes. */
const STEPS_LANE = 0

/**
 * Claims and delivers due jobs, each lane apart, batch after batch, until none is due or the time budget
 * is spent (a lane started does at least one batch). A lane runs only when it has work: the run looks
 * once which lanes do, and again after a batch that may have queued jobs (steps, a notice of a dead
 * job), starting the lanes those need. Safe to run in several processes at once.
 */
export async function dispatchOutbox(deps: DeliveryDeps, options: DispatchOptions = {}): Promise<DispatchResult> {
  const { outbox } = deps.config
  const budgetMs = options.budgetMs ?? outbox.timeBudgetMs
  const started = Date.now()
  const result: DispatchResult = { sent: 0, retried: 0, dead: 0, notConfigured: 0, deferred: 0 }
  const outOfTime = () => Boolean(options.signal?.aborted) || Date.now() - started >= budgetMs
  await sweep(deps)
  const running = new Map<number, Promise<void>>()
  // Lanes asked to look again while running: new jobs came after their last claim.
  const again = new Set<number>()
  const errors: unknown[] = []

  const startLanes = async (first = false) => {
    if (!first && outOfTime()) return
    for (const lane of await lanesDue(deps.db, now(deps))) {
      if (running.has(lane)) again.add(lane)
      else running.set(lane, runLane(lane))
    }
  }

  // Every exit deletes the lane from `running` in the same turn as its last check, so no job is missed between.
  async function runLane(lane: number): Promise<void> {
    const kinds = LANES[lane] ?? []
    try {
      for (;;) {
        const claimed = await claimBatch(deps.db, deps.config, kinds, now(deps))
        if (claimed.length === 0) {
          if (again.delete(lane)) continue
          running.delete(lane)
          return
        }
        const deadBefore = result.dead
        let wait = 0
        // Written by the deliveries below (a closure the type checker does not follow into).
        const retry = { now: false }
        await eachConcurrently(claimed, outbox.concurrency, async (job) => {
          let outcome: Outcome
          try {
            outcome = { ok: true, note: await deliverJob(job, deps) }
          } catch (error) {
            outcome = { ok: false, error }
          }
          const settled = await settle(job, outcome, deps, result)
          if (settled < 0) retry.now = true
          wait = Math.max(wait, settled)
        })
        if (lane === STEPS_LANE || result.dead > deadBefore) await startLanes()
        // A short batch took every job that was due: nothing is left unless a retry is due at once or new jobs came.
        if (claimed.length < outbox.batchSize && wait === 0 && !retry.now && !again.delete(lane)) {
          running.delete(lane)
          return
        }
        // A rate-limited API is given the pause it asked for, or the lane ends and the next run resumes.
        if (outOfTime() || Date.now() - started + wait >= budgetMs) {
          again.delete(lane)
          running.delete(lane)
          return
        }
        if (wait > 0) await sleep(wait)
      }
    } catch (error) {
      running.delete(lane)
      errors.push(error)
    }
  }

  await startLanes(true)
  while (running.size > 0) await Promise.all(running.values())
  if (errors.length > 0) throw errors[0]
  return result
}
