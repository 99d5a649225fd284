import type { GatsbyBrowser } from "gatsby"
import "./src/styles/global.css"
import { ATTRIBUTION_KEY } from "./src/lib/attribution/key"
import { hasKeptSubmissions } from "./src/lib/leads/outbox-key"
import { installPhoneCallTracking } from "./src/lib/tracking"

/**
 * Keeps the visit's campaign touch. Every page pays for this check, so it is tiny: the capture code (and the
 * contract's cleaners) loads only when the visit could change what is stored: campaign values in the address,
 * another site's referrer on the first page, or nothing stored yet.
 */
function keepCampaignTouch(firstPage: boolean) {
  try {
    const external = firstPage && document.referrer !== "" && new URL(document.referrer).host !== location.host
    if (!location.search && !external && localStorage.getItem(ATTRIBUTION_KEY)) return
  } catch {
    return // no storage (private mode): nothing to keep
  }
  void import("./src/lib/attribution/attribution-store").then((store) => {
    store.captureCurrentVisit(firstPage)
  })
}

/** Every tel: link on every page reports a phone_call event (when gtag is configured). */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  installPhoneCallTracking()
}

/** Runs on the first page too (prevLocation null); later, document.referrer still names the first page's referrer. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  keepCampaignTouch(!prevLocation)
}

/** Marks the page as interactive (browser tests wait for it), and re-sends submissions this browser kept from a failed send. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true"
  // Only a browser holding kept submissions loads the outbox (and supabase-js) at start-up.
  if (hasKeptSubmissions())
    void import("./src/lib/leads/outbox-runner").then((outbox) => {
      outbox.startOutbox()
    })
}
