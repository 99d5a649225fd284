import { PhoneLink } from "../ui/phone-link"

const CALL_LINK_CLASS = "inline-flex min-h-6 items-center gap-1 font-bold underline underline-offset-2"

interface TopBannerProps {
  message: string
  phone: { display: string; e164: string }
}

/** The same-day service message and the phone number, above the navigation. */
export function TopBanner({ message, phone }: TopBannerProps) {
  return (
    <div className="bg-brand-900 text-white text-sm" data-placement="top-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-center">
        <p className="font-medium">{message}</p>
        <PhoneLink phone={phone} icon="sm" className={CALL_LINK_CLASS} />
      </div>
    </div>
  )
}
