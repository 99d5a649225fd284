/**
 * The consent texts a form shows: the current version of each, with the company's name in place, in the page's
 * language and recorded under that language's version id (kernel/consent.ts); and the words of the contract's
 * refusals in that language. Worked out at build time (a GraphQL field of LeadConsentYaml, see schema.ts), so no
 * page carries the code.
 */
import { consentVersionId } from "../supabase/functions/_shared/kernel/consent.ts"
import type { FieldErrorTexts } from "../supabase/functions/_shared/kernel/field-errors.ts"
import { DEFAULT_LANGUAGE, type Language } from "../supabase/functions/_shared/kernel/languages.ts"

export interface ConsentVersions<V extends { id: string }> {
  current: string
  versions: readonly V[]
}

/** data/lead-consent.yaml as the schema has checked it. */
export interface LeadConsentData extends ConsentVersions<{ id: string; text: string }> {
  sms: ConsentVersions<{ id: string; label: string; text: string }> & { links: readonly ConsentLink[] }
}

interface ConsentLink {
  label: string
  path: string
}

/** What a lead from each form is worth (data/site.yaml leadValues). */
export interface LeadValues {
  currency: string
  contact: number
  estimate: number
}

/** Everything a lead form shows and records besides its own fields, as the forms read it (LeadTexts). */
export interface ShownConsent {
  consent: { version: string; text: string }
  sms: { version: string; label: string; text: string; links: readonly ConsentLink[] }
  values: LeadValues
  /** What a form says next to a field the contract refuses, by code (kernel/field-errors.ts). */
  fieldErrors: FieldErrorTexts
  /** The anti-spam check's words (data/lead-messages.yaml's turnstile). */
  turnstile: TurnstileTexts
}

/** The anti-spam check's words in one language. */
export interface TurnstileTexts {
  label: string
  description: string
  missing: string
  failed: string
  unavailable: string
  notLoaded: string
}

/** The page's language and its words of the contract's refusals and of the anti-spam check. */
export interface ShownIn {
  language?: Language
  fieldErrors: FieldErrorTexts
  turnstile: TurnstileTexts
}

function current<V extends { id: string }>({ current: id, versions }: ConsentVersions<V>): V {
  const version = versions.find((v) => v.id === id)
  if (!version) throw new Error(`data/lead-consent.yaml: no version ${id}`)
  return version
}

/** `data` is the consent file in the page's language (its texts translated, its ids as English writes them). */
export function shownConsent(
  data: LeadConsentData,
  company: string,
  values: LeadValues,
  { language = DEFAULT_LANGUAGE, fieldErrors, turnstile }: ShownIn,
): ShownConsent {
  const consent = current(data)
  const sms = current(data.sms)
  return {
    consent: { version: consentVersionId(consent.id, language), text: consent.text.replaceAll("{company}", company) },
    sms: {
      version: consentVersionId(sms.id, language),
      label: sms.label,
      text: sms.text.replaceAll("{company}", company),
      links: data.sms.links,
    },
    values,
    fieldErrors,
    turnstile,
  }
}
