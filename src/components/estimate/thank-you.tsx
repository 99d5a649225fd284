import { CircleCheck, Clock } from "../ui/ui-icons"
import { buttonClass } from "../ui/button-class"
import { NextSteps } from "../ui/next-steps"
import type { EstimateWizardTexts } from "../../../gatsby/data-schemas/estimate-wizard"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export type ThankYouTexts = ReadonlyData<EstimateWizardTexts["thankYou"]>

/**
 * Step 8: no progress bar; what happens next; start again. When no function has taken the request yet
 * (`saved`: every call is kept on this device to be sent), it says that instead of "received", and
 * leaves out the next steps, which start only once the request arrives.
 */
export function ThankYou({
  texts,
  saved,
  reference,
  referenceLabel,
  windowsLine,
  onAgain,
  headingId,
}: {
  texts: ThankYouTexts
  saved?: { heading: string; intro: string }
  reference: string
  referenceLabel: string
  /** "You asked for: …": the arrival windows sent, or null when none were picked. */
  windowsLine?: string | null
  onAgain: () => void
  headingId: string
}) {
  const Icon = saved ? Clock : CircleCheck
  return (
    <div className="text-center">
      <Icon className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
      <h2 id={headingId} tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none">
        {saved?.heading ?? texts.heading}
      </h2>
      <p className="mt-2 text-slate-700">{saved?.intro ?? texts.intro}</p>
      {reference && (
        <p className="mt-2 text-slate-800">
          {referenceLabel} <strong>{reference}</strong>
        </p>
      )}
      {windowsLine && <p className="mt-2 text-slate-800">{windowsLine}</p>}
      {!saved && <NextSteps heading={texts.nextHeading} steps={texts.nextSteps} />}
      <button type="button" className={`${buttonClass("outline")} mt-6`} onClick={onAgain}>
        {texts.againLabel}
      </button>
    </div>
  )
}
