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
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { channelNamed, channelOfKind, CHANNELS, type ChannelKind } from "../notify/registry.ts"
import type { OutboxJob } from "../outbox/job.ts"
import type { NewJob } from "../outbox/queue.ts"
import { deadJobEmail, type DeadJob } from "./messages.ts"
import { targetsOf } from "./subject.ts"

const HOUR_MS = 3_600_000

const DEAD_WHAT = LEAD_MESSAGES.officeAlerts.deadWhat

/** The kinds whose dead jobs the office is told of: each channel's alerts, and the messages the data names. */
export type NoticedKind = ChannelKind | keyof typeof DEAD_WHAT

const isDataKind = (kind: string): kind is keyof typeof DEAD_WHAT => kind in DEAD_WHAT

/** What a dead job of `kind` was, in the office's words: its channel's, else the data's. */
const whatOf = (kind: NoticedKind): string =>
  channelOfKind(kind)?.deadWhat ?? (isDataKind(kind) ? DEAD_WHAT[kind] : kind)

/**
 * Whether a dead job of the kind alerted the office about leads (the sweep then re-announces them):
 * an alert always, the office's notice when it names leads, any other message never.
 */
export type AboutLeads = "always" | "when-targeted" | "never"

const isAlertOfLeads = (job: OutboxJob, aboutLeads: AboutLeads) =>
  aboutLeads === "always" || (aboutLeads === "when-targeted" && targetsOf(job.payload).length > 0)

/**
 * The channels that carry the notice when the inbox is what failed: those that are on, the ones that
 * cost nothing first (chat before SMS), each in the channels' order.
 */
const noticeOrder = (config: BackendConfig) =>
  CHANNELS.filter((c) => !c.inbox && c.on(config)).sort((a, b) => Number(a.costly ?? false) - Number(b.costly ?? false))

/** The `dead` handler of a delivery by `channel` (an alert channel's name, its lane, or "crm"): the notice to queue when one of its jobs dies. */
export const deadNotice =
  (channel: string, aboutLeads: AboutLeads) =>
  (job: OutboxJob & { kind: NoticedKind }, error: string, config: BackendConfig, at: Date): NewJob[] => {
    // A notice is not noticed.
    if ("failedJob" in job.payload) return []
    const deadJob: DeadJob = {
      id: job.id,
      kind: job.kind,
      what: whatOf(job.kind),
      attempts: job.attempts,
      payload: job.payload,
    }
    if (!isAlertOfLeads(job, aboutLeads))
      return [
        {
          kind: "company_email",
          dedupeKey: `dead:${job.id}`,
          payload: { ...deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from), failedJob: job.id },
        },
      ]
    const dedupeKey = `dead:alerts:${channel}:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`
    const failedJob = job.id
    // The inbox may be what is down: the notice goes by another channel when one reaches the office.
    if (channelNamed(channel)?.inbox)
      for (const other of noticeOrder(config)) {
        const payload = other.deadNotice?.(deadJob, error, config)
        if (payload) return [{ kind: other.kind, dedupeKey, payload: { ...payload, failedJob } }]
      }
    const email = deadJobEmail(deadJob, error, config.mail.companyTo, config.mail.from, { reannounced: true })
    return [{ kind: "company_email", dedupeKey, payload: { ...email, failedJob } }]
  }
