/**
 * The job kinds, one handler each: how it runs, its claim order within its lane (the owner hears
 * first: alerts and their steps, company notices, then the customer's e-mail, then the CRM, then
 * digests), its lane, and what the office is told when it dies. The lanes are claimed in the order
 * they first appear here. The worker is given this table (../outbox.ts); nothing a kind imports
 * imports it.
 */
import { alertDelivery, officeNotice } from "../alerts/alert-delivery.ts"
import { deadNotice } from "../alerts/dead-notice.ts"
import { runAlertStep, runMorningSummary } from "../alerts/escalation.ts"
import { reannounceUnalerted } from "../alerts/reannounce.ts"
import { deliverChat } from "../delivery/chat.ts"
import { forwardToCrm } from "../delivery/crm.ts"
import { sendEmail, sendOfficeEmail } from "../delivery/email.ts"
import { deliverSms } from "../delivery/sms.ts"
import { runSpamDigest } from "../spam/spam-review.ts"
import type { JobHandler, JobKind, JobTable } from "./job.ts"

export const JOB_HANDLERS = {
  // Steps and summaries only queue jobs (their deliveries have notices of their own when they die).
  alert_step: { run: runAlertStep, priority: 0, lane: "steps", queuesJobs: true },
  morning_summary: { run: runMorningSummary, priority: 0, lane: "steps", queuesJobs: true },
  spam_digest: { run: runSpamDigest, priority: 4, lane: "steps", queuesJobs: true },
  alert_sms: { run: alertDelivery(deliverSms), priority: 0, lane: "sms", dead: deadNotice("sms", "always") },
  alert_chat: { run: alertDelivery(deliverChat), priority: 0, lane: "chat", dead: deadNotice("chat", "always") },
  alert_email: {
    run: alertDelivery(sendOfficeEmail),
    priority: 0,
    lane: "email",
    dead: deadNotice("email", "always"),
  },
  company_email: { run: officeNotice, priority: 1, lane: "email", dead: deadNotice("email", "when-targeted") },
  customer_email: { run: sendEmail, priority: 2, lane: "email", dead: deadNotice("email", "never") },
  crm_forward: { run: forwardToCrm, priority: 3, lane: "crm", dead: deadNotice("crm", "never") },
} satisfies Record<JobKind, JobHandler>

/** What the worker runs: the handlers, and the sweep that announces again leads whose alerts all failed. */
export const OUTBOX_JOBS: JobTable = {
  handlers: JOB_HANDLERS,
  sweep: ({ db, config }, at) => reannounceUnalerted(db, config, at),
}
