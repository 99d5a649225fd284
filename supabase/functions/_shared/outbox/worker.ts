/**
 * The outbox's worker. It claims due jobs in batches (claim.ts) until none is due or its time budget
 * is spent, runs each by its kind's handler, and records the outcome (settle.ts): sent, retried with
 * backoff, dead after N attempts, or not configured. Each lane (e-mail, SMS, chat, the CRM, and the
 * alert steps) is claimed and delivered apart, so a hanging e-mail API never holds up an SMS alert.
 * It knows no job kind: it is given the table of handlers (jobs.ts, composed in ../outbox.ts), and
 * runs the table's sweep at most once a minute.
 */
import type { Db } from "../db.ts"
import { claimBatch, lanesDue, lanesOf } from "./claim.ts"
import { nowOf, type DeliveryDeps, type JobTable } from "./job.ts"
import { settle, type DispatchResult, type Outcome } from "./settle.ts"

export type { DispatchResult } from "./settle.ts"

export interface DispatchOptions {
  /** Overrides config.outbox.timeBudgetMs. */
  budgetMs?: number
  /** Stops claiming new batches (the batch in hand is still delivered). */
  signal?: AbortSignal
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

async function sweep(table: JobTable, deps: DeliveryDeps): Promise<void> {
  if (!table.sweep) return
  const at = nowOf(deps).getTime()
  const last = lastSweep.get(deps.db)
  if (last !== undefined && at >= last && at - last < SWEEP_EVERY_MS) return
  lastSweep.set(deps.db, at)
  await table.sweep(deps, nowOf(deps))
}

/**
 * Claims and delivers due jobs, each lane apart, batch after batch, until none is due or the time budget
 * is spent (a lane started does at least one batch). A lane runs only when it has work: the run looks
 * once which lanes do, and again after a batch that may have queued jobs (steps, a notice of a dead
 * job), starting the lanes those need. Safe to run in several processes at once.
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
  await sweep(table, deps)
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
        const claimed = await claimBatch(deps.db, deps.config, kinds, nowOf(deps))
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

  await startLanes(true)
  while (running.size > 0) await Promise.all(running.values())
  if (errors.length > 0) throw errors[0]
  return result
}
