/**
 * The providers, each checked the cheapest real way, never by sending anything to anyone:
 * - Twilio: one page of one message of the account's list (the credentials work), and the sending
 *   number looked up among the account's numbers (it is still ours). Reads cost nothing at Twilio.
 * - The chat webhook: an empty post. Slack answers a live webhook 400 `no_text` (Discord and Mattermost
 *   400 too) and posts nothing, while a removed or revoked one answers 404, 403 or 410.
 * - The CRM: its own test call when it documents one (CRM_CHECK_URL, a signed GET); otherwise it is
 *   left out, and the report says so (its dead forwards are counted with the outbox's health).
 * E-mail is checked by the test e-mail itself (run-check.ts). Each probe ends within the alerts'
 * timeout and never throws.
 */
import { Buffer } from "node:buffer"
import type { BackendConfig, TwilioConfig } from "../config.ts"
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "../delivery/crm.ts"
import { request } from "../delivery/refusal.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import type { ProblemCode } from "./check-texts.ts"

export type ProbeState = "ok" | "failed" | "not_configured" | "local" | "left_out"

export interface ProbeResult {
  state: ProbeState
  /** What was found, in the provider's own words when it refused. */
  detail: string
  /** The problem it is, when it failed. */
  problem?: ProblemCode
}

/** A channel with no provider: the local alerts page on the local backend, else off. */
const unset = (local: boolean, why: string, what: string): ProbeResult =>
  local
    ? { state: "local", detail: `the local alerts page (${why})` }
    : { state: "not_configured", detail: `${why}: no ${what}` }

const failed = (problem: ProblemCode, detail: string): ProbeResult => ({ state: "failed", problem, detail })
const ok = (detail: string): ProbeResult => ({ state: "ok", detail })

/** A refusal's words, short: the status and the start of the body. */
async function answerOf(provider: string, response: Response): Promise<string> {
  const body = await response.text().catch(() => "")
  return `${provider} answered ${response.status}: ${body.replace(/\s+/g, " ").slice(0, 200)}`
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/** The statuses that mean the credentials or the account are wrong (404: no such account SID): it will not mend itself. */
const REFUSED = new Set([401, 403, 404])
const GONE = new Set([401, 403, 404, 410])
/** Slack's and Mattermost's words for a webhook that is gone, whatever the status. */
const GONE_WORDS = /invalid[_ ]webhook|no_service|invalid_token|channel_not_found|channel_is_archived|team_disabled/i

const twilioAuth = (sms: TwilioConfig) => `Basic ${Buffer.from(`${sms.username}:${sms.password}`).toString("base64")}`

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

/** The chat webhook: an empty post, which a live webhook refuses with 400 and posts nothing. */
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

/** The CRM: its own test call (CRM_CHECK_URL), signed as the forwards are, when it has one. */
export async function probeCrm(config: BackendConfig, fetchImpl: typeof fetch, at: Date): Promise<ProbeResult> {
  const { webhookUrl, webhookSecret } = config.crm
  const { crmCheckUrl } = config.pipelineCheck
  if (!crmCheckUrl)
    return webhookUrl
      ? { state: "left_out", detail: LEAD_MESSAGES.pipelineCheck.details.crmLeftOut }
      : { state: "not_configured", detail: "no CRM webhook set" }
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const signed: Record<string, string> = webhookSecret
    ? { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signWebhook(webhookSecret, timestamp, "") }
    : {}
  try {
    const response = await request(
      "CRM test call",
      fetchImpl,
      crmCheckUrl,
      { method: "GET", headers: signed },
      config.alerts.timeoutMs,
    )
    if (!response.ok) return failed("crm", await answerOf("The CRM's test call", response))
    await response.body?.cancel()
    return ok(`the CRM's test call answered ${response.status}`)
  } catch (error) {
    return failed("crm", describe(error))
  }
}

/** The outside dead-man's switch: one GET, after a check that passed. Resolves to an error's words, or null. */
export async function pingSwitch(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<string | null> {
  try {
    const response = await request("The outside switch", fetchImpl, url, { method: "GET" }, timeoutMs)
    await response.body?.cancel()
    return response.ok ? null : `The outside switch answered ${response.status}`
  } catch (error) {
    return describe(error)
  }
}
