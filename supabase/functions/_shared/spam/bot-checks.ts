/** The checks that need no outside service: the honeypot and the minimum time to fill a form. */
import type { SpamConfig } from "../config.ts"

export type SpamReason = "honeypot" | "too_fast"

/**
 * Why a body looks like a bot's, or null. Too fast means 0 ≤ now − formStartedAt < the minimum;
 * a negative difference (the visitor's clock is ahead of ours) is not held against them.
 */
export function spamReason(body: { website?: string; formStartedAt: number }, spam: SpamConfig, nowMs = Date.now()): SpamReason | null {
  if (body.website) return "honeypot"
  const elapsed = nowMs - body.formStartedAt
  if (elapsed >= 0 && elapsed < spam.minFormFillMs) return "too_fast"
  return null
}
