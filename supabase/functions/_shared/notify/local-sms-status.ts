/**
 * The local stand-in of Twilio's status callback: on the local backend (no Twilio account), an SMS kept on
 * the local alerts page is recorded under a Message SID of its own (SM and its job's id, so a retried job
 * keeps one) and a signed "delivered" is posted to the sms-status webhook, as Twilio would post it, so the
 * local flow is the deployed one. The post is the phone's, not the send's: when it fails the text stays
 * kept and the failure is logged.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { request } from "../delivery/refusal.ts"
import { logError } from "../safe-log.ts"
import { recordSentText, type SentBy } from "../texts/sent-texts.ts"
import { twilioSignature } from "../twilio/signature.ts"
import { statusCallbackUrl } from "../twilio/webhook.ts"

/** The local SID of a job's text: SM and the job id's 32 hex digits. */
export const localMessageSid = (jobId: string): string | null => {
  const hex = jobId.replaceAll("-", "").toLowerCase()
  return /^[0-9a-f]{32}$/.test(hex) ? `SM${hex}` : null
}

export async function postLocalDelivered(
  config: BackendConfig,
  db: Pick<Db, "query">,
  by: SentBy & { jobId: string },
  to: string,
  fetchImpl: typeof fetch,
  at: Date,
): Promise<void> {
  const url = statusCallbackUrl(config.texts)
  const token = config.texts.webhookToken
  const sid = localMessageSid(by.jobId)
  if (!url || !token || !sid) return
  await recordSentText(db, sid, by, "sent", at)
  const params = new Map([
    ["MessageSid", [sid]],
    ["MessageStatus", ["delivered"]],
    ["To", [to]],
  ])
  const body = new URLSearchParams([...params].map(([name, [value = ""]]) => [name, value])).toString()
  try {
    const answer = await request(
      "the local status webhook",
      fetchImpl,
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": await twilioSignature(token, url, params),
        },
        body,
      },
      config.alerts.timeoutMs,
    )
    if (!answer.ok) logError("local SMS", "the status webhook refused the local delivered status", answer.status)
  } catch (error) {
    logError("local SMS", "the local delivered status was not posted", error)
  }
}
