/**
 * The one rule that reads a provider's answer (the e-mail API, the CRM, Twilio, the chat webhook): what
 * may pass (429, 408, 409, 425, 5xx, a network error) is tried again, anything else in 4xx is the
 * request itself and would fail the same way every time. A 429 carries the wait its Retry-After asks
 * for (the outbox decides how long the job waits: outbox/settle.ts). A try whose outcome is unknown (a
 * timeout, a connection dropped after the request went out) is told apart, so a provider that takes no
 * idempotency key (Twilio, a chat webhook) is not simply asked twice.
 */
import { PermanentError, QuotaExceededError, RateLimitedError, UnknownOutcomeError } from "./errors.ts"

/** The longest a Retry-After is obeyed: past an hour the job is better retried (or given up) on its own terms. */
export const MAX_RETRY_AFTER_MS = 3_600_000

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP-date (RFC 9110 §10.2.3), capped at an hour;
 * undefined when absent or unreadable (the outbox then backs off).
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  // An HTTP-date names its weekday and month ("Tue, 03 Mar 2026 15:02:00 GMT"); anything else is no date.
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : /[a-z]/i.test(value) ? Date.parse(value) - now : NaN
  if (!Number.isFinite(ms)) return undefined
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)))
}

/** Statuses that can pass: timeout, conflict of a concurrent request, too early, rate limit, and the server's own errors. */
const PASSING = new Set([408, 409, 425, 429])

/**
 * A 429 body that speaks of a quota rather than a rate: Resend's `daily_quota_exceeded` and
 * `monthly_quota_exceeded`, "daily limit" or "daily messages limit" (Twilio's 63038) and the like.
 */
export const isQuotaAnswer = (body: string) => /quota|\b(daily|monthly)\b|per (day|month)|\b63038\b/i.test(body)

/** A provider's answer that is not 2xx, as the error that says what to do with the job. */
export async function refusal(provider: string, response: Response): Promise<Error> {
  const body = await response.text().catch(() => "")
  const message = `${provider} answered ${response.status}: ${body.slice(0, 300)}`
  if (response.status === 429 && isQuotaAnswer(body)) return new QuotaExceededError(message)
  if (response.status === 429) return new RateLimitedError(message, retryAfterMs(response.headers.get("retry-after")))
  if (response.status >= 500 || PASSING.has(response.status)) return new Error(message)
  return new PermanentError(message)
}

const codeOf = (error: unknown): string => {
  if (typeof error !== "object" || error === null) return ""
  const code = "code" in error ? error.code : undefined
  const cause = "cause" in error ? error.cause : undefined
  return [typeof code === "string" ? code : "", codeOf(cause)].join(" ")
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/**
 * A request that never reached the provider (refused, no route, no such host): sending again cannot
 * double anything. Node's fetch puts the reason in `cause.code`, Deno's in the message.
 */
const neverSent = (error: unknown) =>
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH/.test(codeOf(error)) ||
  /connection refused|dns error|failed to lookup|name or service not known|no such host/i.test(describe(error))

/** A fetch that threw, as the error for the job: a plain failure when nothing was sent, an unknown outcome otherwise. */
export function transportError(provider: string, error: unknown): Error {
  if (error instanceof Error && error.name === "TimeoutError")
    return new UnknownOutcomeError(`${provider} did not answer in time: the request may have been carried out`)
  if (neverSent(error)) return new Error(`${provider} could not be reached (${describe(error).slice(0, 200)})`)
  return new UnknownOutcomeError(
    `${provider} dropped the request without an answer (${describe(error).slice(0, 200)}): it may have been carried out`,
  )
}

/** One request to a provider within `timeoutMs`, its answer whatever the status; a throw is classified by transportError. */
export async function request(
  provider: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw transportError(provider, error)
  }
}

/** The same, and an answer that is not 2xx thrown as refusal() reads it. */
export async function deliver(...args: Parameters<typeof request>): Promise<Response> {
  const response = await request(...args)
  if (!response.ok) throw await refusal(args[0], response)
  return response
}
