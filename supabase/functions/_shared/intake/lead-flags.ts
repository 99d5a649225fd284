/**
 * Why the office should look twice at a stored lead. A lead that reaches the functions is stored
 *: what the functions could not check, or did not know, is not a reason to refuse it but
 * a flag stored with it (`flags` on leads and contact_messages) and shown to the office in its notice
 * and alerts. Only what the visitor can fix, or abuse, is refused.
 */
export const LEAD_FLAG_CODES = [
  /** A value the functions' copy of data/ does not know (a pest, plan or property type, a consent version, an attribution key): the site and the functions were deployed from different data. */
  "unknown_value",
  /** The page's origin is not in ALLOWED_ORIGINS (apex vs www, a new domain, a local port): a server setting. */
  "origin_not_allowed",
  /** The apikey is not the project's public key (rotated, or a site built against another project). */
  "apikey_mismatch",
  /** Turnstile could not vouch for the visitor: siteverify down, hanging, answering garbage, or a retryable error. */
  "turnstile_unverified",
  /** A time the browser sent (consent, a campaign touch) that cannot be right; the server's receipt time is stored instead. */
  "time_out_of_range",
  /** It carried the pipeline check's header, but the signature did not verify: a forged mark cannot hide a real lead, so it is one. */
  "check_header_invalid",
  /** A confirmation or reminder to the visitor was not sent: past the customer messages' budget (spam/customer-budget.ts). */
  "customer_message_held",
  /** The phone number could not be read as a valid number (or only by guessing its country): stored as typed, no call link. */
  "phone_unread",
  /** The visitor asked for texts, but the number is not one the business texts (foreign, toll-free, premium…): not texted. */
  "phone_not_texted",
  /** The e-mail address's name before the @ is not ASCII, which the e-mail API may not deliver: the visitor was not e-mailed. */
  "email_not_sendable",
  /** The e-mail address's domain looks like a typo of a common one (`gmail.con`): the visitor was shown the suggestion. */
  "email_likely_typo",
  /** A field the functions do not know (a newer or older site): its value is kept with the lead (unread_fields), the detail names it. */
  "unknown_field",
  /** A field the functions know, sent null, as another type or in a form they do not read: the value as sent is kept (unread_fields). */
  "unreadable_field",
  /** A field the functions expect that the body did not carry (an older or newer site's form has none): stored without it. */
  "missing_field",
  /** No usable time spent in the form came (none, or not a number): the bot check could not time it; Turnstile, honeypot and rate limit still applied. */
  "fill_time_unknown",
  /** The Turnstile token was already used by another submission: a replayed token vouches for nobody. */
  "turnstile_reused",
  /** A booking's or callback's address is outside its offer's towns (kernel/offer-towns.ts): the detail names the offer and the town or ZIP given. */
  "outside_offer_area",
] as const

export type LeadFlagCode = (typeof LEAD_FLAG_CODES)[number]

export interface LeadFlag {
  code: LeadFlagCode
  /** What exactly, for the office and whoever fixes the setting (never the visitor's personal data): "pest \"termites-2\"". */
  detail: string
}

/** At most this many flags are stored per lead, each detail cut to this length: a body cannot grow the row. */
export const MAX_FLAGS = 20
export const MAX_FLAG_DETAIL = 200

/** The flags of a lead, deduplicated, bounded and in a stable order (a wizard's later calls add only what is new). */
export function mergeFlags(...lists: readonly (readonly LeadFlag[])[]): LeadFlag[] {
  const seen = new Map<string, LeadFlag>()
  for (const flag of lists.flat()) {
    const bounded = { code: flag.code, detail: flag.detail.slice(0, MAX_FLAG_DETAIL) }
    const key = `${bounded.code}\u0000${bounded.detail}`
    if (!seen.has(key) && seen.size < MAX_FLAGS) seen.set(key, bounded)
  }
  return [...seen.values()]
}
