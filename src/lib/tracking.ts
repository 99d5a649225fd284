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
    }
  }
}

export const gtagReady = () => typeof window !== "undefined" && typeof window.gtag === "function"

/** Sends an event when the tag is present; returns whether it was sent. */
export function trackEvent(name: string, params: TrackingParams = {}): boolean {
  if (!gtagReady()) return false
  try {
    window.gtag?.("event", name, params)
    return true
  } catch {
    return false
  }
}

export const trackAdsConversion = ({ sendTo, value }: AdsConversion) =>
  sendTo !== "" && trackEvent("conversion", { send_to: sendTo, value, currency: "USD" })
