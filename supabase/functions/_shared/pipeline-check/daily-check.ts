/**
 * The daily run: a pipeline_check job per day (its dedupe key names the date), due at
 * PIPELINE_CHECK_TIME on the company's clock (daylight saving exact). The worker's sweep queues the next
 * one and each run queues the following day's, like the weekly report. The job only starts the check,
 * in the background: the check waits for the outbox to deliver its test e-mail, which the worker
 * running this job could not do while it waited.
 */
import type { Db } from "../db.ts"
import { localTimeOn, zonedDate } from "../kernel/business-hours.ts"
import { COMPANY } from "../kernel/site-data.generated.ts"
import { nowOf, type DeliveryDeps, type OutboxJob } from "../outbox/job.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import { logError } from "../safe-log.ts"
import { runPipelineCheck } from "./run-check.ts"

const ZONE = COMPANY.timeZone
const DAY_MS = 86_400_000

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number)
  return hours * 60 + minutes
}

/** The next daily check not yet due at `at`: today's at `time` when that is still ahead, else tomorrow's. */
export function nextDailyCheck(at: Date, time: string): { date: string; due: Date } {
  const today = zonedDate(at, ZONE)
  const due = localTimeOn(today, minutesOf(time), ZONE)
  if (due.getTime() > at.getTime()) return { date: today, due }
  // Noon tomorrow is on tomorrow's calendar day whatever the clocks do tonight.
  const tomorrow = zonedDate(new Date(localTimeOn(today, 12 * 60, ZONE).getTime() + DAY_MS), ZONE)
  return { date: tomorrow, due: localTimeOn(tomorrow, minutesOf(time), ZONE) }
}

export const dailyCheckKey = (date: string) => `pipeline-check:${date}`

/** Makes sure the next daily check is queued (one job per date: queuing it again changes nothing). */
export async function scheduleDailyCheck(tx: Pick<Db, "query">, time: string, at: Date): Promise<void> {
  const { date, due } = nextDailyCheck(at, time)
  await enqueueJobs(tx, [{ kind: "pipeline_check", dedupeKey: dailyCheckKey(date), payload: { date }, dueAt: due }], at)
}

/** Supabase keeps a function alive for work handed to waitUntil; elsewhere the promise simply runs on. */
const inBackground = (work: Promise<unknown>) => {
  globalThis.EdgeRuntime?.waitUntil(work)
}

/** The pipeline_check job: queues tomorrow's, then starts today's check in the background. */
export async function runDailyCheck(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { config } = deps
  if (!config.pipelineCheck.daily) return "Daily pipeline check turned off (PIPELINE_CHECK=0)"
  await scheduleDailyCheck(deps.db, config.pipelineCheck.time, nowOf(deps))
  const check = runPipelineCheck(deps, "daily").catch((error: unknown) => {
    logError("pipeline-check", "the daily check failed to run", error)
  })
  ;(deps.background ?? inBackground)(check)
  const date = typeof job.payload.date === "string" ? job.payload.date : "today"
  return `Pipeline check of ${date} started`
}
