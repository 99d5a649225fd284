import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { PhoneLink } from "../ui/phone-link"
import { buttonClass } from "../ui/button-class"
import { CountdownTimer } from "./countdown-timer"
import type { HeroTexts, PhoneNumber } from "./types"

const CALL_LINK_CLASS =
  "inline-flex items-center gap-2 rounded-lg border border-white/60 px-5 py-3 font-semibold hover:bg-white/10"

/** The top of the page: the offer, its price against the regular value, the spots left and the countdown. */
export function OfferHero({
  texts,
  phone,
  bookingAnchor,
}: {
  texts: HeroTexts
  phone: PhoneNumber
  bookingAnchor: string
}) {
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white" data-placement="hero">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
        <p className="inline-block rounded-full bg-white/10 px-4 py-1 text-sm font-semibold uppercase tracking-wide">
          {texts.eyebrow}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">{texts.heading}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{texts.intro}</p>
        <div className="mt-8 flex flex-wrap items-end justify-center gap-x-6 gap-y-2">
          <p className="text-6xl font-extrabold text-amber-300">{texts.price}</p>
          <div className="text-left">
            <p className="text-lg line-through decoration-2">{texts.regularValue}</p>
            <p className="inline-block rounded bg-amber-300 px-2 py-0.5 font-bold text-slate-900">{texts.saving}</p>
          </div>
        </div>
        <p className="mt-6 font-semibold text-amber-200">{texts.spotsRemaining}</p>
        <div className="mt-3">
          <CountdownTimer label={texts.countdownLabel} start={texts.countdownStart} />
        </div>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href={`#${bookingAnchor}`} className={`${buttonClass("primary")} text-lg`}>
            {texts.bookLabel}
          </a>
          <PhoneLink
            phone={phone}
            label={fill(texts.callLabel, { phone: phone.display })}
            number="none"
            icon="md"
            className={CALL_LINK_CLASS}
          />
        </div>
      </div>
    </section>
  )
}
