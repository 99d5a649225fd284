/**
 * Team chat through a Slack-compatible incoming webhook, or, on the local backend with no webhook, the
 * local alerts page. A chat post takes no idempotency key and cannot be looked up, so one whose outcome
 * is unknown is tried again once at most, and a second unknown outcome ends the job.
 */
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { mentionedIds } from "../alerts/visitor-text.ts"
import { NotConfiguredError, PermanentError, UnknownOutcomeError } from "./errors.ts"
import { keepLocally, payloadText } from "./local-alerts.ts"
import { deliver } from "./refusal.ts"

/** Discord's webhooks, which take `allowed_mentions`: set so only our own mention can ping anyone. */
const isDiscord = (url: string) => {
  try {
    return /(^|\.)discord(app)?\.com$/.test(new URL(url).hostname)
  } catch {
    return false
  }
}

/**
 * The chat payload: Slack's `{ text }`; for Discord also `allowed_mentions` with no parsed mentions
 * and only the ids of our own mention (Discord's Slack-compatible endpoint documents no such field,
 * so the text itself is made quiet too, see visitor-text.ts).
 */
export function chatPayload(webhookUrl: string, text: string, mention: string | undefined): Record<string, unknown> {
  if (!isDiscord(webhookUrl)) return { text }
  const { users, roles } = mentionedIds(mention ?? "")
  return { text, allowed_mentions: { parse: [], users, roles } }
}

export async function postChat(
  webhookUrl: string,
  text: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  mention?: string,
): Promise<void> {
  await deliver(
    "Chat webhook",
    fetchImpl,
    webhookUrl,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(chatPayload(webhookUrl, text, mention)),
    },
    timeoutMs,
  )
}

/** Posts an alert_chat job to the team chat, or onto the local alerts page. */
export async function deliverChat(job: OutboxJob, { config, db, fetchImpl = fetch }: DeliveryDeps): Promise<undefined> {
  const { alerts } = config
  const body = payloadText(job.payload, "body")
  if (alerts.chatWebhookUrl) {
    const mention = typeof job.payload.mention === "string" ? job.payload.mention : undefined
    try {
      await postChat(alerts.chatWebhookUrl, body, fetchImpl, alerts.timeoutMs, mention)
    } catch (error) {
      // The post may be in the channel already, twice now: a third try could only add a copy.
      if (error instanceof UnknownOutcomeError && job.outcomeUnknownAt)
        throw new PermanentError(
          `${error.message}. This was its second try without an answer: not tried again, so it is not posted twice (check the channel)`,
        )
      throw error
    }
    return undefined
  }
  if (alerts.local) {
    await keepLocally(db, job.id, "chat", "team chat", body)
    return undefined
  }
  throw new NotConfiguredError("ALERT_CHAT_WEBHOOK_URL is not set")
}
