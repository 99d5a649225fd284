import { useCallback, useState } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { Deferred } from "../forms/deferred"
import { Section } from "../ui/section"
import { Testimonials } from "../ui/testimonials"
import { TrustBadges } from "../ui/trust-badges"
import type { Booked, BookingFormProps } from "./booking-form"
import { BookingFormShell } from "./booking-form-shell"
import { Credentials } from "./credentials"
import { ExitIntentPopup } from "./exit-intent-popup"
import { FeaturedTestimonial } from "./featured-testimonial"
import { OfferDetails } from "./offer-details"
import { OfferHero } from "./offer-hero"
import { StickyCallButton } from "./sticky-call-button"
import { ThankYouView } from "./thank-you-view"
import type { CompanyFacts, ScarsdaleOfferContent } from "./types"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"

// The form (with Formik) loads after the page; the shell is what the build prerenders.
const loadBookingForm = () => import("./booking-form").then((m) => m.BookingForm)

const BOOKING_ANCHOR = "booking"
const THANK_YOU_HEADING = "booking-thank-you"

export interface ScarsdaleOfferPageProps {
  content: ScarsdaleOfferContent
  /** The booking form's arrival-window picker (data/arrival-windows.yaml). */
  windowTexts: WindowTexts
  company: CompanyFacts
  /** Where the Ads conversion of a booking goes ("AW-…/label"; empty: nowhere). */
  adsConversionTarget: string
  /** The backend call, replaceable in tests. */
  call?: BookingFormProps["call"]
}

/**
 * The thank-you's words for what became of the booking's window: booked, with the window held, only when a
 * visit is held; else the price reserved, the window just taken or the time chosen on the call.
 */
const thankYouTexts = (texts: ScarsdaleOfferContent["thankYou"], { reference, hold, window }: Booked) => {
  const text = fill(texts.text, { reference })
  if (hold.state === "held")
    return { ...texts, text: `${text} ${fill(texts.heldLine, { window })}`, nextSteps: texts.heldNextSteps }
  const line = hold.state === "taken" ? texts.takenLine : texts.callLine
  return { ...texts, heading: texts.callHeading, text: `${text} ${line}` }
}

/** The $49 Scarsdale landing page: the offer, the booking form or its thank-you view, and the reasons to trust us. */
export function ScarsdaleOfferPage({
  content,
  windowTexts,
  company,
  adsConversionTarget,
  call,
}: ScarsdaleOfferPageProps) {
  // The accepted booking (its reference, what became of its window): the thank-you view shows it; null until then.
  const [submitted, setSubmitted] = useState<Booked | null>(null)
  const { phone } = company
  const facts = { phone: phone.display, yearsLabel: company.yearsLabel, foundedYear: String(company.foundedYear) }
  const onBooked = useCallback((booked: Booked) => setSubmitted(booked), [])
  const conversion = { sendTo: adsConversionTarget, value: content.booking.conversionValue }

  return (
    <>
      <OfferHero texts={content.hero} phone={phone} bookingAnchor={BOOKING_ANCHOR} />
      <FeaturedTestimonial testimonial={content.featuredTestimonial} />
      <OfferDetails included={content.included} disclaimer={content.disclaimer} />
      <section
        id={BOOKING_ANCHOR}
        className="scroll-mt-4 bg-slate-50 px-4 py-12"
        aria-labelledby={submitted !== null ? THANK_YOU_HEADING : "booking-heading"}
      >
        <div className="mx-auto max-w-2xl">
          {submitted !== null ? (
            <ThankYouView
              texts={thankYouTexts(content.thankYou, submitted)}
              phone={phone}
              headingId={THANK_YOU_HEADING}
              windowsLine={submitted.hold.state === "held" ? null : submitted.windowsLine}
              outsideOffer={submitted.outsideOffer}
            />
          ) : (
            <>
              <h2 id="booking-heading" className="text-2xl font-bold text-brand-900 sm:text-3xl">
                {content.form.heading}
              </h2>
              <p className="mb-6 mt-2 text-slate-700">{content.form.intro}</p>
              <Deferred
                load={loadBookingForm}
                props={{
                  texts: content.form,
                  windowTexts,
                  booking: content.booking,
                  phone,
                  conversion,
                  onBooked,
                  call,
                }}
                placeholder={<BookingFormShell texts={content.form} />}
              />
            </>
          )}
        </div>
      </section>
      <TrustBadges
        badges={content.trustBadges.map((badge) => ({ ...badge, label: fill(badge.label, facts) }))}
        className="mx-auto max-w-6xl px-4 py-10"
      />
      <Section heading={content.testimonials.heading} id="offer-testimonials" tinted>
        <Testimonials items={content.testimonials.items} />
      </Section>
      <Credentials texts={content.credentials} company={company} />
      <StickyCallButton label={fill(content.stickyCall.label, facts)} phone={phone} />
      <ExitIntentPopup texts={content.exitIntent} phone={phone} armed={submitted === null} />
    </>
  )
}
