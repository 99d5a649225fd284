import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { TOTAL_STEPS, percentComplete } from "../../lib/estimate-wizard"
import { PhoneLink } from "../ui/phone-link"
import type { WizardTexts } from "./types"

const CALL_LINK_CLASS = "inline-flex items-center gap-1 font-semibold text-brand-800 underline"

/** "Step N of 7", the percent complete and the bar. */
export function WizardProgress({ texts, step }: { texts: WizardTexts; step: number }) {
  const percent = percentComplete(step)
  const label = fill(texts.progress, { step: String(step), total: String(TOTAL_STEPS) })
  return (
    <div className="mb-6">
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span>{fill(texts.percentComplete, { percent: String(percent) })}</span>
      </div>
      <div
        className="mt-2 h-2 rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-2 rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** The call-us line under the wizard. */
export function CallPrompt({ texts, phone }: { texts: WizardTexts; phone: { display: string; e164: string } }) {
  return (
    <p className="mt-6 text-center text-slate-700" data-placement="estimate-wizard">
      {texts.callPrompt} <PhoneLink phone={phone} label={texts.callLabel} icon="sm" className={CALL_LINK_CLASS} />
    </p>
  )
}
