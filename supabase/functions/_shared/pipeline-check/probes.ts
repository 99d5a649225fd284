/**
 * The CRM's probe and the outside switch's ping; each alert channel's probe is the channel's own
 * (notify/channels/: Twilio's list read, an empty post to the chat webhook), and e-mail is checked by
 * the test e-mail itself (run-check.ts). The CRM is checked by its own test call when it documents one
 * (CRM_CHECK_URL, a signed GET); otherwise it is left out, and the report says so (its dead forwards
 * are counted with the outbox's health). Each probe ends within the alerts' timeout and never throws.
 */
import type { BackendConfig } from "../config.ts"
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "../delivery/crm.ts"
import { request } from "../delivery/refusal.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { answerOf, describe, failed, ok, type ProbeResult } from "../notify/probe.ts"

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
