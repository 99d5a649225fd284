import { CircleCheck } from "../ui/ui-icons"
import { useEffect, useRef } from "react"
import type { HoursLine } from "../../lib/hours"
import { PhoneLink } from "../ui/phone-link"
import { ClosedToday, type HolidayProps } from "../ui/holiday-notices"
import { HoursList } from "../ui/hours-list"

const CALL_LINK_CLASS =
  "mt-6 inline-flex items-center justify-center gap-3 rounded-xl bg-accent-600 px-6 py-4 text-xl font-extrabold text-white shadow-lg hover:bg-accent-700"

interface OfferThankYouProps {
  heading: string
  text: string
  /** "You asked for: …": the arrival windows sent, or null when none were picked. */
  windowsLine?: string | null
  /** The backend's note when the City is outside the offer's town (in the visitor's language), or null. */
  outsideOffer?: string | null
  hoursHeading: string
  hours: readonly HoursLine[]
  /** On a holiday the caller learns the office is closed today. */
  holidays: HolidayProps
  emergencyText: string
  phone: { display: string; e164: string }
  callLabel: string
}

/** What replaces the whole offer page once a callback is requested; there is no way back to the form. */
export function OfferThankYou({
  heading,
  text,
  windowsLine,
  outsideOffer,
  hoursHeading,
  hours,
  holidays,
  emergencyText,
  phone,
  callLabel,
}: OfferThankYouProps) {
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    window.scrollTo({ top: 0 })
    title.current?.focus()
  }, [])
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-placement="offer-thank-you">
      <CircleCheck className="mx-auto h-16 w-16 text-brand-700" aria-hidden="true" />
      <h1 ref={title} tabIndex={-1} className="mt-4 text-4xl font-extrabold text-brand-900 focus:outline-none">
        {heading}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      {windowsLine && <p className="mt-2 text-slate-800">{windowsLine}</p>}
      {outsideOffer && <p className="mt-2 font-semibold text-slate-800">{outsideOffer}</p>}
      <div className="mx-auto mt-6 inline-block rounded-xl bg-slate-50 p-5 text-left text-sm text-slate-700">
        <h2 className="mb-2 font-semibold text-slate-900">{hoursHeading}</h2>
        <HoursList hours={hours} />
        <ClosedToday {...holidays} className="mt-2 font-semibold text-accent-700" />
      </div>
      <p className="mt-8 text-slate-700">
        {emergencyText} <PhoneLink phone={phone} className="font-bold text-brand-800 underline" />
      </p>
      <PhoneLink phone={phone} label={callLabel} number="none" icon="lg" className={CALL_LINK_CLASS} />
    </section>
  )
}
