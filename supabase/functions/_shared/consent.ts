/**
 * What a lead agreed to: the version of the consent sentence shown next to the submit button and when
 * it was agreed to, and, only when the visitor ticked it, the version of the SMS opt-in. The versions
 * come from data/lead-consent.yaml; any version ever published is accepted, so a lead kept in a browser
 * across a wording change still lands, and an unknown one is refused.
 */
import { object, string, type InferType } from "yup"
import { isIsoInstant } from "./attribution.ts"
import { LEAD_CONSENT } from "./site-data.generated.ts"

export const CONSENT_VERSIONS: readonly string[] = LEAD_CONSENT.versions.map((v) => v.id)
export const SMS_CONSENT_VERSIONS: readonly string[] = LEAD_CONSENT.sms.versions.map((v) => v.id)

// Strict: a number or a list sent for a text value is refused, not turned into text.
const agreedAt = () =>
  string()
    .strict()
    .required("The time of consent is required")
    .test("iso-time", "Must be a UTC time like 2026-11-23T10:00:00.000Z", isIsoInstant)

export const smsConsentSchema = object({
  version: string()
    .strict()
    .required("The SMS consent version is required")
    .oneOf([...SMS_CONSENT_VERSIONS], "Unknown SMS consent version"),
  at: agreedAt(),
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

export const consentSchema = object({
  version: string()
    .strict()
    .required("The consent version is required")
    .oneOf([...CONSENT_VERSIONS], "Unknown consent version"),
  at: agreedAt(),
  /** Present only when the visitor ticked "text me about my request". */
  sms: smsConsentSchema,
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

export type Consent = InferType<typeof consentSchema>
export type SmsConsent = InferType<typeof smsConsentSchema>

/** The text a version stands for, with the company's name in place. */
export const consentText = (version: string, company: string) =>
  (
    LEAD_CONSENT.versions.find((v) => v.id === version)?.text ??
    LEAD_CONSENT.sms.versions.find((v) => v.id === version)?.text ??
    ""
  ).replaceAll("{company}", company)
