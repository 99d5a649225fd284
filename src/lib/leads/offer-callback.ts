/**
 * The offer page's callback request: the UTM fields read from
 * the page address with the offer's fallbacks, and the process-simple-lead
 * body in its snake_case shape.
 */
export interface CallbackValues {
  name: string
  phone: string
  address: string
  city: string
  notes: string
}

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

/** A submit with a blank name or phone is ignored without a word. */
export const isCallbackBlank = (values: Pick<CallbackValues, "name" | "phone">) =>
  values.name.trim() === "" || values.phone.trim() === ""

/** The body fields of the offer-callback row (the fixed ones included), plus the optional notes. */
export const callbackBody = (values: CallbackValues, offer: { offerName: string; price: string }, utm: Utm) => ({
  full_name: values.name.trim(),
  phone: values.phone.trim(),
  email: "",
  street_address: values.address.trim(),
  city: values.city.trim(),
  property_type: "residential",
  service_plan: "one-time",
  pests: ["general"],
  zip_code: "",
  special_offer: `${offer.offerName} - ${offer.price}`,
  ...utm,
  notes: values.notes.trim(),
})

/** The form's field names as the contract names them, to place the contract's messages next to the right field. */
export const CALLBACK_CONTRACT_FIELDS = {
  name: "full_name",
  phone: "phone",
  address: "street_address",
  city: "city",
  notes: "notes",
} as const satisfies Record<keyof CallbackValues, string>
