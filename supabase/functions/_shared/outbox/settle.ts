/**
 * Recording a try's outcome: sent, retried with exponential backoff, deferred, not configured, or dead
 * after N attempts (a refusal that cannot pass, a 429 for too long), when the job's handler says what
 * the office is told of it.
 */
import {
  DeferredError,
  NotConfiguredError,
  PermanentError,
  QuotaExceededError,
  RateLimitedError,
  UnknownOutcomeError,
} from "../delivery/errors.ts"
import type { BackendConfig } from "../config.ts"
import { nowOf, type DeliveryDeps, type JobHandler, type JobKind, type JobTable, type OutboxJob } from "./job.ts"
import { enqueueJobs, type NewJob } from "./queue.ts"

export interface DispatchResult {
  sent: number
  retried: number
  dead: number
  notConfigured: number
  /** Steps that wait for a later time (the office's opening). */
  deferred: number
}

/**
 * The job as this worker claimed it ($1 its id, $n the attempts its claim counted): a try that outlived
 * its lease (another worker took the job since) settles nothing; the other worker's try decides.
 */
const OURS = (n: number) => `id = $1 and status = 'sending' and attempts = $${n}`

/** Exponential backoff: base, 2×base, 4×base … capped. */
export const backoffMs = (attempts: number, base: number, max: number) =>
  Math.min(max, base * 2 ** Math.max(0, attempts - 1))

/** A 429 without Retry-After: 1 s, 2 s, 4 s … as the provider keeps refusing, capped like the backoff. */
const RATE_LIMIT_BASE_MS = 1_000

/** How long a job refused with a 429 waits: what its Retry-After asked, else the backoff (`tries` 429s so far, this one included). */
const rateLimitedWaitMs = (error: RateLimitedError, tries: number, maxMs: number) =>
  error.retryAfterMs ?? backoffMs(tries, RATE_LIMIT_BASE_MS, maxMs)

/** Tries a job is given on a provider whose quota is used up (QuotaExceededError) before it is dead and the office told. */
export const QUOTA_MAX_TRIES = 3

export type Outcome = { ok: true; note: string | undefined } | { ok: false; error: unknown }

/** What the kind's handler queues when one of its jobs dies (the office's notice of it); the status webhook's too. */
export const deadJobs = <K extends JobKind>(
  handlers: { readonly [P in K]: JobHandler<P> },
  job: OutboxJob & { kind: K },
  message: string,
  config: BackendConfig,
  at: Date,
): NewJob[] => handlers[job.kind].dead?.(job, message, config, at) ?? []

async function markDead(
  job: OutboxJob,
  message: string,
  { handlers }: JobTable,
  deps: DeliveryDeps,
  result: DispatchResult,
) {
  const at = nowOf(deps)
  const died = await deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update outbox_jobs set status = 'dead', last_error = $2, locked_until = null, attempt_started_at = null, updated_at = now()
       where ${OURS(3)} returning id`,
      [job.id, message, job.attempts],
    )
    if (rows.length === 0) return false
    await enqueueJobs(tx, deadJobs(handlers, job, message, deps.config, at), at)
    return true
  })
  if (died) result.dead++
}

/**
 * Records one delivery's outcome; returns how long the API asked us to wait (0 if it did not), or -1
 * when the job is due again at once (a retry without backoff), so its lane claims again.
 */
export async function settle(
  job: OutboxJob,
  outcome: Outcome,
  table: JobTable,
  deps: DeliveryDeps,
  result: DispatchResult,
): Promise<number> {
  const { db, config } = deps
  const at = nowOf(deps)
  if (outcome.ok) {
    await db.query(
      `update outbox_jobs set status = 'sent', delivered_at = now(), last_error = $2, locked_until = null, attempt_started_at = null,
         updated_at = now() where ${OURS(3)}`,
      [job.id, outcome.note ?? null, job.attempts],
    )
    result.sent++
    return 0
  }
  const { error } = outcome
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof DeferredError) {
    await db.query(
      `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempt_started_at = null, attempts = attempts - 1,
         next_attempt_at = $3, updated_at = now() where ${OURS(4)}`,
      [job.id, message, error.until.toISOString(), job.attempts],
    )
    result.deferred++
    return 0
  }
  if (error instanceof NotConfiguredError) {
    await db.query(
      `update outbox_jobs set status = 'not_configured', last_error = $2, locked_until = null, attempt_started_at = null,
         updated_at = now() where ${OURS(3)}`,
      [job.id, message, job.attempts],
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
      const givenUp = `${message} (rate-limited ${tries} times since ${since.toISOString()}: given up)`
      await markDead(job, givenUp, table, deps, result)
      return 0
    }
    const delay = rateLimitedWaitMs(error, tries, backoffMaxMs)
    await db.query(
      `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempt_started_at = null, attempts = attempts - 1,
         rate_limited_tries = $4, rate_limited_since = $5::timestamptz,
         next_attempt_at = $6::timestamptz + ($3::int * interval '1 millisecond'), updated_at = now() where ${OURS(7)}`,
      [job.id, message, delay, tries, since.toISOString(), at.toISOString(), job.attempts],
    )
    result.retried++
    return delay
  }
  const quotaGivenUp = error instanceof QuotaExceededError && job.attempts >= QUOTA_MAX_TRIES
  if (error instanceof PermanentError || quotaGivenUp || job.attempts >= config.outbox.maxAttempts) {
    const why = quotaGivenUp
      ? `${message} (the provider's quota is used up: given up after ${job.attempts} tries)`
      : message
    await markDead(job, why, table, deps, result)
    return 0
  }
  const delay = backoffMs(job.attempts, config.outbox.backoffBaseMs, config.outbox.backoffMaxMs)
  await db.query(
    `update outbox_jobs set status = 'pending', last_error = $2, locked_until = null, attempt_started_at = null,
       outcome_unknown_at = case when $4::boolean then coalesce(outcome_unknown_at, $5::timestamptz) else outcome_unknown_at end,
       next_attempt_at = $5::timestamptz + ($3::int * interval '1 millisecond'), updated_at = now() where ${OURS(6)}`,
    [job.id, message, delay, error instanceof UnknownOutcomeError, at.toISOString(), job.attempts],
  )
  result.retried++
  return delay === 0 ? -1 : 0
}
