/** The CRM forward: a signed JSON webhook, so the receiver can check it came from us and drop repeats. */
import { hmacSha256Hex } from "./crypto.ts"

export const SIGNATURE_HEADER = "X-Webhook-Signature"
export const TIMESTAMP_HEADER = "X-Webhook-Timestamp"

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the scheme Stripe-style receivers verify. */
export const signWebhook = async (secret: string, timestamp: string, body: string) => `sha256=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`

export async function verifyWebhook(secret: string, timestamp: string, body: string, signature: string): Promise<boolean> {
  return (await signWebhook(secret, timestamp, body)) === signature
}

export async function postWebhook(options: { url: string; secret: string; body: unknown; idempotencyKey: string; fetchImpl?: typeof fetch; timeoutMs?: number }) {
  const body = JSON.stringify(options.body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const response = await (options.fetchImpl ?? fetch)(options.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: await signWebhook(options.secret, timestamp, body),
      "Idempotency-Key": options.idempotencyKey,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  })
  if (!response.ok) throw new Error(`CRM webhook answered ${response.status}: ${(await response.text()).slice(0, 200)}`)
}
