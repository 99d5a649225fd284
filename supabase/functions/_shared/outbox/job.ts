/**
 * What the worker hands a job's handler, and what a handler is: the worker (worker.ts) knows no job
 * kind; each kind registers a handler in one table (jobs.ts), which the worker is given.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { OutboxJobRow } from "../rows.ts"
import type { JobKind } from "./job-kinds.ts"
import type { NewJob } from "./queue.ts"

export type { JobKind } from "./job-kinds.ts"
export type { JobStatus } from "../rows.ts"

export type OutboxJob = Pick<OutboxJobRow, "id" | "payload" | "attempts"> & {
  kind: JobKind
  /** When a try of this job first ended without an answer (delivery/errors.ts' UnknownOutcomeError). */
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
  /** Work a job starts and does not wait for (the daily pipeline check); on Supabase, EdgeRuntime.waitUntil. */
  background?: (work: Promise<unknown>) => void
}

/** The time the worker acts at. */
export const nowOf = (deps: Pick<DeliveryDeps, "clock">) => deps.clock?.() ?? new Date()

/** The handler of the kind K: its `dead` is handed only K's jobs. */
export interface JobHandler<K extends JobKind = JobKind> {
  /** Delivers or runs one job; resolves to a note kept in last_error (a caveat, or what a step did). */
  run: (job: OutboxJob, deps: DeliveryDeps) => Promise<string | undefined>
  /** Within its lane, kinds are claimed by this, lowest first (then in the table's order). */
  priority: number
  /** Kinds of one lane are claimed and delivered together, apart from the other lanes: a slow provider holds up only its own. */
  lane: string
  /**
   * The most provider requests one try makes, and the timeout of each: the job's lease is sized from
   * them (claim.ts' jobLeaseMs). One request of OUTBOX_TIMEOUT_MS when absent (a step).
   */
  calls?: { requests: number; timeoutMs: (config: BackendConfig) => number }
  /** It only queues jobs (a step, a summary): after its batch the worker looks which lanes have work. */
  queuesJobs?: true
  /** What to queue when a job of this kind dies (the office's notice of it); nothing when absent. */
  dead?: (job: OutboxJob & { kind: K }, error: string, config: BackendConfig, at: Date) => NewJob[]
}

/** What the worker is given: a handler for every kind, and a sweep it runs at most once a minute. */
export interface JobTable {
  handlers: { readonly [K in JobKind]: JobHandler<K> }
  sweep?: (deps: DeliveryDeps, at: Date) => Promise<unknown>
}
