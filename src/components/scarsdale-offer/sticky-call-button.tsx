import { PhoneLink } from "../ui/phone-link"
import type { PhoneNumber } from "./types"

const CALL_LINK_CLASS =
  "flex w-full items-center justify-center gap-2 rounded-lg bg-accent-600 px-5 py-3 text-lg font-bold text-white"

/** A call button fixed to the bottom of small screens only (below md); the offer footer leaves room for it. */
export function StickyCallButton({ label, phone }: { label: string; phone: PhoneNumber }) {
  return (
    <div
      className="sticky bottom-0 z-40 border-t border-slate-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden"
      data-placement="sticky-call"
    >
      <PhoneLink phone={phone} label={label} number="none" icon="md" className={CALL_LINK_CLASS} />
    </div>
  )
}
