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

/** A week as the owner names it: its first and last day ("2026-11-23", "2026-11-29"), and the Monday it is reported on. */
export interface NamedWeek {
  first: string
  last: string
  monday: string
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date written YYYY-MM-DD ("2026-02-30" is not one). */
const isCalendarDate = (day: string) => {
  const [, year, month, date] = DAY.exec(day)?.map(Number) ?? []
  if (year === undefined || month === undefined || date === undefined) return false
  const noon = new Date(Date.UTC(year, month - 1, date, 12))
  return noon.getUTCFullYear() === year && noon.getUTCMonth() === month - 1 && noon.getUTCDate() === date
}

/** The week holding the Monday 00:00 `start`, named. */
function named(start: Date): NamedWeek {
  const next = weekStartAfter(start, 1, ZONE)
  return {
    first: zonedDate(start, ZONE),
    last: zonedDate(new Date(next.getTime() - 1), ZONE),
    monday: zonedDate(next, ZONE),
  }
}

/** The weeks that have ended by `at`, newest first: the one before this one, and `count - 1` before it. */
export const endedWeeks = (at: Date, count: number): NamedWeek[] =>
  Array.from({ length: count }, (_, i) => named(weekStartAfter(at, -1 - i, ZONE)))

/**
 * A past week asked for by any of its days ("2026-11-25": the week of Monday 23 November), if it has ended
 * by `at` and is among the last `weeksBack` (any, without a limit). Otherwise why not, with the latest week
 * one may ask for.
 */
export function askedWeek(
  day: string,
  at: Date,
  weeksBack = Infinity,
): { ok: true; week: NamedWeek } | { ok: false; problem: "invalid" | "not_ended" | "too_old"; latest: NamedWeek } {
  const [latest] = endedWeeks(at, 1)
  if (!latest) throw new Error("unreachable: one week asked for")
  if (!isCalendarDate(day)) return { ok: false, problem: "invalid", latest }
  const week = named(weekStart(localMidnight(day, ZONE), ZONE))
  if (week.monday > zonedDate(weekStart(at, ZONE), ZONE)) return { ok: false, problem: "not_ended", latest }
  if (Number.isFinite(weeksBack) && week.first < (endedWeeks(at, weeksBack).at(-1)?.first ?? ""))
    return { ok: false, problem: "too_old", latest }
  return { ok: true, week }
}
