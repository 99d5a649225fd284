/**
 * The anti-spam check's English words (data/lead-messages.yaml), for the outbox's corner widget, which belongs to no
 * page, and a form outside any page (a component alone). A page's forms read theirs, in the page's language, from
 * its LeadTexts. Imported only dynamically: pages do not carry the backend's messages.
 */
import { LEAD_MESSAGES } from "../../../supabase/functions/_shared/kernel/site-data.generated.ts"
import type { TurnstileTexts } from "../../../gatsby/shown-consent"

export type { TurnstileTexts }

export const TURNSTILE_TEXTS: TurnstileTexts = LEAD_MESSAGES.turnstile
