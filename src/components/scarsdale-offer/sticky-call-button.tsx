import { Phone } from "../ui/ui-icons"
import { telHref } from "../../lib/phone"
import type { PhoneNumber } from "./types"

/**
 * A call button stuck to the bottom of small screens only (below md). Sticky, not fixed: it keeps its own
 * place at the end of the page's content, so however tall it is it never covers text there.
 */
export function StickyCallButton({ label, phone }: { label: string; phone: PhoneNumber }) {
  return (
    <div
      className="sticky bottom-0 z-40 border-t border-slate-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden"
      data-placement="sticky-call"
    >
      <a
        href={telHref(phone.e164)}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-accent-600 px-5 py-3 text-lg font-bold text-white"
      >
        <Phone className="h-5 w-5" aria-hidden="true" />
        {label}
      </a>
    </div>
  )
}
