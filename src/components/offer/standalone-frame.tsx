import type { ReactNode } from "react"
import {
  adsConversionAttributes,
  offerAttributes,
  type AdsConversion,
  type TrackedOffer,
} from "../../lib/tracking-attributes"
import { ToastProvider } from "../ui/toaster"

interface StandaloneFrameProps {
  skipToContent: string
  /** Names the close button of the page's notices. */
  dismissLabel: string
  /** Every phone link inside reports this Ads conversion. */
  conversion: AdsConversion
  /** The page's offer, carried by every phone_call event from inside. */
  offer: TrackedOffer
  header: ReactNode
  footer: ReactNode
  /** Fixed elements drawn after the footer (bottom call bars, dialogs). */
  overlay?: ReactNode
  children: ReactNode
}

/** The offer pages' own frame, without the site's menu: their header, main content and footer. */
export function StandaloneFrame({
  skipToContent,
  dismissLabel,
  conversion,
  offer,
  header,
  footer,
  overlay,
  children,
}: StandaloneFrameProps) {
  return (
    <ToastProvider dismissLabel={dismissLabel}>
      <div className="flex min-h-screen flex-col" {...adsConversionAttributes(conversion)} {...offerAttributes(offer)}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {skipToContent}
        </a>
        {header}
        <main id="main" className="flex-1">
          {children}
        </main>
        {footer}
        {overlay}
      </div>
    </ToastProvider>
  )
}
