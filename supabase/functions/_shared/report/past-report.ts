/**
 * A past week's report on request: the owner's signed link (office-links/report-link.ts) or the maintainer's
 * `npm run report -- --week 2026-11-23 --send`. The week is named by any of its days and must have ended; a
 * link reaches back REPORT_LINK_WEEKS weeks. The report goes, as the Monday one does, to the owner's e-mail
 * (ALERT_OWNER's, else the office inbox) through the outbox, once per week and asker (a link's id, a run).
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { fill } from "../kernel/escape.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import { askedWeek, reportKey, type NamedWeek } from "./report-week.ts"
import { weekReport } from "./weekly-report.ts"

const COPY = LEAD_MESSAGES.weeklyReport.asked

/** How many ended weeks the owner's link lets them choose from, the last one first. */
export const REPORT_LINK_WEEKS = 12

export type PastReport =
  | { state: "sent" | "already_sent"; week: NamedWeek; to: string; message: string }
  | { state: "refused"; problem: "invalid" | "not_ended" | "too_old"; message: string }

/** Whose report it is: the owner's e-mail, else the office inbox (as the Monday report). */
export const reportRecipient = (config: BackendConfig) => config.alerts.owner.email ?? config.mail.companyTo

/** The week's refusal, or its report queued to the owner once for `asker`. */
export async function sendPastReport(
  db: Pick<Db, "query">,
  config: BackendConfig,
  { day, asker, weeksBack = Infinity }: { day: string; asker: string; weeksBack?: number },
  at: Date,
): Promise<PastReport> {
  const asked = askedWeek(day, at, weeksBack)
  if (!asked.ok) {
    const values = { first: day, latest: asked.latest.first, weeks: String(weeksBack) }
    const text = { invalid: COPY.invalid, not_ended: COPY.notEnded, too_old: COPY.tooOld }[asked.problem]
    return { state: "refused", problem: asked.problem, message: fill(text, values) }
  }
  const { week } = asked
  const to = reportRecipient(config)
  const values = { first: week.first, to }
  const dedupeKey = `${reportKey(week.monday)}:asked:${asker}`
  const [sent] = await db.query<{ id: string }>(`select id from outbox_jobs where dedupe_key = $1`, [dedupeKey])
  if (sent) return { state: "already_sent", week, to, message: fill(COPY.alreadySent, values) }
  const report = await weekReport(db, config, week.monday)
  await enqueueJobs(db, [{ kind: "company_email", dedupeKey, payload: report.email }], at)
  return { state: "sent", week, to, message: fill(COPY.sent, values) }
}
