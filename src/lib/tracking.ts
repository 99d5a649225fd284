/**
 * Analytics and ads events through the Google tag. gtag exists only in
 * production builds with an ID configured, so every call is guarded and
 * tracking can never break the page.
 */
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

const gtagReady = () => typeof window !== "undefined" && typeof window.gtag === "function"

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

/** Ads wants phone numbers in E.164; ours are US numbers typed in any format. Anything else is left out. */
export function phoneE164(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, "")
  if (digits.length === 10) return `+1${digits}`
  return digits.length === 11 && digits.startsWith("1") ? `+${digits}` : undefined
}

/** Where an Ads conversion goes ("AW-…/label"; empty: nowhere) and what it is worth in USD. */
export interface AdsConversion {
  sendTo: string
  value: number
}

export const trackAdsConversion = ({ sendTo, value }: AdsConversion) =>
  sendTo !== "" && trackEvent("conversion", { send_to: sendTo, value, currency: "USD" })

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

/** Data attributes that make every phone link inside an element report an Ads conversion. */
export const adsConversionAttributes = ({ sendTo, value }: AdsConversion) =>
  sendTo === "" ? {} : { "data-ads-send-to": sendTo, "data-ads-value": String(value) }

/** The offer a page is about, for its phone_call events. */
export interface TrackedOffer {
  key: string
  name: string
  value: number
}

/** Data attributes that make every phone call from inside an element carry its offer. */
export const offerAttributes = ({ key, name, value }: TrackedOffer) => ({
  "data-offer-key": key,
  "data-offer-name": name,
  "data-offer-value": String(value),
})

/** A click on a tel: link. `placement` says where on the page the link was (header, footer, …). */
export const trackPhoneCall = (phoneNumber: string, placement: string, offer: TrackingParams = {}) =>
  trackEvent("phone_call", {
    phone_number: phoneNumber,
    link_location: placement,
    page_path: typeof window === "undefined" ? undefined : window.location.pathname,
    ...offer,
  })

/** The tel: link a click landed on, if any. */
export function phoneLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null
  const link = target.closest("a[href^='tel:']")
  return link instanceof HTMLAnchorElement ? link : null
}

/**
 * One delegated listener tracks every tel: link on every page, including
 * links added later, without each component having to remember it.
 */
export function installPhoneCallTracking(root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const link = phoneLinkOf(event.target)
    if (!link) return
    const placement = link.closest<HTMLElement>("[data-placement]")?.dataset.placement ?? "page"
    const offer = link.closest<HTMLElement>("[data-offer-key]")?.dataset
    trackPhoneCall(
      link.getAttribute("href")?.slice("tel:".length) ?? "",
      placement,
      offer ? { offer_key: offer.offerKey, offer_name: offer.offerName, value: Number(offer.offerValue) } : {},
    )
    const conversion = link.closest<HTMLElement>("[data-ads-send-to]")?.dataset
    if (conversion?.adsSendTo) trackAdsConversion({ sendTo: conversion.adsSendTo, value: Number(conversion.adsValue) })
  }
  root.addEventListener("click", onClick, { capture: true })
  return () => {
    root.removeEventListener("click", onClick, { capture: true })
  }
}
