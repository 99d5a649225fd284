/**
 * Cloudflare Turnstile, verified server-side (the widget's token alone proves nothing). An outside check
 * never refuses a lead it could not run: siteverify gets a bounded wait, and whatever it
 * cannot decide (down, slow, garbage, a retryable or visitor-innocent code) leaves the lead "unverified"
 * for the office, not refused.
 */
/** Cloudflare's siteverify; TURNSTILE_VERIFY_URL points tests and the local stand-in elsewhere. */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"

/** The most a visitor waits for siteverify, answer included (TURNSTILE_TIMEOUT_MS). */
export const DEFAULT_TURNSTILE_TIMEOUT_MS = 3_000

/**
 * What siteverify's answer means for the submission: passed; no token at all (the widget shows it next to
 * itself: a 400); a token Cloudflare calls a bot's (filed as spam, the office's review decides); or
 * unverified, when Cloudflare could not vouch either way (stored and flagged).
 */
export type TurnstileVerdict =
  | { outcome: "passed" }
  | { outcome: "missing" }
  | { outcome: "bot"; codes: string[] }
  | { outcome: "unverified"; detail: string }

/**
 * The codes Cloudflare gives a forged token or a request only a bot makes. Everything else is not the
 * visitor's doing or can pass on a retry: `timeout-or-duplicate` (expired after 5 minutes, or already
 * redeemed), `internal-error` (retryable), the secret's own codes (our setting), codes added later.
 */
const BOT_CODES: ReadonlySet<string> = new Set(["invalid-input-response", "missing-input-response", "bad-request"])

/** A code as Cloudflare spells them; anything else is not repeated into a flag. */
const CODE = /^[a-z0-9-]{1,64}$/

const unverified = (detail: string): TurnstileVerdict => ({ outcome: "unverified", detail })
export const SITEVERIFY_UNREACHABLE = "siteverify unreachable"

/** The verdict in a siteverify answer's JSON (`{ success, "error-codes" }`), whatever shape it came in. */
export function verdictOf(result: unknown): TurnstileVerdict {
  if (typeof result !== "object" || result === null || !("success" in result))
    return unverified(`${SITEVERIFY_UNREACHABLE} (no verdict in the answer)`)
  if (result.success === true) return { outcome: "passed" }
  const listed = "error-codes" in result && Array.isArray(result["error-codes"]) ? result["error-codes"] : []
  const codes = listed.filter((code): code is string => typeof code === "string" && CODE.test(code)).slice(0, 8)
  if (result.success !== false || codes.length === 0)
    return unverified(`${SITEVERIFY_UNREACHABLE} (no verdict in the answer)`)
  // A bot's only when every code says so: one code that is not the visitor's fault leaves the doubt with us.
  if (codes.length === listed.length && codes.every((code) => BOT_CODES.has(code))) return { outcome: "bot", codes }
  return unverified(`siteverify: ${codes.join(", ")}`)
}

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
  /** The whole wait: connecting, the answer and its body (a fetch that ignores the signal is not waited for either). */
  timeoutMs?: number
}): Promise<TurnstileVerdict> {
  if (!options.token) return { outcome: "missing" }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TURNSTILE_TIMEOUT_MS
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<TurnstileVerdict>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve(unverified(`${SITEVERIFY_UNREACHABLE} (no answer within ${timeoutMs} ms)`))
    }, timeoutMs)
  })
  try {
    return await Promise.race([ask({ ...options, token: options.token }, controller.signal), late])
  } finally {
    clearTimeout(timer)
  }
}

async function ask(
  options: Parameters<typeof verifyTurnstile>[0] & { token: string },
  signal: AbortSignal,
): Promise<TurnstileVerdict> {
  const form = new URLSearchParams({ secret: options.secret, response: options.token })
  if (options.remoteIp) form.set("remoteip", options.remoteIp)
  if (options.idempotencyKey) form.set("idempotency_key", options.idempotencyKey)
  try {
    const response = await (options.fetchImpl ?? fetch)(options.verifyUrl ?? TURNSTILE_VERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal,
    })
    // Cloudflare answers 200 with success true or false; anything else means we could not ask, not that the visitor failed.
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      return unverified(`${SITEVERIFY_UNREACHABLE} (HTTP ${response.status})`)
    }
    const text = await response.text()
    let result: unknown
    try {
      result = JSON.parse(text)
    } catch {
      return unverified(`${SITEVERIFY_UNREACHABLE} (an answer that is not JSON)`)
    }
    return verdictOf(result)
  } catch {
    return unverified(SITEVERIFY_UNREACHABLE)
  }
}
