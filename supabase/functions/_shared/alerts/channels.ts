/**
 * The alert channels besides e-mail: SMS through Twilio's Programmable Messaging REST API (basic
 * auth with the account SID, or an API key), a Slack-compatible incoming webhook for the team chat,
 * and, on the local backend with no provider, the local alerts page. Twilio and Slack take no
 * idempotency key: one job per message and retrying only what failed is what keeps them single.
 */
import { Buffer } from "node:buffer"
import type { AlertConfig } from "../config.ts"
import type { Db } from "../db.ts"
import {
  DELIVERY_TIMEOUT_MS,
  NotConfiguredError,
  PermanentError,
  RateLimitedError,
  type DeliveryDeps,
  type OutboxJob,
} from "../outbox.ts"

const text = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key]
  if (typeof value !== "string" || value === "") throw new PermanentError(`The job's payload has no ${key}`)
  return value
}

const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get("retry-after"))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) * 1000 : 5_000
}

/**
 * A provider's refusal: 429 waits as asked; 5xx and timeouts retry with backoff; any other 4xx is the
 * request itself (a number Twilio will never text, a revoked webhook, bad credentials) and would fail
 * the same way every time, so the job is dead at once with the provider's words.
 */
async function refusal(provider: string, response: Response): Promise<Error> {
  const message = `${provider} answered ${response.status}: ${(await response.text()).slice(0, 300)}`
  if (response.status === 429) return new RateLimitedError(message, retryAfterMs(response))
  if (response.status >= 400 && response.status < 500 && response.status !== 408) return new PermanentError(message)
  return new Error(message)
}

export async function sendSms(sms: NonNullable<AlertConfig["sms"]>, to: string, body: string, fetchImpl = fetch) {
  const form = new URLSearchParams({ To: to, Body: body })
  if (sms.messagingServiceSid) form.set("MessagingServiceSid", sms.messagingServiceSid)
  else if (sms.from) form.set("From", sms.from)
  const response = await fetchImpl(
    `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${sms.username}:${sms.password}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    },
  )
  if (!response.ok) throw await refusal("Twilio", response)
}

export async function postChat(webhookUrl: string, text: string, fetchImpl = fetch) {
  const response = await fetchImpl(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  })
  if (!response.ok) throw await refusal("Chat webhook", response)
}

async function keepLocally(db: Db, jobId: string, channel: "sms" | "chat", to: string, body: string) {
  await db.query(
    `insert into dev_alerts (job_id, channel, to_address, body) values ($1, $2, $3, $4) on conflict (job_id) do nothing`,
    [jobId, channel, to, body],
  )
}

/** Sends an alert_sms or alert_chat job by its provider, or onto the local alerts page. */
export async function deliverAlert(job: OutboxJob, { config, db, fetchImpl }: DeliveryDeps): Promise<void> {
  const { alerts } = config
  const body = text(job.payload, "body")
  if (job.kind === "alert_sms") {
    const to = text(job.payload, "to")
    if (alerts.sms) return sendSms(alerts.sms, to, body, fetchImpl)
    if (alerts.local) return keepLocally(db, job.id, "sms", to, body)
    throw new NotConfiguredError("Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)")
  }
  if (alerts.chatWebhookUrl) return postChat(alerts.chatWebhookUrl, body, fetchImpl)
  if (alerts.local) return keepLocally(db, job.id, "chat", "team chat", body)
  throw new NotConfiguredError("ALERT_CHAT_WEBHOOK_URL is not set")
}
