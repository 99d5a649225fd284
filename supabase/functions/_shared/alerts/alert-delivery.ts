/**
 * How an alert of the office is delivered, whatever its channel: not at all when every lead it is about
 * was taken meanwhile, and, once delivered, its leads count as alerted (the sweep then leaves them).
 * The office's notice of a new lead is its inbox's alert: delivered while the office is open, the
 * office was alerted (at night it waits in the inbox, and the morning summary is the alert).
 */
import type { Db } from "../db.ts"
import { nowOf, type DeliveryDeps, type OutboxJob } from "../outbox/job.ts"
import { isOfficeOpen } from "./office-hours.ts"
import { loadSubjects, markAlerted, targetsOf } from "./subject.ts"

type Send = (job: OutboxJob, deps: DeliveryDeps) => Promise<string | undefined>

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

/** An alert sent by `send` (SMS, chat, e-mail): skipped when taken meanwhile, its leads alerted once sent. */
export const alertDelivery =
  (send: Send): Send =>
  async (job, deps) => {
    const taken = await takenMeanwhile(job, deps)
    if (taken) return taken
    const note = await send(job, deps)
    await markAlerted(deps.db, targetsOf(job.payload), nowOf(deps))
    return note
  }

/** An e-mail to the office's inbox delivered at `at` (a lead's notice, a dead job's): while the office is open, its leads were alerted. */
export async function inboxAlerted(db: Pick<Db, "query">, payload: Record<string, unknown>, at: Date): Promise<void> {
  if (isOfficeOpen(at)) await markAlerted(db, targetsOf(payload), at)
}
