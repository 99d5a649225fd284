/**
 * Generators of what a site built from newer (or older) data than the functions' copy sends: a pest, plan,
 * property type or additionalPests value, a consent or SMS consent version, a new campaign parameter the
 * functions do not know. Shared by the Node test (version-skew.test.ts) and the Deno one.
 */
import fc from "fast-check"
import { TOUCH_KEYS } from "../../supabase/functions/_shared/kernel/attribution"
import { CONSENT_VERSIONS, SMS_CONSENT_VERSIONS } from "../../supabase/functions/_shared/kernel/consent"
import { ESTIMATE_OPTIONS, LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies } from "./helpers"

const PESTS: readonly string[] = ESTIMATE_OPTIONS.pests
/** Keeps only what the functions' copy of the data does not list. */
const unknownTo =
  <T>(list: readonly T[]) =>
  (value: T) =>
    !list.includes(value)
const PROPERTY_TYPES: readonly string[] = ESTIMATE_OPTIONS.propertyTypes.map((p) => p.id)
const SERVICE_PLANS: readonly string[] = ESTIMATE_OPTIONS.servicePlans.map((p) => p.id)
const ADDITIONAL_PESTS: readonly number[] = ESTIMATE_OPTIONS.additionalPests.map((a) => a.value)

/** A slug as data/ writes ids: lowercase words joined by dashes. */
const slug = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((words) => words.join("-"))

/** A pest's name as an editor would add one: visible words, the README's "Termites 2" among them. */
export const newPest = fc
  .oneof(
    fc.constant("Termites 2"),
    fc.constantFrom("Stink Bugs", "Carpenter Bees", "Moths", "Lanternflies", "Voles", "Ratas y ratones", "Guêpes"),
    fc.array(fc.stringMatching(/^[A-Z][a-z]{1,10}$/), { minLength: 1, maxLength: 3 }).map((words) => words.join(" ")),
  )
  .filter(unknownTo(PESTS))

export const newPropertyType = slug.filter(unknownTo(PROPERTY_TYPES))
export const newServicePlan = slug.filter(unknownTo(SERVICE_PLANS))
export const newAdditionalPests = fc.integer({ min: 0, max: 20 }).filter(unknownTo(ADDITIONAL_PESTS))
export const newConsentVersion = fc
  .tuple(fc.constantFrom("contact", "consent"), fc.integer({ min: 2027, max: 2099 }), fc.integer({ min: 1, max: 12 }))
  .map(([word, year, month]) => `${word}-${year}-${String(month).padStart(2, "0")}`)
  .filter(unknownTo(CONSENT_VERSIONS))
export const newSmsConsentVersion = newConsentVersion
  .map((v) => v.replace(/^\w+/, "sms"))
  .filter(unknownTo(SMS_CONSENT_VERSIONS))
/** A click id parameter an ad platform may add (TikTok's ttclid, LinkedIn's li_fat_id, …) with a token value. */
export const newClickId = fc.tuple(
  fc
    .oneof(
      fc.constantFrom("ttclid", "li_fat_id", "twclid", "rdt_cid", "epik"),
      fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/),
    )
    .filter((key) => !TOUCH_KEYS.has(key) && !(key in Object.prototype)),
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,60}$/),
)

export const AT = "2026-11-20T14:05:00.000Z"

/** What one skewed submission carries; each part is optional, at least one is there. */
export interface Skew {
  pests?: string[]
  propertyType?: string
  servicePlan?: string
  additionalPests?: number
  consentVersion?: string
  smsConsentVersion?: string
  clickId?: [string, string]
}

export const skew: fc.Arbitrary<Skew> = fc
  .record(
    {
      pests: fc.uniqueArray(newPest, { minLength: 1, maxLength: 3 }),
      propertyType: newPropertyType,
      servicePlan: newServicePlan,
      additionalPests: newAdditionalPests,
      consentVersion: newConsentVersion,
      smsConsentVersion: newSmsConsentVersion,
      clickId: newClickId,
    },
    { requiredKeys: [] },
  )
  .filter((s) => Object.keys(s).length > 0)

/** The origin fields of a body with the skew's consent versions and new click id (known ones where it has none). */
export function skewedOrigin(s: Skew) {
  const consentVersion = s.consentVersion ?? LEAD_CONSENT.current
  const smsVersion = s.smsConsentVersion ?? LEAD_CONSENT.sms.current
  const last = { utm_source: "google", ...(s.clickId ? { [s.clickId[0]]: s.clickId[1] } : {}), at: AT }
  return {
    attribution: { first: { landing_path: "/", at: AT }, last },
    consent: { version: consentVersion, at: AT, sms: { version: smsVersion, at: AT } },
  }
}

/** A wizard submission's three bodies (one submissionId), skewed. */
export function skewedWizard(s: Skew) {
  const estimate = {
    ...(s.pests ? { pests: [ESTIMATE_OPTIONS.pests[0], ...s.pests] } : {}),
    ...(s.propertyType ? { propertyType: s.propertyType } : {}),
    ...(s.servicePlan ? { servicePlan: s.servicePlan } : {}),
    ...(s.additionalPests !== undefined ? { additionalPests: s.additionalPests } : {}),
    ...skewedOrigin(s),
  }
  const lead = { ...bodies.estimateLead(), ...estimate }
  const request = { ...bodies.estimateRequest(), ...estimate, submissionId: lead.submissionId }
  return { lead, request }
}

/** The `unknown_value` details the office must see for a skew (body-flags.ts' wording). */
export function expectedDetails(s: Skew, { estimate }: { estimate: boolean }): string[] {
  const quoted = (what: string, value: string | number) => `${what} ${JSON.stringify(value)}`
  return [
    ...(estimate && s.propertyType ? [quoted("property type", s.propertyType)] : []),
    ...(estimate && s.servicePlan ? [quoted("service plan", s.servicePlan)] : []),
    ...(estimate && s.pests ? s.pests.map((p) => quoted("pest", p)) : []),
    ...(estimate && s.additionalPests !== undefined ? [quoted("additional pests", s.additionalPests)] : []),
    ...(s.consentVersion ? [quoted("consent version", s.consentVersion)] : []),
    ...(s.smsConsentVersion ? [quoted("SMS consent version", s.smsConsentVersion)] : []),
    ...(s.clickId ? [quoted("campaign value (last campaign visit)", s.clickId[0])] : []),
  ]
}
