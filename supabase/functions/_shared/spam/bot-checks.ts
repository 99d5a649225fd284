/** The checks that need no outside service: the honeypot and the time spent in the form. */
import type { SpamConfig } from "../config.ts"

/** Why a submission was filed as spam; `turnstile_failed`: Cloudflare called its token a bot's (app.ts, spam/turnstile.ts). */
export type SpamReason = "honeypot" | "too_fast" | "impossible_fill_time" | "turnstile_failed"

/** Longer than any visitor keeps one form open (the browser's outbox gives up on a submission after a week). */
export const MAX_FORM_FILL_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Why a body looks like a bot's, or null. `formFillMs` is the time the browser measured, with its
 * monotonic clock, between showing the form and sending it: a person needs at least the minimum;
 * a negative, endless or non-finite time no browser of ours sends.
 *
 * A body without a usable time (an older site, or one sent as another type) cannot be timed: it is not judged
 * by it here, and the caller flags the lead for the office (http/submit.ts); Turnstile and the honeypot still apply.
 */
export function spamReason(body: { website?: string; formFillMs?: number }, spam: SpamConfig): SpamReason | null {
  if (body.website) return "honeypot"
  const elapsed = body.formFillMs
  if (elapsed === undefined) return null
  if (!Number.isFinite(elapsed) || elapsed < 0 || elapsed > MAX_FORM_FILL_MS) return "impossible_fill_time"
  if (elapsed < spam.minFormFillMs) return "too_fast"
  return null
}
