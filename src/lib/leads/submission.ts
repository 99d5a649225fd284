/** One submission of a lead: its idempotency key and when it was first made (the wizard's reference comes from it). */
export interface Submission {
  submissionId: string
  createdAt: number
}

/** Fields every request carries: the idempotency key and the spam checks (honeypot, time in the form; see fill-timer.ts). */
export const submissionFields = (submission: Submission, formFillMs: number, honeypot: string) => ({
  submissionId: submission.submissionId,
  website: honeypot,
  formFillMs,
})
