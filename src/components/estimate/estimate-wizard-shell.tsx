import { buttonClass } from "../ui/button-class"
import { PropertyTypeChoices } from "./property-type-choices"
import type { WizardOptions, WizardTexts } from "./types"
import { CallPrompt, WizardProgress } from "./wizard-frame"

/** Step 1 as the page is first drawn, disabled until the live wizard (and Formik) has loaded. */
export function EstimateWizardShell({
  texts,
  options,
  phone,
}: {
  texts: WizardTexts
  options: WizardOptions
  phone: { display: string; e164: string }
}) {
  return (
    <form className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-busy="true">
      <WizardProgress texts={texts} step={1} />
      <fieldset disabled>
        <legend className="text-2xl font-bold text-brand-900">{texts.stepTitles[0]}</legend>
        <PropertyTypeChoices types={options.propertyTypes} />
        <div className="mt-8 flex items-center justify-between gap-3">
          <button type="button" className={`${buttonClass("outline")} disabled:opacity-50`}>
            {texts.previousLabel}
          </button>
          <button type="button" className={`${buttonClass("secondary")} disabled:opacity-50`}>
            {texts.nextLabel}
          </button>
        </div>
      </fieldset>
      <CallPrompt texts={texts} phone={phone} />
    </form>
  )
}
