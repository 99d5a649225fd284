/**
 * What a lead agreed to: the version of the consent sentence shown next to the submit button, and, only
 * when the visitor ticked it, the version of the SMS opt-in; each with the time the browser's clock said.
 * The versions come from data/lead-consent.yaml. Any well-shaped version is accepted and stored as sent: a
 * version the functions' copy does not know (a site deployed with new wording before the functions) is
 * flagged for the office (body-flags.ts), never refused. The time stored as "agreed at" is the server's
 * receipt time; the browser's is kept beside it only when it can be right (client-time.ts).
 */
import { object, string, type InferType } from "yup"
import { clientTime } from "./attribution.ts"
import { LEAD_CONSENT } from "./site-data.generated.ts"

export const CONSENT_VERSIONS: readonly string[] = LEAD_CONSENT.versions.map((v) => v.id)
export const SMS_CONSENT_VERSIONS: readonly string[] = LEAD_CONSENT.sms.versions.map((v) => v.id)

/** A version id as data/ writes them (lowercase letters, digits and dashes), with room to spare. */
export const VERSION_ID_MAX_LENGTH = 64
export const VERSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

// Strict: a number or a list sent for a text value is refused, not turned into text.
const versionId = (required: string) =>
  string()
    .strict()
    .required(required)
    .max(VERSION_ID_MAX_LENGTH, `Must be at most ${VERSION_ID_MAX_LENGTH} characters`)
    .matches(VERSION_ID_PATTERN, "Must be a version id like contact-2026-11")
const agreedAt = () => clientTime("The time of consent is required")

export const smsConsentSchema = object({
  version: versionId("The SMS consent version is required"),
  at: agreedAt(),
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

export const consentSchema = object({
  version: versionId("The consent version is required"),
  at: agreedAt(),
  /** Present only when the visitor ticked "text me about my request". */
  sms: smsConsentSchema,
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

export type Consent = InferType<typeof consentSchema>
export type SmsConsent = InferType<typeof smsConsentSchema>

/** The text a version stands for, with the company's name in place; empty for a version this copy does not know. */
export const consentText = (version: string, company: string) =>
  (
    LEAD_CONSENT.versions.find((v) => v.id === version)?.text ??
    LEAD_CONSENT.sms.versions.find((v) => v.id === version)?.text ??
    ""
  ).replaceAll("{company}", company)
