/**
 * The SMS channel: through Twilio's Programmable Messaging REST API (basic auth with the account SID,
 * or an API key), or, on the local backend with no provider, onto the local alerts page. Its settings
 * are the Twilio account (TWILIO_*, read and checked at start by config.ts, since the visitors'
 * confirmations use it too) and its budget (ALERT_SMS_PER_HOUR, ALERT_SMS_PER_DAY). Twilio takes no
 * idempotency key: one job per message, and a try whose outcome is unknown (a timeout after Twilio may
 * have acted) is never simply repeated: the message is looked up at Twilio first (its Messages list,
 * filtered by To and DateSent, matched by body) and counts as sent when found. Its pipeline-check
 * probe reads the account's list and numbers, which costs nothing and sends nothing.
 */
import { Buffer } from "node:buffer"
import { randomUUID } from "node:crypto"
import { alertSms, deadNoticeSms, overflowSms, summarySms } from "../../alerts/messages.ts"
import type { BackendConfig, TwilioConfig } from "../../config.ts"
import { NotConfiguredError, PermanentError } from "../../delivery/errors.ts"
import { deliver, request } from "../../delivery/refusal.ts"
import { LEAD_MESSAGES } from "../../kernel/site-data.generated.ts"
import { failureSms } from "../../pipeline-check/check-texts.ts"
import { optedOutAt } from "../../texts/opt-outs.ts"
import { recordSentText } from "../../texts/sent-texts.ts"
import { statusCallbackUrl } from "../../twilio/webhook.ts"
import { defineChannel, type ChannelDeps, type ChannelJob } from "../channel.ts"
import { keepLocally, payloadText } from "../local-page.ts"
import { postLocalDelivered } from "../local-sms-status.ts"
import { answerOf, describe, failed, ok, unset, type ProbeResult } from "../probe.ts"

const twilioAuth = (sms: TwilioConfig) => `Basic ${Buffer.from(`${sms.username}:${sms.password}`).toString("base64")}`

const messagesUrl = (sms: TwilioConfig) =>
  `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`

/** A message of Twilio's Messages list, as far as the look-up needs it. */
interface ListedMessage {
  sid: string
  body: string
  from?: string | null
  date_created?: string | null
}

const isListed = (value: unknown): value is ListedMessage => {
  if (typeof value !== "object" || value === null) return false
  return "sid" in value && typeof value.sid === "string" && "body" in value && typeof value.body === "string"
}

/** The UTC day before `at`, as Twilio's DateSent filter takes it: a message sent around midnight is still found. */
const dayBefore = (at: Date) => new Date(at.getTime() - 24 * 3_600_000).toISOString().slice(0, 10)

/**
 * The message this job may already have sent: one to `to` with exactly this body (and our sender, when
 * we name one), created no earlier than a minute before the first try whose outcome was unknown. Two
 * pages are read: those sent since the day before (DateSent>=), then the newest to that number, since
 * a message still queued at Twilio has no date sent yet.
 */
export async function findSentSms(
  sms: TwilioConfig,
  to: string,
  body: string,
  since: Date,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<string | null> {
  const queries = [
    new URLSearchParams({ To: to, "DateSent>": dayBefore(since), PageSize: "50" }),
    new URLSearchParams({ To: to, PageSize: "20" }),
  ]
  for (const query of queries) {
    const response = await deliver(
      "Twilio (looking for a message that may have been sent)",
      fetchImpl,
      `${messagesUrl(sms)}?${query.toString()}`,
      { method: "GET", headers: { Authorization: twilioAuth(sms) } },
      timeoutMs,
    )
    const page: unknown = await response.json().catch(() => null)
    const messages: unknown[] =
      typeof page === "object" && page !== null && "messages" in page && Array.isArray(page.messages)
        ? page.messages
        : []
    const found = messages.filter(isListed).find((m) => {
      const created = m.date_created ? Date.parse(m.date_created) : Number.NaN
      return (
        m.body === body &&
        (!sms.from || !m.from || m.from === sms.from) &&
        (Number.isNaN(created) || created >= since.getTime() - 60_000)
      )
    })
    if (found) return found.sid
  }
  return null
}

/**
 * Sends one SMS; resolves to the message's SID when Twilio gives one. With `statusCallback` (the
 * sms-status webhook's public URL) Twilio posts each later state of the message there.
 */
export async function sendSms(
  sms: TwilioConfig,
  to: string,
  body: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  statusCallback?: string,
): Promise<string | undefined> {
  const form = new URLSearchParams({ To: to, Body: body })
  if (statusCallback) form.set("StatusCallback", statusCallback)
  if (sms.messagingServiceSid) form.set("MessagingServiceSid", sms.messagingServiceSid)
  else if (sms.from) form.set("From", sms.from)
  const response = await deliver(
    "Twilio",
    fetchImpl,
    messagesUrl(sms),
    {
      method: "POST",
      headers: { Authorization: twilioAuth(sms), "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    },
    timeoutMs,
  )
  const sent: unknown = await response.json().catch(() => null)
  return isListed(sent) ? sent.sid : undefined
}

/** Why a text to this number is not sent: it opted out (STOP) and has not opted in again (texts/opt-outs.ts). */
const optedOutWhy = (at: Date) =>
  `the number texted an opt-out word (STOP) at ${at.toISOString()} and has not texted START since`

/**
 * Sends an SMS job by Twilio, or onto the local alerts page. Resolves to a note for the job's record
 * when the message was found already sent rather than sent now, or was not sent (`optedOut`'s note).
 */
async function deliverText(
  job: ChannelJob,
  { config, db, fetchImpl = fetch, clock = () => new Date() }: ChannelDeps,
  kind: string,
  optedOut: (why: string) => string,
): Promise<string | undefined> {
  const { alerts } = config
  const body = payloadText(job.payload, "body")
  const to = payloadText(job.payload, "to")
  // Checked when sent, not when queued: a STOP may have come in between.
  const stoppedAt = await optedOutAt(db, to)
  if (stoppedAt) return optedOut(optedOutWhy(stoppedAt))
  const { sms } = alerts
  if (sms) {
    if (job.outcomeUnknownAt) {
      const sid = await findSentSms(sms, to, body, job.outcomeUnknownAt, fetchImpl, alerts.timeoutMs)
      if (sid) {
        await recordSentText(db, sid, { jobId: job.id, kind }, undefined, clock())
        return `Found already sent at Twilio (${sid}) after a try without an answer: not sent again`
      }
    }
    const sid = await sendSms(sms, to, body, fetchImpl, alerts.timeoutMs, statusCallbackUrl(config.texts))
    // Kept with its job, so that the status webhook can tell what a text that never arrived was.
    if (sid) await recordSentText(db, sid, { jobId: job.id, kind }, undefined, clock())
    return undefined
  }
  if (alerts.local) {
    await keepLocally(db, job.id, "sms", to, body)
    // What Twilio would post next: the text delivered, through the same webhook.
    await postLocalDelivered(config, db, { jobId: job.id, kind }, to, fetchImpl, clock())
    return undefined
  }
  throw new NotConfiguredError("Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)")
}

/**
 * An alert_sms job. To an on-call number that texted STOP it dies at once, with why: the office is told
 * by another channel (alerts/dead-notice.ts), and the person's alerts go on by their other channels.
 */
export const deliverSms = (job: ChannelJob, deps: ChannelDeps): Promise<string | undefined> =>
  deliverText(job, deps, "alert_sms", (why) => {
    throw new PermanentError(`Alert SMS not sent: ${why}`)
  })

/** A customer_sms job (a confirmation, a reminder, a release, an answer): skipped, with why, to a number that texted STOP. */
export const deliverCustomerSms = (job: ChannelJob, deps: ChannelDeps): Promise<string | undefined> =>
  deliverText(job, deps, "customer_sms", (why) => `Not sent: ${why}`)

/** The statuses that mean the credentials or the account are wrong (404: no such account SID): it will not mend itself. */
const REFUSED = new Set([401, 403, 404])

/** Twilio: the credentials (a one-message page of the Messages list), then the sending number among the account's. */
export async function probeTwilio(config: BackendConfig, fetchImpl: typeof fetch): Promise<ProbeResult> {
  const { sms, local, timeoutMs } = config.alerts
  if (!sms) return unset(local, "no Twilio account set", "SMS alerts")
  const account = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}`
  const get = (url: string) =>
    request("Twilio", fetchImpl, url, { method: "GET", headers: { Authorization: twilioAuth(sms) } }, timeoutMs)
  try {
    const list = await get(`${account}/Messages.json?PageSize=1`)
    if (!list.ok)
      return failed(REFUSED.has(list.status) ? "smsRefused" : "smsUnreachable", await answerOf("Twilio", list))
    if (!sms.from) return ok(`credentials accepted; sending through Messaging Service ${sms.messagingServiceSid ?? ""}`)
    const numbers = await get(
      `${account}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(sms.from)}&PageSize=1`,
    )
    if (!numbers.ok)
      return failed(REFUSED.has(numbers.status) ? "smsRefused" : "smsUnreachable", await answerOf("Twilio", numbers))
    const page: unknown = await numbers.json().catch(() => null)
    const listed =
      typeof page === "object" &&
      page !== null &&
      "incoming_phone_numbers" in page &&
      Array.isArray(page.incoming_phone_numbers) &&
      page.incoming_phone_numbers.length > 0
    return listed
      ? ok(`credentials accepted; ${sms.from} is a number of the account`)
      : failed("smsSender", `TWILIO_FROM ${sms.from} is not among the account's numbers`)
  } catch (error) {
    return failed("smsUnreachable", describe(error))
  }
}

/** The number the pipeline check's report goes to: the owner's, else the first contact's who has one. */
const reportNumber = (config: BackendConfig) =>
  config.alerts.owner.sms ?? config.alerts.contacts.find((c) => c.sms)?.sms

const ALERTS = LEAD_MESSAGES.officeAlerts

export const sms = defineChannel({
  name: "sms",
  kind: "alert_sms",
  label: LEAD_MESSAGES.pipelineCheck.channels.sms,
  deadWhat: ALERTS.deadWhat.alert_sms,
  // It may be looked up (two pages of Twilio's list) before it is sent.
  requests: 3,
  costly: true,
  on: (config) => Boolean(config.alerts.sms || config.alerts.local),
  reach: (contact) => contact.sms,
  alert: (view, to, config, at) => ({ to, body: alertSms(view, config.alerts.smsMaxSegments, at) }),
  summary: (summary, to, config) => ({ to, body: summarySms(summary, config.alerts.smsMaxSegments) }),
  budget: {
    label: ALERTS.budgetChannels.sms,
    limits: (config) => config.alerts.budget.sms,
    summary: (view, to, config) => ({ to, body: overflowSms(view, config.alerts.smsMaxSegments) }),
  },
  // To the first contact with a number.
  deadNotice: (job, error, config) => {
    const to = config.alerts.contacts.find((c) => c.sms)?.sms
    return to ? { to, body: deadNoticeSms(job, error, config.alerts.smsMaxSegments) } : undefined
  },
  deliver: deliverSms,
  probe: probeTwilio,
  failureNotice: {
    ready: (config) => reportNumber(config) !== undefined,
    send: async (view, { config, db, fetchImpl = fetch }) => {
      const to = reportNumber(config)
      // The office's own number, told of a failed check that may be the database itself: a consent history
      // that cannot be read then does not hold the notice back (an opt-out that can be read does).
      if (!to || (await optedOutAt(db, to).catch(() => null))) return
      const { alerts } = config
      const text = failureSms(view, alerts.smsMaxSegments)
      if (alerts.sms) {
        const sid = await sendSms(alerts.sms, to, text, fetchImpl, alerts.timeoutMs, statusCallbackUrl(config.texts))
        // Sent already: a database the failed check could not reach must not make the notice count as failed.
        if (sid)
          await recordSentText(db, sid, { jobId: null, kind: "pipeline_check" }, undefined, new Date()).catch(
            () => undefined,
          )
      } else await keepLocally(db, randomUUID(), "sms", to, text)
    },
  },
})
