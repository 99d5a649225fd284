/**
 * Claiming due jobs: per lane, one kind at a time in priority order, newest first, leased so two
 * workers never take the same job (FOR UPDATE SKIP LOCKED) and a worker that dies frees its jobs.
 * The lanes and the order come from the job table (jobs.ts); nothing here knows a kind.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { JobHandler, JobTable, OutboxJob } from "./job.ts"

/**
 * How long a claim holds its jobs: every round of the batch may take the longest timeout three times
 * (the reply_to fallback, an SMS looked up then sent), plus a margin. A worker that dies mid-batch
 * frees its jobs when this runs out.
 */
export const leaseMs = ({ batchSize, concurrency, timeoutMs }: LeaseSettings) =>
  Math.max(120_000, Math.ceil(batchSize / concurrency) * 3 * timeoutMs + 60_000)

type LeaseSettings = Pick<BackendConfig["outbox"], "batchSize" | "concurrency" | "timeoutMs">

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
export async function claimBatch(
  db: Db,
  { outbox, alerts }: BackendConfig,
  kinds: readonly string[],
  at: Date,
): Promise<OutboxJob[]> {
  const lease = leaseMs({ ...outbox, timeoutMs: Math.max(outbox.timeoutMs, alerts.timeoutMs) })
  const jobs: OutboxJob[] = []
  for (const kind of kinds) {
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

/** The lanes that have a job due (one indexed look per lane), by their index in `lanes`. */
export async function lanesDue(db: Db, lanes: readonly Lane[], at: Date): Promise<Set<number>> {
  const rows = await db.query<{ lane: number }>(
    `select l.lane::int as lane from unnest($2::text[]) with ordinality as l(kinds, lane)
     where exists (
       select 1 from outbox_jobs j
       where j.kind = any(string_to_array(l.kinds, ','))
         and ((j.status = 'pending' and j.next_attempt_at <= $1::timestamptz) or (j.status = 'sending' and j.locked_until < $1::timestamptz)))`,
    [at.toISOString(), `{${lanes.map(({ kinds }) => `"${kinds.join(",")}"`).join(",")}}`],
  )
  // ORDINALITY counts from 1.
  return new Set(rows.map((row) => row.lane - 1))
}
