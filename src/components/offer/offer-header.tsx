import type { IGatsbyImageData } from "gatsby-plugin-image"
import { PhoneLink } from "../ui/phone-link"
import { LanguageSwitch } from "../layout/language-switch"
import { Logo } from "../layout/logo"

const CALL_LINK_CLASS =
  "inline-flex items-center gap-2 whitespace-nowrap rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"

interface OfferHeaderProps {
  companyName: string
  logo?: IGatsbyImageData | null
  phone: { display: string; e164: string }
}

/** The brand, the language switch and the phone number, for offer pages that have no site menu. */
export function OfferHeader({ companyName, logo, phone }: OfferHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-white" data-placement="offer-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Logo name={companyName} image={logo} />
        <div className="flex items-center gap-4">
          <LanguageSwitch className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline" />
          <PhoneLink phone={phone} icon="sm" className={CALL_LINK_CLASS} />
        </div>
      </div>
    </header>
  )
}
