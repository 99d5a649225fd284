/**
 * A Twilio webhook's route: Twilio posts application/x-www-form-urlencoded, signed with the account's
 * auth token over the URL it called (twilio/signature.ts). The URL checked is the function's public URL
 * as configured (TextsConfig.webhookBaseUrl and the function's name), with the query the request came
 * with: Host and X-Forwarded-* are the caller's to write, so they are never read. A call without a valid
 * signature is refused with 403 before anything is read from it; so is every call while no auth token
 * or public URL is set (nothing could be verified). The inbound-text function uses it, and each webhook
 * of the call side is meant to.
 */
import type { Context } from "hono"
import type { TextsConfig } from "../config.ts"
import { formParams, isTwilioSigned, type FormParams } from "./signature.ts"

export type WebhookCheck = { ok: true; params: FormParams } | { ok: false; status: 403 | 415; error: string }

const isForm = (contentType: string | undefined) =>
  contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded"

/**
 * The name of the function Twilio posts each later state of a text we sent to (functions.ts lists it): every
 * send names its public URL as the StatusCallback (notify/channels/sms.ts), declared here, below both.
 */
export const SMS_STATUS_WEBHOOK = "sms-status"

/** The public URL Twilio is told to post our texts' states to, or undefined while no public URL is set. */
export const statusCallbackUrl = (texts: TextsConfig): string | undefined => webhookUrl(texts, SMS_STATUS_WEBHOOK)

/** The configured public URL of the webhook `name` (what Twilio is told to post to), or undefined while none is set. */
export const webhookUrl = (texts: TextsConfig, name: string): string | undefined =>
  texts.webhookBaseUrl ? `${texts.webhookBaseUrl}/${name}` : undefined

/** The URL Twilio called and signed: the configured public URL of `name`, and the request's query. */
export const signedUrl = (texts: TextsConfig, name: string, requestUrl: string): string | null =>
  texts.webhookBaseUrl ? `${texts.webhookBaseUrl}/${name}${new URL(requestUrl).search}` : null

/** The webhook's form parameters when Twilio signed them, else why the call is refused. */
export async function checkTwilioWebhook(c: Context, texts: TextsConfig, name: string): Promise<WebhookCheck> {
  const url = signedUrl(texts, name, c.req.url)
  const refused: WebhookCheck = { ok: false, status: 403, error: "Missing or wrong X-Twilio-Signature" }
  if (!url || !texts.webhookToken) return refused
  if (!isForm(c.req.header("content-type")))
    return { ok: false, status: 415, error: "Send the body as application/x-www-form-urlencoded" }
  const params = formParams(await c.req.text())
  const signed = await isTwilioSigned(texts.webhookToken, url, params, c.req.header("x-twilio-signature"))
  return signed ? { ok: true, params } : refused
}
