/**
 * The outbox's worker. It claims due jobs in batches (claim.ts) until none is due or its time budget
 * is spent, runs each by its kind's handler, and records the outcome (settle.ts): sent, retried with
 * backoff, dead after N attempts, or not configured. Each lane (e-mail, SMS, chat, the CRM, and the
 * alert steps) is claimed and delivered apart, so a hanging e-mail API never holds up an SMS alert.
 * It knows no job kind: it is given the table of handlers (jobs.ts, composed in ../outbox.ts), and
 * runs the table's sweep at most once a minute.
 */
import type { Db } from "../db.ts"
import { claimBatch, jobLeaseMs, lanesDue, lanesOf, startAttempt } from "./claim.ts"
import { nowOf, type DeliveryDeps, type JobTable } from "./job.ts"
import { settle, type DispatchResult, type Outcome } from "./settle.ts"

export type { DispatchResult } from "./settle.ts"

export interface DispatchOptions {
  /** Overrides config.outbox.timeBudgetMs. */
  budgetMs?: number
  /** Stops claiming new batches (the batch in hand is still delivered). */
  signal?: AbortSignal
  /** New jobs were committed while this run goes on: it looks for due lanes at once (outbox-wake.ts). */
  wakes?: WakeSource
}

/** Tells a run in progress that jobs were committed: `onWake` registers a listener and returns its removal. */
export interface WakeSource {
  onWake: (listener: () => void) => () => void
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

/** Runs the table's sweep when a minute has passed since the last; true when it ran. */
async function sweep(table: JobTable, deps: DeliveryDeps): Promise<boolean> {
  if (!table.sweep) return false
  const at = nowOf(deps).getTime()
  const last = lastSweep.get(deps.db)
  if (last !== undefined && at >= last && at - last < SWEEP_EVERY_MS) return false
  lastSweep.set(deps.db, at)
  await table.sweep(deps, nowOf(deps))
  return true
}

/**
 * Claims and delivers due jobs, each lane apart, batch after batch, until none is due or the time budget
 * is spent (a lane started does at least one batch). A lane runs only when it has work: the run looks
 * which lanes do at its start, after the sweep, after a batch that may have queued jobs (steps, a
 * notice of a dead job), and whenever `wakes` says a request committed new ones, starting the lanes
 * that are idle: a lane held up by its provider (an e-mail API that hangs) never keeps a new lead's
 * step or SMS waiting for the run to end. Each job's try is recorded and its lease taken just before
 * its call (claim.ts' startAttempt). Safe to run in several processes at once.
 */
export async function runOutbox(
  table: JobTable,
  deps: DeliveryDeps,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const { outbox } = deps.config
  const lanes = lanesOf(table.handlers)
  const budgetMs = options.budgetMs ?? outbox.timeBudgetMs
  const started = Date.now()
  const result: DispatchResult = { sent: 0, retried: 0, dead: 0, notConfigured: 0, deferred: 0 }
  const outOfTime = () => Boolean(options.signal?.aborted) || Date.now() - started >= budgetMs
  const leases = new Map(
    Object.entries(table.handlers).map(([kind, handler]): [string, number] => [kind, jobLeaseMs(handler, deps.config)]),
  )
  const leaseOf = (kind: string) => leases.get(kind) ?? jobLeaseMs({}, deps.config)
  const running = new Map<number, Promise<void>>()
  // Lanes asked to look again while running: new jobs came after their last claim.
  const again = new Set<number>()
  const errors: unknown[] = []

  const startLanes = async (first = false) => {
    if (!first && outOfTime()) return
    for (const lane of await lanesDue(deps.db, lanes, nowOf(deps))) {
      if (running.has(lane)) again.add(lane)
      else running.set(lane, runLane(lane))
    }
  }

  // Every exit deletes the lane from `running` in the same turn as its last check, so no job is missed between.
  async function runLane(lane: number): Promise<void> {
    const { kinds, queuesJobs } = lanes[lane] ?? { kinds: [], queuesJobs: false }
    try {
      for (;;) {
        const claimed = await claimBatch(deps.db, deps.config, kinds, nowOf(deps), leaseOf)
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
          // Another worker took it while it waited its turn (its lease ran out): that worker's try decides.
          if (!(await startAttempt(deps.db, job, leaseOf(job.kind), nowOf(deps)))) return
          let outcome: Outcome
          try {
            outcome = { ok: true, note: await table.handlers[job.kind].run(job, deps) }
          } catch (error) {
            outcome = { ok: false, error }
          }
          const settled = await settle(job, outcome, table, deps, result)
          if (settled < 0) retry.now = true
          wait = Math.max(wait, settled)
        })
        if (queuesJobs || result.dead > deadBefore) await startLanes()
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

  // Looks started by a wake or the sweep, which the run waits for like its lanes. One at a time: a burst
  // of wakes while one looks (a request each, under load) asks for one more look after it, not a look each.
  const looking = new Set<Promise<void>>()
  let lookAgain = false
  // Read through a call: a wake during the look sets it, which the loop's own assignment hides from the type checker.
  const askedToLookAgain = () => lookAgain
  const look = () => {
    if (looking.size > 0) {
      lookAgain = true
      return
    }
    const done: Promise<void> = (async () => {
      do {
        lookAgain = false
        await startLanes()
      } while (askedToLookAgain())
    })()
      .catch((error: unknown) => {
        errors.push(error)
      })
      .finally(() => looking.delete(done))
    looking.add(done)
  }
  const stopListening = options.wakes?.onWake(look)
  try {
    await startLanes(true)
    // After the lanes started, so a fresh lead's jobs do not wait for it; then whatever it queued.
    if (await sweep(table, deps)) look()
    while (running.size > 0 || looking.size > 0) await Promise.all([...running.values(), ...looking])
  } finally {
    stopListening?.()
  }
  if (errors.length > 0) throw errors[0]
  return result
}
