/**
 * The job kinds, one handler each: how it runs, its claim order within its lane (the owner hears
 * first: alerts and their steps, company notices, then the customer's e-mail, then the CRM, then
 * digests), its lane (a delivery's is its channel), and what the office is told when it dies. Each
 * alert channel's kind has its handler made from the channel (notify/registry.ts), its lane the
 * channel's name. The lanes are claimed in the order they first appear here. The worker is given this
 * table (../outbox.ts); nothing a kind imports imports it.
 */
import { alertDelivery, inboxAlerted } from "../alerts/alert-delivery.ts"
import { deadNotice, type AboutLeads } from "../alerts/dead-notice.ts"
import { runAlertStep, runMorningSummary } from "../alerts/escalation.ts"
import { reannounceUnalerted } from "../alerts/reannounce.ts"
import { forwardToCrm } from "../delivery/crm.ts"
import { sendEmail, sendOfficeEmail } from "../delivery/email.ts"
import { deliverCustomerSms, sms } from "../notify/channels/sms.ts"
import { email } from "../notify/channels/email.ts"
import { byChannelKind } from "../notify/registry.ts"
import { runReminder } from "../appointments/reminder.ts"
import { runDailyCheck, scheduleDailyCheck } from "../pipeline-check/daily-check.ts"
import { reportAbandonedChecks } from "../pipeline-check/run-check.ts"
import { scheduleWeeklyReport } from "../report/report-week.ts"
import { runWeeklyReport } from "../report/weekly-report.ts"
import { markSpamShown, runSpamDigest } from "../spam/spam-review.ts"
import type { BackendConfig } from "../config.ts"
import { nowOf, type JobHandler, type JobKind, type JobTable } from "./job.ts"

interface Handler<K extends JobKind> extends JobHandler<K> {
  /** One of a lead's alerts: while one is pending or sending, its alerting is under way (the sweep leaves the lead). */
  alerting: boolean
}

/** The timeouts a try's requests run under: the alerts' (shorter) or the outbox's. */
const alertsTimeout = (config: BackendConfig) => config.alerts.timeoutMs
const outboxTimeout = (config: BackendConfig) => config.outbox.timeoutMs

/**
 * A delivery by `channel` (an alert channel, or the CRM's one request), which is its lane, making at
 * most `requests` provider requests a try (the channel's own count); when one dies the office is told,
 * by another channel for an alert.
 */
const delivery = (
  run: JobHandler["run"],
  priority: number,
  channel: { name: string; requests: number },
  aboutLeads: AboutLeads,
  timeoutMs: (config: BackendConfig) => number,
) => ({
  run,
  priority,
  lane: channel.name,
  calls: { requests: channel.requests, timeoutMs },
  dead: deadNotice(channel.name, aboutLeads),
  alerting: aboutLeads !== "never",
})

const CRM = { name: "crm", requests: 1 }

/**
 * The office's inbox: a lead's notice (delivered while the office is open, it alerted the office), a
 * dead job's, the spam digest (what it listed counts as shown once delivered; a dead one is listed
 * again by the next), all as of one time.
 */
const officeEmail: JobHandler["run"] = async (job, deps) => {
  const note = await sendOfficeEmail(job, deps)
  const at = nowOf(deps)
  await inboxAlerted(deps.db, job.payload, at)
  await markSpamShown(deps.db, job.payload, at)
  return note
}

const HANDLERS: { [K in JobKind]: Handler<K> } = {
  // Steps and summaries only queue jobs (their deliveries have notices of their own when they die).
  alert_step: { run: runAlertStep, priority: 0, lane: "steps", queuesJobs: true, alerting: true },
  morning_summary: { run: runMorningSummary, priority: 0, lane: "steps", queuesJobs: true, alerting: false },
  spam_digest: { run: runSpamDigest, priority: 4, lane: "steps", queuesJobs: true, alerting: false },
  // The owner's weekly report: it queues its e-mail (and next week's report).
  weekly_report: { run: runWeeklyReport, priority: 5, lane: "steps", queuesJobs: true, alerting: false },
  // The daily pipeline check: it queues tomorrow's and starts today's in the background (pipeline-check/).
  pipeline_check: { run: runDailyCheck, priority: 6, lane: "steps", queuesJobs: true, alerting: false },
  // The visitor's reminder the day before a confirmed visit: it queues the e-mail and the text (appointments/).
  appointment_reminder: { run: runReminder, priority: 3, lane: "steps", queuesJobs: true, alerting: false },
  // Each channel's alerts, first in its lane: skipped when taken meanwhile, their leads alerted once delivered.
  ...byChannelKind((channel) => delivery(alertDelivery(channel.deliver), 0, channel, "always", alertsTimeout)),
  company_email: delivery(officeEmail, 1, email, "when-targeted", alertsTimeout),
  customer_email: delivery(sendEmail, 2, email, "never", outboxTimeout),
  // The visitor's confirmation by SMS (opt-in only): Twilio like the alerts, after them in the lane.
  customer_sms: delivery(deliverCustomerSms, 2, sms, "never", alertsTimeout),
  crm_forward: delivery(forwardToCrm, 3, CRM, "never", outboxTimeout),
  // The pipeline check's test e-mail to the office inbox: its fate is the check's finding, so no notice when it dies.
  check_email: {
    run: sendOfficeEmail,
    priority: 4,
    lane: email.name,
    calls: { requests: email.requests, timeoutMs: alertsTimeout },
    alerting: false,
  },
}

/** The kinds of a lead's alerts, which the sweep waits for. */
export const ALERT_KINDS = Object.entries(HANDLERS).flatMap(([kind, handler]) => (handler.alerting ? [kind] : []))

/**
 * What the worker runs: the handlers, and the sweep that announces again leads whose alerts all failed
 * and makes sure the next weekly report and daily pipeline check are queued (each queues the next; this
 * starts the chain), and reports pipeline checks whose process stopped before they ended.
 */
export const OUTBOX_JOBS: JobTable = {
  handlers: HANDLERS,
  sweep: async ({ db, config }, at) => {
    await reannounceUnalerted(db, config, ALERT_KINDS, at)
    if (config.weeklyReport) await scheduleWeeklyReport(db, at)
    if (config.pipelineCheck.daily) await scheduleDailyCheck(db, config.pipelineCheck.time, at)
    await reportAbandonedChecks({ db, config }, at)
  },
}
