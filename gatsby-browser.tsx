import type { GatsbyBrowser } from "gatsby"
import "./src/styles/global.css"
import { hasKeptSubmissions } from "./src/lib/leads/outbox-key"
import { installPhoneCallTracking } from "./src/lib/phone-clicks"

/** Every tel: link on every page reports a phone_call event (when gtag is configured). */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  installPhoneCallTracking()
}

/** Runs on the first page too (prevLocation null); later, document.referrer still names the first page's referrer. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  // Loaded after the page, so no page's first-load JavaScript carries it.
  void import("./src/lib/attribution/keep-campaign-touch").then((touch) => {
    touch.keepCampaignTouch(!prevLocation)
  })
}

/**
 * The lead service worker (src/service-worker/lead-sync.ts), where the browser has Background Sync: it
 * sends a lead kept offline even after the tab is closed. Registered once the page is idle after
 * hydration, so the first load neither fetches nor runs it; a few bytes of this check are all it costs.
 */
function registerLeadSync() {
  if (!("serviceWorker" in navigator && "SyncManager" in window)) return
  const register = () =>
    void import("./src/lib/leads/lead-sync-client").then((sync) =>
      sync.registerLeadSync().catch((error: unknown) => {
        console.error("[outbox] the lead service worker could not be registered", error)
      }),
    )
  if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 5_000 })
  else setTimeout(register, 2_000)
}

/** Marks the page as interactive (browser tests wait for it), and re-sends submissions this browser kept from a failed send. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true"
  registerLeadSync()
  // Only a browser holding kept submissions loads the outbox (and supabase-js) at start-up.
  if (hasKeptSubmissions())
    void import("./src/lib/leads/outbox-runner").then((outbox) => {
      outbox.startOutbox()
    })
}
