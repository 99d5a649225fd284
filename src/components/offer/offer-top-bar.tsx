import { PhoneLink } from "../ui/phone-link"
import { StickyBar, type CallBarProps } from "../ui/sticky-bar"

const CALL_LINK_CLASS =
  "inline-flex shrink-0 items-center gap-2 rounded-lg bg-accent-600 px-4 py-2 font-bold hover:bg-accent-700"

/** Desktop only (md and up): stays at the top while scrolling, with the number, the coupon and the exclusions. */
export function OfferTopBar({ phone, callLabel, couponNote, exclusions }: CallBarProps & { couponNote: string }) {
  return (
    <StickyBar edge="top" placement="offer-top-bar">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-2 text-sm">
        <PhoneLink phone={phone} label={callLabel} number="none" icon="sm" className={CALL_LINK_CLASS} />
        <p className="font-semibold">{couponNote}</p>
        <p className="text-right text-xs text-brand-100">{exclusions}</p>
      </div>
    </StickyBar>
  )
}
