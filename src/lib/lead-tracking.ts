/**
 * What the lead forms tell Analytics and Ads beyond events: the visitor's own details as Ads
 * enhanced-conversion user data. Apart from tracking.ts because only the forms (loaded after the
 * page) need it, and a module's code goes wherever any page imports it.
 */
import { gtagReady, trackEvent, type AdsUserData, type TrackingParams } from "./tracking"

/** Ads wants phone numbers in E.164; ours are US numbers typed in any format. Anything else is left out. */
export { phoneE164 } from "../../supabase/functions/_shared/kernel/phone"

/**
 * A lead form sent. The visitor's own details never go out as event
 * parameters (Analytics forbids personal data there); they go to Ads as
 * enhanced-conversion user data, which gtag hashes in the browser.
 */
export function trackFormSubmission(form: string, params: TrackingParams, user?: AdsUserData): boolean {
  if (!gtagReady()) return false
  if (user) {
    try {
      window.gtag?.("set", "user_data", user)
    } catch {
      // tracking never breaks the page
    }
  }
  return trackEvent("form_submit", { form, ...params })
}
