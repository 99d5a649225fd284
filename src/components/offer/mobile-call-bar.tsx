import { PhoneLink } from "../ui/phone-link"
import { StickyBar, type CallBarProps } from "../ui/sticky-bar"

const CALL_LINK_CLASS =
  "mt-2 flex items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-3 font-bold hover:bg-accent-700"

/**
 * Mobile only (below md): stuck to the bottom of the screen, one tap from a call. Sticky after the
 * footer, not fixed: it keeps its own place at the end of the page, so however its text wraps it never
 * covers the footer's last lines.
 */
export function MobileCallBar({ phone, callLabel, callText, exclusions }: CallBarProps & { callText: string }) {
  return (
    <StickyBar edge="bottom" placement="offer-mobile-bar">
      <p className="text-xs text-brand-100">{exclusions}</p>
      <p className="mt-0.5 text-sm font-semibold">{callText}</p>
      <PhoneLink phone={phone} label={callLabel} number="none" icon="md" className={CALL_LINK_CLASS} />
    </StickyBar>
  )
}
