/**
 * What every lead form shows and records besides its own fields (issue 16): the consent sentence next to
 * the submit button and the optional SMS opt-in, each by version (data/lead-consent.yaml), and what a lead
 * is worth to Analytics and Ads (data/site.yaml). The templates provide it, so forms loaded after the page
 * get it without a static query (those fail in lazily loaded components).
 */
import { createContext, useContext } from "react"
import type { Consent } from "../../../supabase/functions/_shared/consent.ts"

export interface LeadTexts {
  consent: { version: string; text: string }
  sms: { version: string; label: string; text: string; links: readonly { label: string; path: string }[] }
  values: { currency: string; contact: number; estimate: number }
}

interface Versions<V extends { id: string }> {
  current: string
  versions: readonly V[]
}

/** The data as queried (any version ever published is listed; `current` is the one shown). */
export interface LeadConsentData extends Versions<{ id: string; text: string }> {
  sms: Versions<{ id: string; label: string; text: string }> & { links: LeadTexts["sms"]["links"] }
}

function current<V extends { id: string }>({ current: id, versions }: Versions<V>): V {
  const version = versions.find((v) => v.id === id)
  if (!version) throw new Error(`data/lead-consent.yaml: no version ${id}`)
  return version
}

/** The current texts with the company's name in place. */
export function leadTextsFrom(data: LeadConsentData, company: string, values: LeadTexts["values"]): LeadTexts {
  const consent = current(data)
  const sms = current(data.sms)
  return {
    consent: { version: consent.id, text: consent.text.replaceAll("{company}", company) },
    sms: { version: sms.id, label: sms.label, text: sms.text.replaceAll("{company}", company), links: data.sms.links },
    values,
  }
}

export const LeadTextsContext = createContext<LeadTexts | null>(null)

/** The site's lead texts; null outside a page template (a component tested on its own). */
export const useLeadTexts = () => useContext(LeadTextsContext)

/** What the lead agreed to when the submit button was pressed: the consent shown, and the SMS opt-in only when ticked. */
export function consentFor(texts: LeadTexts, smsTicked: boolean, at: Date): NonNullable<Consent> {
  const time = at.toISOString()
  return {
    version: texts.consent.version,
    at: time,
    ...(smsTicked ? { sms: { version: texts.sms.version, at: time } } : {}),
  }
}
