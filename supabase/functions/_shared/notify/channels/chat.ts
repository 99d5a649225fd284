/**
 * The team-chat channel: a Slack-compatible incoming webhook (ALERT_CHAT_WEBHOOK_URL), or, on the
 * local backend with no webhook, the local alerts page; its budget is ALERT_CHAT_PER_HOUR and
 * ALERT_CHAT_PER_DAY (both read at start by config.ts). A chat post takes no idempotency key and cannot
 * be looked up, so one whose outcome is unknown is tried again once at most, and a second unknown
 * outcome ends the job. Its pipeline-check probe is an empty post, which a live webhook refuses.
 */
import { randomUUID } from "node:crypto"
import { alertChat, deadNoticeChat, overflowChat, summaryChat } from "../../alerts/messages.ts"
import type { OnCallContact } from "../../alerts/on-call.ts"
import { chatEscape, mentionedIds } from "../../alerts/visitor-text.ts"
import type { BackendConfig } from "../../config.ts"
import { NotConfiguredError, PermanentError, UnknownOutcomeError } from "../../delivery/errors.ts"
import { deliver, request } from "../../delivery/refusal.ts"
import { LEAD_MESSAGES } from "../../kernel/site-data.generated.ts"
import { failureChat } from "../../pipeline-check/check-texts.ts"
import { defineChannel, type ChannelDeps, type ChannelJob } from "../channel.ts"
import { keepLocally, payloadText } from "../local-page.ts"
import { answerOf, describe, failed, ok, unset, type ProbeResult } from "../probe.ts"

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
export async function deliverChat(job: ChannelJob, { config, db, fetchImpl = fetch }: ChannelDeps): Promise<undefined> {
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

const GONE = new Set([401, 403, 404, 410])
/** Slack's and Mattermost's words for a webhook that is gone, whatever the status. */
const GONE_WORDS = /invalid[_ ]webhook|no_service|invalid_token|channel_not_found|channel_is_archived|team_disabled/i

/**
 * The chat webhook: an empty post. Slack answers a live webhook 400 `no_text` (Discord and Mattermost
 * 400 too) and posts nothing, while a removed or revoked one answers 404, 403 or 410.
 */
export async function probeChat(config: BackendConfig, fetchImpl: typeof fetch): Promise<ProbeResult> {
  const { chatWebhookUrl, local, timeoutMs } = config.alerts
  if (!chatWebhookUrl) return unset(local, "no chat webhook set", "chat alerts")
  try {
    const response = await request(
      "Chat webhook",
      fetchImpl,
      chatWebhookUrl,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      timeoutMs,
    )
    if (response.status === 400 || response.ok) {
      const body = await response.text().catch(() => "")
      // Some services answer a webhook that is gone with 400 too (Mattermost's "invalid webhook"): their words tell.
      if (GONE_WORDS.test(body))
        return failed("chatGone", `Chat webhook answered ${response.status}: ${body.slice(0, 200)}`)
      return ok(`the webhook answered ${response.status} to an empty post, as a live one does (nothing was posted)`)
    }
    return failed(GONE.has(response.status) ? "chatGone" : "chatUnreachable", await answerOf("Chat webhook", response))
  } catch (error) {
    return failed("chatUnreachable", describe(error))
  }
}

/** The mention that calls a contact in the chat: their configured one, or their name as plain text. */
const mentionOf = (contact: OnCallContact) => contact.chat ?? chatEscape(contact.name)

const ALERTS = LEAD_MESSAGES.officeAlerts

export const chat = defineChannel({
  name: "chat",
  kind: "alert_chat",
  label: LEAD_MESSAGES.pipelineCheck.channels.chat,
  deadWhat: ALERTS.deadWhat.alert_chat,
  requests: 1,
  on: (config) => Boolean(config.alerts.chatWebhookUrl || config.alerts.local),
  // The channel reaches everyone: the contact is mentioned.
  reach: mentionOf,
  alert: (view, mention, _config, at) => ({ mention, body: alertChat(view, mention, at) }),
  summary: (summary, mention) => ({ mention, body: summaryChat(summary, mention) }),
  budget: {
    label: ALERTS.budgetChannels.chat,
    limits: (config) => config.alerts.budget.chat,
    summary: (view, mention) => ({ mention, body: overflowChat(view, mention) }),
  },
  deadNotice: (job, error) => ({ body: deadNoticeChat(job, error) }),
  deliver: deliverChat,
  probe: probeChat,
  failureNotice: {
    send: async (view, { config, db, fetchImpl = fetch }) => {
      const { alerts } = config
      const text = failureChat(view, alerts.owner.chat)
      if (alerts.chatWebhookUrl)
        await postChat(alerts.chatWebhookUrl, text, fetchImpl, alerts.timeoutMs, alerts.owner.chat)
      else await keepLocally(db, randomUUID(), "chat", "team chat", text)
    },
  },
})
