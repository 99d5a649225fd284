/**
 * Analytics and ads events through the Google tag. gtag exists only in
 * production builds with an ID configured, so every call is guarded and
 * tracking can never break the page.
 */
export type TrackingParams = Record<string, string | number | boolean | undefined>

declare global {
  interface Window {
    gtag?: (command: "event", name: string, params?: TrackingParams) => void
  }
}

/** Sends an event when the tag is present; returns whether it was sent. */
export function trackEvent(name: string, params: TrackingParams = {}): boolean {
  if (typeof window === "undefined" || typeof window.gtag !== "function") return false
  try {
    window.gtag("event", name, params)
    return true
  } catch {
    return false
  }
}

/** A click on a tel: link. `placement` says where on the page the link was (header, footer, …). */
export const trackPhoneCall = (phoneNumber: string, placement: string) =>
  trackEvent("phone_call", {
    phone_number: phoneNumber,
    link_location: placement,
    page_path: typeof window === "undefined" ? undefined : window.location.pathname,
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
    trackPhoneCall(link.getAttribute("href")?.slice("tel:".length) ?? "", placement)
  }
  root.addEventListener("click", onClick, { capture: true })
  return () => root.removeEventListener("click", onClick, { capture: true })
}
