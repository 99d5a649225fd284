/**
 * What a click on a tel: link reports: a phone_call event (with the page's offer, when it has one) and
 * the section's Ads conversion. Loaded on the first phone click (see phone-clicks.ts), so no page
 * carries it; apart from tracking.ts, whose other helpers the pages import one by one.
 */
import { trackAdsConversion, trackEvent, type TrackingParams } from "./tracking"

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

/** Reports a click that landed on a tel: link (and its Ads conversion, when the link's section has one). */
export function reportPhoneClick(target: EventTarget | null) {
  const link = phoneLinkOf(target)
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
