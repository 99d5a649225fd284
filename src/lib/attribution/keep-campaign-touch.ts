import { ATTRIBUTION_KEY } from "./key"

/**
 * Keeps the visit's campaign touch. Loaded after every page (see gatsby-browser.tsx), so it is tiny: the
 * capture code (and the contract's cleaners) loads only when the visit could change what is stored:
 * campaign values in the address, another site's referrer on the first page, or nothing stored yet.
 */
export function keepCampaignTouch(firstPage: boolean) {
  try {
    const external = firstPage && document.referrer !== "" && new URL(document.referrer).host !== location.host
    if (!location.search && !external && localStorage.getItem(ATTRIBUTION_KEY)) return
  } catch {
    return // no storage (private mode): nothing to keep
  }
  void import("./attribution-record").then((store) => {
    store.captureCurrentVisit(firstPage)
  })
}
