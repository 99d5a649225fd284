/**
 * The office hears of every message the outbox gave up on, with the provider's words. A dead alert's
 * notice goes by another channel when there is one (the e-mail API may be what is down: then chat,
 * else SMS), once per failed channel and hour however many alerts died (the sweep announces their
 * leads again, so the notice need not carry each one). Any other message's notice is an e-mail of its
 * own, with its content, to act on by hand. A notice that dies itself is not noticed again (no loop).
 * Each delivery kind registers `deadNotice(its channel, …)` as its handler's `dead` (outbox/jobs.ts),
 * which hands it only that kind's jobs: a kind the notices cannot name (a step) fails the type check.
 */
import type { BackendConfig } from "../config.ts"
import type { OutboxJob } from "../outbox/job.ts"
import type { NewJob } from "../outbox/queue.ts"
import { deadJobEmail, deadNoticeChat, deadNoticeSms, type AlertChannel, type DeadJob } from "./messages.ts"
import { targetsOf } from "./subject.ts"

const HOUR_MS = 3_600_000

/** What a delivery goes by: an alert's channel, or the CRM's webhook. */
export type Channel = AlertChannel | "crm"

/**
 * Whether a dead job of the kind alerted the office about leads (the sweep then re-announces them):
 * an alert always, the office's notice when it names leads, any other message never.
 */
export type AboutLeads = "always" | "when-targeted" | "never"

const isAlertOfLeads = (job: OutboxJob, aboutLeads: AboutLeads) =>
  aboutLeads === "always" || (aboutLeads === "when-targeted" && targetsOf(job.payload).length > 0)

/** The `dead` handler of a delivery by `channel`: the notice to queue when one of its jobs dies. */
export const deadNotice =
  (channel: Channel, aboutLeads: AboutLeads) =>
  (job: OutboxJob & { kind: DeadJob["kind"] }, error: string, config: BackendConfig, at: Date): NewJob[] => {
    // A notice is not noticed.
    if ("failedJob" in job.payload) return []
    const deadJob: DeadJob = { id: job.id, kind: job.kind, attempts: job.attempts, payload: job.payload }
    if (!isAlertOfLeads(job, aboutLeads))
      return [
        {
          kind: "company_email",
          dedupeKey: `dead:${job.id}`,
          payload: { ...deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from), failedJob: job.id },
        },
      ]
    const { alerts } = config
    const dedupeKey = `dead:alerts:${channel}:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`
    const failedJob = job.id
    const chatOn = Boolean(alerts.chatWebhookUrl || alerts.local)
    const smsTo = alerts.sms || alerts.local ? alerts.contacts.find((c) => c.sms)?.sms : undefined
    if (channel === "email" && chatOn)
      return [{ kind: "alert_chat", dedupeKey, payload: { body: deadNoticeChat(deadJob, error), failedJob } }]
    if (channel === "email" && smsTo)
      return [
        {
          kind: "alert_sms",
          dedupeKey,
          payload: { to: smsTo, body: deadNoticeSms(deadJob, error, alerts.smsMaxSegments), failedJob },
        },
      ]
    const email = deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from, { reannounced: true })
    return [{ kind: "company_email", dedupeKey, payload: { ...email, failedJob } }]
  }
