import type { Attribution } from "../../../supabase/functions/_shared/kernel/attribution.ts"
import type { Consent } from "../../../supabase/functions/_shared/kernel/consent.ts"

/** One submission of a lead: its idempotency key and when it was first made (the wizard's reference comes from it). */
export interface Submission {
  submissionId: string
  createdAt: number
}

/** Where the lead came from (the stored campaign touches, when any) and what it agreed to. */
export interface LeadRecord {
  attribution?: Attribution
  consent?: Consent
}

/**
 * Fields every request carries: the idempotency key, the spam checks (honeypot, time in the form; see
 * fill-timer.ts), and the lead's attribution and consent (each left out when there is none).
 */
export const submissionFields = (
  submission: Submission,
  formFillMs: number,
  honeypot: string,
  { attribution, consent }: LeadRecord = {},
) => ({
  submissionId: submission.submissionId,
  website: honeypot,
  formFillMs,
  ...(attribution ? { attribution } : {}),
  ...(consent ? { consent } : {}),
})
