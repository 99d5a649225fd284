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
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.ts"
import { CUSTOMER_TEXTS } from "./site-data.generated.ts"

/**
 * The version a language's words of a consent text are recorded as: each language's sentence is a version of
 * its own, so a lead says exactly what its visitor read. English keeps the data's id ("contact-2026-11"); another
 * language adds its code ("contact-2026-11-es"). The site shows and sends it (gatsby/shown-consent.ts).
 */
export const consentVersionId = (id: string, language: Language) =>
  language === DEFAULT_LANGUAGE ? id : `${id}-${language}`

/** Every version of a consent text in every language, with its words. */
const versionsOf = (kind: "consent" | "sms"): ReadonlyMap<string, string> =>
  new Map(
    LANGUAGES.flatMap((language) => {
      const { consent } = CUSTOMER_TEXTS[language]
      const versions = kind === "consent" ? consent.versions : consent.sms.versions
      return versions.map((v) => [consentVersionId(v.id, language), v.text] as const)
    }),
  )

const CONSENT_TEXTS = versionsOf("consent")
const SMS_CONSENT_TEXTS = versionsOf("sms")

export const CONSENT_VERSIONS: readonly string[] = [...CONSENT_TEXTS.keys()]
export const SMS_CONSENT_VERSIONS: readonly string[] = [...SMS_CONSENT_TEXTS.keys()]

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

/**
 * The text a version stands for, in the language it was shown in, with the company's name in place; empty for a
 * version this copy does not know.
 */
export const consentText = (version: string, company: string) =>
  (CONSENT_TEXTS.get(version) ?? SMS_CONSENT_TEXTS.get(version) ?? "").replaceAll("{company}", company)
