/** The CRM forward: a signed JSON webhook, so the receiver can check it came from us and drop repeats. */
import { timingSafeEqual } from "node:crypto"
import { hmacSha256Hex } from "../crypto.ts"
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { NotConfiguredError } from "./errors.ts"
import { DEFAULT_OUTBOX_TIMEOUT_MS, type BackendConfig } from "../config.ts"
import { deliver } from "./refusal.ts"

export const SIGNATURE_HEADER = "X-Webhook-Signature"
export const TIMESTAMP_HEADER = "X-Webhook-Timestamp"

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the scheme Stripe-style receivers verify. */
export const signWebhook = (secret: string, timestamp: string, body: string) =>
  `sha256=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`

/** For receivers: a constant-time check of the signature. */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = new TextEncoder().encode(signWebhook(secret, timestamp, body))
  const given = new TextEncoder().encode(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Posts the signed forward; a refusal or a network error is thrown as refusal.ts reads it (the key makes a retry safe). */
export async function postWebhook(options: {
  url: string
  secret: string
  body: unknown
  idempotencyKey: string
  fetchImpl?: typeof fetch
  timeoutMs?: number
}) {
  const body = JSON.stringify(options.body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  await deliver(
    "CRM webhook",
    options.fetchImpl ?? fetch,
    options.url,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, body),
        "Idempotency-Key": options.idempotencyKey,
      },
      body,
    },
    options.timeoutMs ?? DEFAULT_OUTBOX_TIMEOUT_MS,
  )
}

/** Whether a CRM is set up: without its address and secret, every forward ends `not_configured`. */
export const crmConfigured = (config: Pick<BackendConfig, "crm">) =>
  Boolean(config.crm.webhookUrl && config.crm.webhookSecret)

/** A crm_forward job: its payload, signed, to CRM_WEBHOOK_URL. */
export async function forwardToCrm(job: OutboxJob, { config, fetchImpl }: DeliveryDeps): Promise<undefined> {
  const { webhookUrl, webhookSecret } = config.crm
  if (!webhookUrl) throw new NotConfiguredError("CRM_WEBHOOK_URL is not set")
  if (!webhookSecret) throw new NotConfiguredError("CRM_WEBHOOK_SECRET is not set")
  await postWebhook({
    url: webhookUrl,
    secret: webhookSecret,
    body: job.payload,
    idempotencyKey: job.id,
    fetchImpl,
    timeoutMs: config.outbox.timeoutMs,
  })
  return undefined
}
