/**
 * What Twilio's status callback tells of a text we sent (the sms-status webhook): the message's state
 * kept on its row of sent_texts (texts/sent-texts.ts), only over an earlier state, with Twilio's
 * ErrorCode. A text that ends undelivered or failed counts as not delivered: its outbox job, which was
 * recorded as sent, is made dead as a failed send would have made it, and the job's own `dead` handler
 * queues what a failed send queues (outbox/settle.ts' deadJobs): for an alert, the office's "not
 * delivered" notice by another channel; for a customer's text, the office's e-mail about it, naming its
 * request. The escalation goes on by its steps as after any failed send, and a lead that alert alone
 * had marked alerted is unmarked, so the sweep announces it again. A MessageSid we never sent is
 * answered and nothing is stored.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { FormParams } from "../twilio/signature.ts"
import { isJobKind } from "../outbox/job-kinds.ts"
import { ALERT_KINDS, OUTBOX_JOBS } from "../outbox/jobs.ts"
import { targetsOf, unmarkAlerted } from "../alerts/subject.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import { deadJobs } from "../outbox/settle.ts"
import { NOT_DELIVERED, statusRank } from "./sent-texts.ts"

export interface StatusReport {
  messageSid: string
  status: string
  rank: number
  errorCode: string | null
}

const one = (params: FormParams, name: string) => params.get(name)?.[0]

const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i

/** Twilio's parameters as a status report, or why the post is not one (answered 400). */
export function readStatus(params: FormParams): { ok: true; report: StatusReport } | { ok: false; error: string } {
  const messageSid = one(params, "MessageSid") ?? one(params, "SmsSid") ?? ""
  const status = (one(params, "MessageStatus") ?? one(params, "SmsStatus") ?? "").toLowerCase()
  if (!MESSAGE_SID.test(messageSid)) return { ok: false, error: "MessageSid is missing or not a message's SID" }
  const rank = statusRank(status)
  if (rank === undefined) return { ok: false, error: "MessageStatus is missing or not one of Twilio's" }
  const code = one(params, "ErrorCode")?.trim()
  return { ok: true, report: { messageSid, status, rank, errorCode: code && /^\d{1,6}$/.test(code) ? code : null } }
}

/** What the office is told of a text Twilio could not deliver (the dead job's last_error, in its notice). */
export const notDeliveredWhy = (report: StatusReport) =>
  `Twilio reported the text ${report.status}${report.errorCode ? ` (error ${report.errorCode})` : ""}: it did not reach the phone`

export type StatusOutcome = "unknown" | "earlier" | "kept" | "not-delivered"

/** Keeps a status report; resolves to what came of it (a dead job's notice queued for "not-delivered"). */
export async function keepStatus(
  db: Db,
  config: BackendConfig,
  report: StatusReport,
  at: Date,
): Promise<StatusOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ job_id: string | null }>(
      `update sent_texts set status = $2, status_rank = $3, error_code = coalesce($4, error_code), status_at = $5
       where message_sid = $1 and status_rank < $3 returning job_id`,
      [report.messageSid, report.status, report.rank, report.errorCode, at.toISOString()],
    )
    const row = rows[0]
    if (!row) {
      const known = await tx.query<{ n: number }>(`select count(*)::int as n from sent_texts where message_sid = $1`, [
        report.messageSid,
      ])
      return (known[0]?.n ?? 0) > 0 ? "earlier" : "unknown"
    }
    if (!NOT_DELIVERED.has(report.status) || !row.job_id) return "kept"
    const why = notDeliveredWhy(report)
    // Only a job recorded as sent: one already dead (or a second final state) is not noticed twice.
    const died = await tx.query<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number }>(
      `update outbox_jobs set status = 'dead', last_error = $2, updated_at = now()
       where id = $1 and status = 'sent' returning id, kind, payload, attempts`,
      [row.job_id, why],
    )
    const job = died[0]
    if (!job) return "kept"
    const { kind } = job
    if (isJobKind(kind)) await enqueueJobs(tx, deadJobs(OUTBOX_JOBS.handlers, { ...job, kind }, why, config, at), at)
    // An alert that never arrived did not alert anyone, unless another of the lead's alerts got through.
    if (ALERT_KINDS.includes(kind)) await unmarkAlerted(tx, targetsOf(job.payload), job.id, ALERT_KINDS)
    return "not-delivered"
  })
}
