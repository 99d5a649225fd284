import { ClosureInPlace } from "../ui/closure-in-place"
import type { HolidayProps } from "../ui/holiday-notices"
import { PhoneLink } from "../ui/phone-link"
import { LanguageSwitch } from "./language-switch"

const CALL_LINK_CLASS = "inline-flex min-h-6 items-center gap-1 font-bold underline underline-offset-2"

interface TopBannerProps {
  message: string
  phone: { display: string; e164: string }
  holidays: HolidayProps
}

/**
 * The same-day service message, the phone number and the language switch, above the navigation. On a closed date it says so
 * instead (no same-day promise on Thanksgiving), once the browser knows the date.
 */
export function TopBanner({ message, phone, holidays }: TopBannerProps) {
  return (
    <div className="bg-brand-900 text-white text-sm" data-placement="top-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-center">
        <ClosureInPlace holidays={holidays} className="font-medium">
          {message}
        </ClosureInPlace>
        <PhoneLink phone={phone} icon="sm" className={CALL_LINK_CLASS} />
        <LanguageSwitch className={CALL_LINK_CLASS} />
      </div>
    </div>
  )
}
