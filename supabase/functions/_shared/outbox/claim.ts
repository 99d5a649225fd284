/**
 * Claiming due jobs: per lane, one kind at a time in priority order, newest first, leased so two
 * workers never take the same job (FOR UPDATE SKIP LOCKED) and a worker that dies frees its jobs.
 * The lanes and the order come from the job table (jobs.ts); nothing here knows a kind.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { JobHandler, JobTable, OutboxJob } from "./job.ts"

/**
 * Room in a job's lease for its own database work (its statements and its settling, on a loaded
 * machine whose worker gives way to requests) beside its calls to the provider.
 */
export const LEASE_MARGIN_MS = 10_000

/**
 * How long one try of a job holds it: the most provider requests the try makes (an SMS: two look-up
 * pages and the send; an e-mail: again without reply_to) times their timeout, plus the margin. A worker
 * that dies mid-try frees the job when this runs out: no lease is longer than the try it covers. A job
 * claimed in a batch takes its lease again just before its own try (startAttempt), so a long batch
 * needs no long lease.
 */
export const jobLeaseMs = (handler: Pick<JobHandler, "calls">, config: BackendConfig) => {
  const calls = handler.calls ?? { requests: 1, timeoutMs: (c: BackendConfig) => c.outbox.timeoutMs }
  return calls.requests * calls.timeoutMs(config) + LEASE_MARGIN_MS
}

/** One lane: its kinds (the table's names) in claim order (by priority, then the table's), and whether it only queues jobs. */
export interface Lane {
  kinds: string[]
  queuesJobs: boolean
}

/** The table's lanes, in the order their first kind appears in it. */
export function lanesOf(handlers: JobTable["handlers"]): Lane[] {
  const rows: ReadonlyArray<[string, Pick<JobHandler, "lane" | "priority" | "queuesJobs">]> = Object.entries(handlers)
  const names = [...new Set(rows.map(([, handler]) => handler.lane))]
  return names.map((name) => {
    const own = rows.filter(([, handler]) => handler.lane === name)
    return {
      // Array.prototype.sort is stable: equal priorities keep the table's order.
      kinds: [...own].sort(([, a], [, b]) => a.priority - b.priority).map(([kind]) => kind),
      queuesJobs: own.some(([, handler]) => handler.queuesJobs === true),
    }
  })
}

/**
 * A job due at the time in parameter `at`, of the rows named `job` (a table alias and its dot, or none). A job
 * leased and not settled in time (status 'sending', lease over) is due again; it was due when leased, so every
 * due job has next_attempt_at ≤ now, a range the index (kind, next_attempt_at) scans.
 */
const dueAt = (at: string, job = "") =>
  `${job}status in ('pending', 'sending') and ${job}next_attempt_at <= ${at}::timestamptz
    and (${job}status = 'pending' or ${job}locked_until < ${at}::timestamptz)`

/**
 * One kind's due jobs, newest first, leased: $1 how many, $2 the lease in ms, $3 now, $4 the kind. A job
 * taken back while still 'sending' whose try had begun (attempt_started_at: its worker died mid-try)
 * may have been delivered: its outcome is unknown from then on, and its next try looks before it sends.
 */
export const CLAIM_ONE_KIND = `update outbox_jobs set status = 'sending', attempts = attempts + 1, locked_until = $3::timestamptz + ($2::int * interval '1 millisecond'),
    outcome_unknown_at = case when status = 'sending' and attempt_started_at is not null
      then coalesce(outcome_unknown_at, attempt_started_at) else outcome_unknown_at end,
    attempt_started_at = null, updated_at = now()
  where id in (
    select id from outbox_jobs
    where kind = $4 and ${dueAt("$3")}
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
export async function claimBatch(
  db: Db,
  config: BackendConfig,
  kinds: readonly string[],
  at: Date,
  leaseOf: (kind: string) => number,
): Promise<OutboxJob[]> {
  const jobs: OutboxJob[] = []
  for (const kind of kinds) {
    const wanted = config.outbox.batchSize - jobs.length
    if (wanted <= 0) break
    const claimed = await db.query<ClaimedRow>(CLAIM_ONE_KIND, [wanted, leaseOf(kind), at.toISOString(), kind])
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

/**
 * Records, and commits, that the try of a claimed job begins now, and takes its lease afresh from now
 * (the job may have waited its turn in the batch): a worker that dies during the call leaves the job
 * 'sending' with attempt_started_at set, which the next claim reads as an unknown outcome. False when
 * the job is no longer this claim's (its lease ran out while it waited and another worker took it: the
 * claim counted one more attempt).
 */
export async function startAttempt(db: Db, job: OutboxJob, leaseMs: number, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update outbox_jobs set attempt_started_at = $3::timestamptz, locked_until = $3::timestamptz + ($4::int * interval '1 millisecond')
     where id = $1 and status = 'sending' and attempts = $2 returning id`,
    [job.id, job.attempts, at.toISOString(), leaseMs],
  )
  return rows.length > 0
}

/**
 * What a worker that died left behind, taken back at the start of the only worker there is (the local
 * backend holds its data folder's lock): every job still 'sending' is due at once, and the claim reads
 * the tries that had begun as unknown outcomes (CLAIM_ONE_KIND), so each is looked up before it is sent
 * again. Never where other workers may be running (Supabase): there the short leases free them.
 */
export async function takeBackAbandoned(db: Pick<Db, "query">): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update outbox_jobs set locked_until = '-infinity'::timestamptz where status = 'sending' returning id`,
  )
  return rows.length
}

/**
 * The lanes that have a job due (one indexed look per lane), by their index in `lanes`, by the claim's own
 * condition: with only the status and the times a lane with none due read every open job of its kinds (the
 * alert steps scheduled ahead, one set per lead: 12 ms a look with 10,000 leads on PGlite).
 */
export async function lanesDue(db: Db, lanes: readonly Lane[], at: Date): Promise<Set<number>> {
  const rows = await db.query<{ lane: number }>(
    `select l.lane::int as lane from unnest($2::text[]) with ordinality as l(kinds, lane)
     where exists (
       select 1 from outbox_jobs j
       where j.kind = any(string_to_array(l.kinds, ',')) and ${dueAt("$1", "j.")})`,
    [at.toISOString(), `{${lanes.map(({ kinds }) => `"${kinds.join(",")}"`).join(",")}}`],
  )
  // ORDINALITY counts from 1.
  return new Set(rows.map((row) => row.lane - 1))
}
