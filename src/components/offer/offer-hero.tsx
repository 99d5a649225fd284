import type { IGatsbyImageData } from "gatsby-plugin-image"
import { PhoneLink } from "../ui/phone-link"
import { LanguageSwitch } from "../layout/language-switch"
import { Logo } from "../layout/logo"
import { ResponsiveImage } from "../ui/responsive-image"
import { TrustBadges, type LabelledIcon } from "../ui/trust-badges"
import type { HeroPicture } from "./types"

const CALL_LINK_CLASS =
  "mt-8 flex w-full items-center justify-center gap-3 rounded-xl bg-accent-600 px-4 py-4 text-lg font-extrabold text-white shadow-lg hover:bg-accent-700 sm:w-auto sm:px-6 sm:text-2xl"

interface OfferHeroProps {
  companyName: string
  logo?: IGatsbyImageData | null
  heading: string
  tagline: string
  priceLabel: string
  badges: readonly LabelledIcon[]
  phone: { e164: string }
  callLabel: string
  couponNote: string
  picture: HeroPicture | null
}

/** The top of an offer page: brand, the offer as the page's h1, badges, the big call button and the hero picture. */
export function OfferHero({
  companyName,
  logo,
  heading,
  tagline,
  priceLabel,
  badges,
  phone,
  callLabel,
  couponNote,
  picture,
}: OfferHeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white" data-placement="offer-hero">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-8 md:grid-cols-2 md:py-14">
        <div>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Logo name={companyName} image={logo} />
            <LanguageSwitch className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline" />
          </div>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{heading}</h1>
          <p className="mt-4 text-lg text-slate-700">{tagline}</p>
          <p className="mt-4 inline-block rounded-lg bg-amber-100 px-3 py-1 text-xl font-extrabold text-amber-900">
            {priceLabel}
          </p>
          <TrustBadges badges={badges} size="sm" className="mt-6" />
          <PhoneLink phone={phone} label={callLabel} number="none" icon="lg" className={CALL_LINK_CLASS} />
          <p className="mt-2 text-sm text-slate-600">{couponNote}</p>
        </div>
        {picture && (
          <ResponsiveImage image={picture.image} alt={picture.alt} eager className="w-full rounded-2xl shadow-xl" />
        )}
      </div>
    </section>
  )
}
