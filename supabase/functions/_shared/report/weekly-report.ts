/**
 * The weekly_report job: on a Monday at opening time, the owner (ALERT_OWNER's e-mail, else the office
 * inbox) is e-mailed the figures of the week that ended, beside the week before's, with the week's
 * requests attached as CSV. It queues next Monday's report first, then the e-mail as an office e-mail
 * (delivered, retried and noticed when dead like every other); the week comes from the job, so a report
 * run late still covers its own week.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { nowOf } from "../outbox/job.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import { asRequest, weekCounts, weekRequests } from "./report-data.ts"
import { weekCsv } from "./report-csv.ts"
import { weeklyReportEmail } from "./report-email.ts"
import { reportKey, reportWeeks, scheduleWeeklyReport, type ReportWeek } from "./report-week.ts"
import { weekFigures } from "./weekly-figures.ts"

const MONDAY = /^\d{4}-\d{2}-\d{2}$/

async function figuresOf(db: Pick<Db, "query">, week: ReportWeek) {
  const [rows, counts] = await Promise.all([weekRequests(db, week), weekCounts(db, week)])
  return { rows, figures: weekFigures(rows.map(asRequest), counts) }
}

/** The report e-mail of the week reported on `monday` (the Monday after it), beside the week before's, to the owner. */
export async function weekReport(db: Pick<Db, "query">, config: BackendConfig, monday: string) {
  const { week, before } = reportWeeks(monday)
  const now = await figuresOf(db, week)
  const previous = await figuresOf(db, before)
  const to = config.alerts.owner.email ?? config.mail.companyTo
  const email = weeklyReportEmail({
    week,
    figures: now.figures,
    before: previous.figures,
    csv: weekCsv(now.rows),
    to,
    from: config.mail.from,
  })
  return { week, email, to, requests: now.figures.requests, before: previous.figures.requests }
}

export async function runWeeklyReport(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { db, config } = deps
  const monday = job.payload.monday
  if (typeof monday !== "string" || !MONDAY.test(monday)) throw new Error("The job's payload names no Monday")
  // Turned off (WEEKLY_REPORT=0) after it was queued: no e-mail, and no next one.
  if (!config.weeklyReport) return "Weekly report turned off (WEEKLY_REPORT=0)"
  const at = nowOf(deps)
  const report = await weekReport(db, config, monday)
  await db.transaction(async (tx) => {
    await scheduleWeeklyReport(tx, at)
    await enqueueJobs(
      tx,
      [{ kind: "company_email", dedupeKey: `${reportKey(monday)}:email`, payload: report.email }],
      at,
    )
  })
  return `Report of ${report.requests} request(s) (week before: ${report.before}) queued for ${report.to}`
}
