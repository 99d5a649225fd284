import { CircleCheck } from "../ui/ui-icons"
import { buttonClass } from "../ui/button-class"
import { NextSteps } from "../ui/next-steps"

export interface ThankYouTexts {
  readonly heading: string
  readonly intro: string
  readonly nextHeading: string
  readonly nextSteps: readonly string[]
  readonly againLabel: string
}

/** Step 8: no progress bar; what happens next; start again. */
export function ThankYou({
  texts,
  reference,
  referenceLabel,
  onAgain,
  headingId,
}: {
  texts: ThankYouTexts
  reference: string
  referenceLabel: string
  onAgain: () => void
  headingId: string
}) {
  return (
    <div className="text-center">
      <CircleCheck className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
      <h2 id={headingId} tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none">
        {texts.heading}
      </h2>
      <p className="mt-2 text-slate-700">{texts.intro}</p>
      {reference && (
        <p className="mt-2 text-slate-800">
          {referenceLabel} <strong>{reference}</strong>
        </p>
      )}
      <NextSteps heading={texts.nextHeading} steps={texts.nextSteps} />
      <button type="button" className={`${buttonClass("outline")} mt-6`} onClick={onAgain}>
        {texts.againLabel}
      </button>
    </div>
  )
}
