/**
 * The offer page's callback request: the UTM fields read from the page address with the offer's fallbacks, and the
 * process-simple-lead body in its snake_case shape (the visitor's fields by their declared names, the fixed ones).
 */
import type { CallbackFieldName } from "../../../supabase/functions/_shared/kernel/callback-request.ts"
import { callbackOfferName } from "../../../supabase/functions/_shared/kernel/offer-names.ts"

/** What the visitor filled in: each field the callback declares (kernel/callback-request.ts). */
export type CallbackValues = Record<CallbackFieldName, string>

export interface Utm {
  utm_source: string
  utm_campaign: string
  utm_term: string
}

/** utm_source, utm_campaign and utm_term of a query string; source and campaign fall back to the offer's own. */
export function utmFrom(search: string, fallback: { utmSource?: string | null; utmCampaign?: string | null }): Utm {
  const params = new URLSearchParams(search)
  const read = (name: string) => params.get(name)?.trim() ?? ""
  return {
    utm_source: read("utm_source") || (fallback.utmSource ?? ""),
    utm_campaign: read("utm_campaign") || (fallback.utmCampaign ?? ""),
    utm_term: read("utm_term"),
  }
}

/** The body fields of the offer-callback row: what the visitor typed, trimmed, and the fixed ones. */
export const callbackBody = (values: CallbackValues, offer: { offerName: string; price: string }, utm: Utm) => ({
  ...(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])) as CallbackValues),
  email: "",
  property_type: "residential",
  service_plan: "one-time",
  pests: ["general"],
  zip_code: "",
  special_offer: callbackOfferName(offer),
  ...utm,
})
