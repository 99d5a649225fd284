/**
 * Which week a weekly report covers, and when it is due. Weeks run Monday 00:00 to Monday 00:00 on the
 * company's clock (data/site.yaml's time zone, daylight saving exact); the report on a Monday covers the
 * week that just ended and is due at that Monday's opening time. One job per Monday (its dedupe key
 * names the date): the worker's sweep and each report queue the next, so it is queued once, and a
 * report due while no worker ran is run by the next one.
 */
import { openingAfter } from "../alerts/office-hours.ts"
import type { Db } from "../db.ts"
import { zonedDate, localMidnight, weekStart, weekStartAfter } from "../kernel/business-hours.ts"
import { COMPANY } from "../kernel/site-data.generated.ts"
import { enqueueJobs } from "../outbox/queue.ts"

const ZONE = COMPANY.timeZone

/** From (inclusive) to (exclusive). */
export interface ReportWeek {
  from: Date
  to: Date
}

/** The week a report made on `monday` ("2026-03-09") covers, and the week before it. */
export function reportWeeks(monday: string): { week: ReportWeek; before: ReportWeek } {
  const to = localMidnight(monday, ZONE)
  const from = weekStartAfter(to, -1, ZONE)
  return { week: { from, to }, before: { from: weekStartAfter(to, -2, ZONE), to: from } }
}

/** The next report not yet due at `at`: this Monday's before its opening time, else next Monday's. */
export function nextReport(at: Date): { monday: string; due: Date } {
  const thisMonday = weekStart(at, ZONE)
  const due = openingAfter(thisMonday)
  if (due.getTime() > at.getTime()) return { monday: zonedDate(thisMonday, ZONE), due }
  const next = weekStartAfter(at, 1, ZONE)
  return { monday: zonedDate(next, ZONE), due: openingAfter(next) }
}

export const reportKey = (monday: string) => `weekly-report:${monday}`

/** Makes sure the next report is queued (one job per Monday: queuing it again changes nothing). */
export async function scheduleWeeklyReport(tx: Pick<Db, "query">, at: Date): Promise<void> {
  const { monday, due } = nextReport(at)
  await enqueueJobs(tx, [{ kind: "weekly_report", dedupeKey: reportKey(monday), payload: { monday }, dueAt: due }], at)
}
