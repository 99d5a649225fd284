/**
 * Analytics and ads events through the Google tag. gtag exists only in
 * production builds with an ID configured, so every call is guarded and
 * tracking can never break the page.
 */
import type { AdsConversion } from "./tracking-attributes"

export type TrackingParams = Record<string, string | number | boolean | undefined>

/** What a visitor typed, for Ads enhanced conversions (gtag normalises and hashes it before it leaves the browser). */
export interface AdsUserData {
  email?: string
  phone_number?: string
  address?: {
    first_name?: string
    last_name?: string
    street?: string
    city?: string
    region?: string
    postal_code?: string
    country?: string
  }
}

declare global {
  interface Window {
    gtag?: {
      (command: "event", name: string, params?: TrackingParams): void
      (command: "set", name: "user_data", data: AdsUserData): void
      (command: "set", params: TrackingParams): void
    }
  }
}

export const gtagReady = () => typeof window !== "undefined" && typeof window.gtag === "function"

/** The page's language, which every event carries (page_language), so marketers can compare the languages. */
let pageLanguage: string | undefined

/**
 * Called on every route change, before the page view is sent (gatsby-plugin-google-gtag sends it two frames
 * later): the tag's own page_view gets the language through `set`, and every event of ours names it too.
 */
export function setTrackingLanguage(language: string) {
  pageLanguage = language
  if (!gtagReady()) return
  try {
    window.gtag?.("set", { page_language: language })
  } catch {
    // tracking never breaks the page
  }
}

/** Sends an event when the tag is present; returns whether it was sent. */
export function trackEvent(name: string, params: TrackingParams = {}): boolean {
  if (!gtagReady()) return false
  try {
    window.gtag?.("event", name, pageLanguage ? { page_language: pageLanguage, ...params } : params)
    return true
  } catch {
    return false
  }
}

export const trackAdsConversion = ({ sendTo, value }: AdsConversion) =>
  sendTo !== "" && trackEvent("conversion", { send_to: sendTo, value, currency: "USD" })
