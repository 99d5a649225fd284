/**
 * SMS through Twilio's Programmable Messaging REST API (basic auth with the account SID, or an API
 * key), or, on the local backend with no provider, onto the local alerts page. Twilio takes no
 * idempotency key: one job per message, and a try whose outcome is unknown (a timeout after Twilio may
 * have acted) is never simply repeated: the message is looked up at Twilio first (its Messages list,
 * filtered by To and DateSent, matched by body) and counts as sent when found.
 */
import { Buffer } from "node:buffer"
import type { TwilioConfig } from "../config.ts"
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { NotConfiguredError } from "./errors.ts"
import { keepLocally, payloadText } from "./local-alerts.ts"
import { deliver } from "./refusal.ts"

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

/** Sends one SMS; resolves to the message's SID when Twilio gives one. */
export async function sendSms(
  sms: TwilioConfig,
  to: string,
  body: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<string | undefined> {
  const form = new URLSearchParams({ To: to, Body: body })
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

/**
 * Sends an alert_sms job by Twilio, or onto the local alerts page. Resolves to a note for the job's
 * record when the message was found already sent rather than sent now.
 */
export async function deliverSms(
  job: OutboxJob,
  { config, db, fetchImpl = fetch }: DeliveryDeps,
): Promise<string | undefined> {
  const { alerts } = config
  const body = payloadText(job.payload, "body")
  const to = payloadText(job.payload, "to")
  const { sms } = alerts
  if (sms) {
    if (job.outcomeUnknownAt) {
      const sid = await findSentSms(sms, to, body, job.outcomeUnknownAt, fetchImpl, alerts.timeoutMs)
      if (sid) return `Found already sent at Twilio (${sid}) after a try without an answer: not sent again`
    }
    await sendSms(sms, to, body, fetchImpl, alerts.timeoutMs)
    return undefined
  }
  if (alerts.local) {
    await keepLocally(db, job.id, "sms", to, body)
    return undefined
  }
  throw new NotConfiguredError("Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)")
}
