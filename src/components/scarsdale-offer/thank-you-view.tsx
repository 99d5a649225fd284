import { CircleCheck } from "../ui/ui-icons"
import { useEffect, useRef } from "react"
import { PhoneLink } from "../ui/phone-link"
import type { PhoneNumber, ThankYouTexts } from "./types"
import { NextSteps } from "../ui/next-steps"

const CALL_LINK_CLASS = "inline-flex items-center gap-1 font-bold text-brand-800 underline underline-offset-2"

/** Shown in place of the form once the visit is booked: what happens next and the emergency number. */
export function ThankYouView({
  texts,
  phone,
  headingId,
  windowsLine,
  outsideOffer,
}: {
  texts: ThankYouTexts
  phone: PhoneNumber
  headingId: string
  /** "You asked for: …": the arrival windows sent, or null when none were picked. */
  windowsLine?: string | null
  /** The backend's note when the address is outside the offer's towns (in the visitor's language), or null. */
  outsideOffer?: string | null
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the visitor was in is gone; move focus (and screen readers) to what replaced it.
  useEffect(() => heading.current?.focus(), [])
  return (
    <div
      className="rounded-xl border border-brand-100 bg-white p-6 text-center shadow-sm sm:p-8"
      data-placement="thank-you"
    >
      <CircleCheck className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
      <h2
        ref={heading}
        id={headingId}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none"
      >
        {texts.heading}
      </h2>
      <p className="mt-2 text-slate-700">{texts.text}</p>
      {windowsLine && <p className="mt-2 text-slate-800">{windowsLine}</p>}
      {outsideOffer && <p className="mt-2 font-semibold text-slate-800">{outsideOffer}</p>}
      <NextSteps heading={texts.nextHeading} steps={texts.nextSteps} />
      <p className="mt-6 text-slate-800">
        {texts.emergencyText} <PhoneLink phone={phone} icon="sm" className={CALL_LINK_CLASS} />
      </p>
    </div>
  )
}
