/**
 * The anti-spam check's words (data/lead-messages.yaml), the same the functions answer with. Imported
 * only dynamically, when a form is first focused: pages do not carry the backend's messages.
 */
import { LEAD_MESSAGES } from "../../../supabase/functions/_shared/kernel/site-data.generated.ts"

export type TurnstileTexts = typeof LEAD_MESSAGES.turnstile
export const TURNSTILE_TEXTS: TurnstileTexts = LEAD_MESSAGES.turnstile
