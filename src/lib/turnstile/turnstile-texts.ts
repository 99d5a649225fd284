/**
 * The anti-spam check's words (data/lead-messages.yaml), the same the functions answer with, in each language.
 * Imported only dynamically, when a form is first focused: pages do not carry the backend's messages.
 */
import type { Language } from "../../../supabase/functions/_shared/kernel/languages.ts"
import { CUSTOMER_TEXTS, type CustomerTexts } from "../../../supabase/functions/_shared/kernel/site-data.generated.ts"

export type TurnstileTexts = CustomerTexts["messages"]["turnstile"]

/** The words in the page's language. */
export const turnstileTextsIn = (language: Language): TurnstileTexts => CUSTOMER_TEXTS[language].messages.turnstile

/** English: the outbox's corner widget, which belongs to no page. */
export const TURNSTILE_TEXTS: TurnstileTexts = turnstileTextsIn("en")
