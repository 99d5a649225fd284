/**
 * How a delivery to a provider (the e-mail API, the CRM, Twilio, the chat webhook) or a step can fail:
 * each error tells the worker what to do with the job. Apart from refusal.ts so a step (which throws
 * them) need not import the reading of HTTP answers.
 */

/** Raised when delivery is impossible as configured: the job ends `not_configured`, visibly, instead of retrying. */
export class NotConfiguredError extends Error {}

/**
 * Raised on a 429: the job waits as long as the API asks (Retry-After), or with a backoff of its own
 * when it does not say; the try does not count towards `dead`, but a job rate-limited for too long is.
 */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}

/**
 * Raised on a 429 that says a quota is used up (Resend's daily_quota_exceeded and monthly_quota_exceeded,
 * a daily message limit): it will not pass in minutes, so unlike a per-second rate limit it counts as a
 * failed try, and the job is given up after a few (outbox/settle.ts), so the office is told by another
 * channel the same day rather than the message waiting for the quota to come back.
 */
export class QuotaExceededError extends Error {}

/** Raised when the job cannot succeed by trying again (a number the SMS provider refuses, a revoked webhook): dead at once, with the reason. */
export class PermanentError extends Error {}

/** Raised when the job is not to be done yet (the office is closed): it waits until then, and the try does not count. */
export class DeferredError extends Error {
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message)
  }
}

/**
 * Raised when the request may have been carried out but no answer came (a timeout, a reset after
 * sending). The job is retried like any failure, and the outbox remembers when this first happened, so
 * the next try of a message without an idempotency key looks for it before sending it again.
 */
export class UnknownOutcomeError extends Error {}
