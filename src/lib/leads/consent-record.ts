/** Apart from lead-texts.ts, which every page carries (its context): only the lead forms need this. */
import type { Consent } from "../../../supabase/functions/_shared/kernel/consent.ts"
import type { LeadTexts } from "./lead-texts"

/** What the lead agreed to when the submit button was pressed: the consent shown, and the SMS opt-in only when ticked. */
export function consentFor(texts: LeadTexts, smsTicked: boolean, at: Date): NonNullable<Consent> {
  const time = at.toISOString()
  return {
    version: texts.consent.version,
    at: time,
    ...(smsTicked ? { sms: { version: texts.sms.version, at: time } } : {}),
  }
}
