import type { Attribution } from "../../../supabase/functions/_shared/kernel/attribution.ts"
import type { Consent } from "../../../supabase/functions/_shared/kernel/consent.ts"
import type { Language } from "../../../supabase/functions/_shared/kernel/languages.ts"
import { referenceAt } from "../../../supabase/functions/_shared/kernel/reference.ts"
// Types only: the contract itself (yup) is loaded after the page (contract-loader.ts).
import type {
  PublicFunctionName,
  RequestOf,
  SubmissionFieldName,
} from "../../../supabase/functions/_shared/kernel/contract.ts"

/** Omit applied to each member of a union (Omit on a union keeps only the keys all members share). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** What a form sends to the function `N`: its body without the fields every call adds (submissionFields, the Turnstile token). */
export type LeadBody<N extends PublicFunctionName> = OmitEach<RequestOf<N>, SubmissionFieldName>

/** The keys of the shapes of `R` that `B` fits. */
type FittingKeys<B, R> = R extends unknown ? (B extends R ? keyof R : never) : never

/**
 * `never` for every field of `B` that the shape it fits does not know. A parameter type alone lets a
 * variable carry extra fields (only a literal is checked for them), and a form passes its lead as one.
 */
export type NoUnknownFields<B, R> = Record<Exclude<keyof B, FittingKeys<B, R>>, never>

/** One submission of a lead: its idempotency key and when it was first made (its reference comes from it). */
export interface Submission {
  submissionId: string
  createdAt: number
}

/** The reference the visitor and the office see for this submission (kernel/reference.ts). */
export const referenceOf = (submission: Submission) => referenceAt(submission.createdAt)

/** Where the lead came from (the stored campaign touches, when any), what it agreed to, and the page's language. */
export interface LeadRecord {
  attribution?: Attribution
  consent?: Consent
  /** The lead's e-mails, texts and answers are in it; kept with the body, so a re-send later keeps it. */
  language?: Language
}

/**
 * Fields every request carries: the idempotency key, the reference the visitor is shown, the spam checks
 * (honeypot, time in the form; see fill-timer.ts), the lead's attribution and consent (each left out
 * when there is none), and the page's language.
 */
export const submissionFields = (
  submission: Submission,
  formFillMs: number,
  honeypot: string,
  { attribution, consent, language }: LeadRecord = {},
) => ({
  submissionId: submission.submissionId,
  reference: referenceOf(submission),
  website: honeypot,
  formFillMs,
  ...(attribution ? { attribution } : {}),
  ...(consent ? { consent } : {}),
  ...(language ? { language } : {}),
})
