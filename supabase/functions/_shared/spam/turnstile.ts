/** Cloudflare Turnstile, verified server-side (the widget's token alone proves nothing). */
/** Cloudflare's siteverify; TURNSTILE_VERIFY_URL points tests and the local stand-in elsewhere. */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"

export type TurnstileVerdict = "passed" | "failed" | "unavailable"

export async function verifyTurnstile(options: {
  secret: string
  token: string | undefined
  remoteIp: string | null
  /**
   * The submissionId (a UUID, as Cloudflare asks): a token is single-use, but siteverify accepts the
   * same token again with the same key, so a verification retried after a failure is not "already spent".
   */
  idempotencyKey?: string
  verifyUrl?: string
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): Promise<TurnstileVerdict> {
  if (!options.token) return "failed"
  const form = new URLSearchParams({ secret: options.secret, response: options.token })
  if (options.remoteIp) form.set("remoteip", options.remoteIp)
  if (options.idempotencyKey) form.set("idempotency_key", options.idempotencyKey)
  try {
    const response = await (options.fetchImpl ?? fetch)(options.verifyUrl ?? TURNSTILE_VERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    })
    // Cloudflare answers 200 with success true or false; anything else means we could not ask, not that the visitor failed.
    if (!response.ok) return "unavailable"
    const result: unknown = await response.json()
    return typeof result === "object" && result !== null && "success" in result && result.success === true
      ? "passed"
      : "failed"
  } catch {
    return "unavailable"
  }
}
