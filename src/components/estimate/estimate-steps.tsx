import { useFormikContext } from "formik"
import { formatAddress } from "../../../supabase/functions/_shared/kernel/address.ts"
import { Check } from "../ui/ui-icons"
import type { EstimateAnswers } from "../../lib/estimate-wizard"
import { ConsentNotice } from "../forms/consent-notice"
import { RequestFields } from "../forms/request-fields"
import { SmsConsentField } from "../forms/sms-consent-field"
import { TextField } from "../forms/text-field"
import { WindowPicker } from "../forms/window-picker"
import { calendarIn, type CalendarState } from "../../lib/arrival-windows/use-arrival-calendar"
import { chosenLabels, offeredChoice } from "../../lib/arrival-windows/window-labels"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"
import { ChoiceCard } from "./choice-card"
import { PropertyTypeChoices } from "./property-type-choices"
import { SpecialTreatmentWarning } from "./special-treatment-warning"
import type { WizardOptions, WizardPlan, WizardTexts } from "./types"
import { useLanguage, type Language } from "../../lib/i18n/language"

interface StepsProps {
  step: number
  texts: WizardTexts
  options: WizardOptions
  plans: readonly WizardPlan[]
  sameDayAvailable: boolean
  /** The chosen pests that need special treatment. */
  special: readonly string[]
  /** Step 5's arrival-window picker: its texts and the calendar. */
  windows: { texts: WindowTexts; state: CalendarState }
}

/** A yes/no extra of step 5 (same-day service, quick knock-down) as a checkbox card with its price note. */
function ExtraChoice({
  name,
  option,
  hint,
}: {
  name: "sameDayService" | "quickKnock"
  option: { label: string; priceNote: string }
  hint: string
}) {
  const { values, setFieldValue } = useFormikContext<EstimateAnswers>()
  return (
    <ChoiceCard
      type="checkbox"
      name={name}
      value="yes"
      checked={values[name]}
      onChange={() => {
        void setFieldValue(name, !values[name])
      }}
      title={`${option.label} (${option.priceNote})`}
      details={hint}
    />
  )
}

/** Step 7's windows row: the windows that will be sent, or "Call me to schedule". */
function reviewedWindows({ texts, state }: StepsProps["windows"], ids: readonly string[], language: Language): string {
  const calendar = calendarIn(state)
  const labels = chosenLabels(calendar, offeredChoice(calendar, ids), texts.windowLabel, language)
  return labels.length > 0 ? labels.join("; ") : texts.callMeLabel
}

/** The content of the current step. */
export function EstimateSteps({ step, texts, options, plans, sameDayAvailable, special, windows }: StepsProps) {
  const { values, setFieldValue } = useFormikContext<EstimateAnswers>()
  const language = useLanguage()
  const set = (field: keyof EstimateAnswers, value: unknown) => void setFieldValue(field, value)
  const warning = <SpecialTreatmentWarning pests={special} title={texts.warningTitle} text={texts.warningText} />

  switch (step) {
    case 1:
      return (
        <PropertyTypeChoices
          types={options.propertyTypes}
          selected={values.propertyType}
          onSelect={(id) => {
            set("propertyType", id)
          }}
        />
      )
    case 2:
      return (
        <div className="mt-5 grid gap-3 md:grid-cols-2">
          {options.servicePlans.map((option) => {
            const plan = plans.find((p) => p.id === option.id)
            return (
              <ChoiceCard
                key={option.id}
                type="radio"
                name="servicePlan"
                value={option.id}
                checked={values.servicePlan === option.id}
                onChange={() => {
                  set("servicePlan", option.id)
                }}
                title={<span className="text-lg">{option.name}</span>}
                details={
                  <>
                    <span className="inline-block rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-bold text-white">
                      {option.badge}
                    </span>
                    {plan && <span className="mt-1 block">{plan.tagline}</span>}
                    {plan && (
                      <span className="mt-2 block space-y-1">
                        {plan.features.slice(0, 3).map((feature) => (
                          <span key={feature} className="flex gap-2">
                            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                            {feature}
                          </span>
                        ))}
                      </span>
                    )}
                  </>
                }
              />
            )
          })}
        </div>
      )
    case 3:
      return (
        <>
          <p className="mt-2 text-slate-700">{texts.pestsHint}</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {options.pests.map((pest) => {
              const checked = values.pests.includes(pest)
              return (
                <ChoiceCard
                  key={pest}
                  type="checkbox"
                  name="pests"
                  value={pest}
                  checked={checked}
                  onChange={() => {
                    set("pests", checked ? values.pests.filter((p) => p !== pest) : [...values.pests, pest])
                  }}
                  title={options.pestLabels[pest] ?? pest}
                />
              )
            })}
          </div>
          {warning}
        </>
      )
    case 4:
      return (
        <>
          <p className="mt-2 text-slate-700">{texts.additionalPestsLabel}</p>
          <div className="mt-4 grid gap-3 sm:grid-cols-3">
            {options.additionalPests.map((option) => (
              <ChoiceCard
                key={option.value}
                type="radio"
                name="additionalPests"
                value={String(option.value)}
                checked={values.additionalPests === option.value}
                onChange={() => {
                  set("additionalPests", option.value)
                }}
                title={option.label}
              />
            ))}
          </div>
        </>
      )
    case 5:
      return (
        <div className="mt-5 grid gap-3">
          {sameDayAvailable ? (
            <ExtraChoice name="sameDayService" option={options.sameDay} hint={texts.sameDayHint} />
          ) : (
            <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{texts.sameDayUnavailable}</p>
          )}
          <ExtraChoice name="quickKnock" option={options.quickKnock} hint={texts.quickKnockHint} />
          <div className="mt-3">
            <WindowPicker texts={windows.texts} state={windows.state} />
          </div>
        </div>
      )
    case 6:
      return (
        <div className="mt-5 space-y-4">
          <p className="text-sm text-slate-600">{texts.requiredNote}</p>
          <RequestFields fields={texts.contactStep.fields} Field={TextField} />
          <SmsConsentField />
        </div>
      )
    default: {
      const labels = texts.reviewLabels
      const yesNo = (value: boolean, note: string) => (value ? `${texts.yesLabel} (${note})` : texts.noLabel)
      const rows: Array<[string, string]> = [
        [labels.propertyType, options.propertyTypes.find((p) => p.id === values.propertyType)?.label ?? ""],
        [labels.servicePlan, options.servicePlans.find((p) => p.id === values.servicePlan)?.name ?? ""],
        [labels.pests, values.pests.map((pest) => options.pestLabels[pest] ?? pest).join(", ")],
        [labels.additionalPests, options.additionalPests.find((a) => a.value === values.additionalPests)?.label ?? ""],
        [labels.sameDayService, yesNo(sameDayAvailable && values.sameDayService, options.sameDay.priceNote)],
        [labels.quickKnock, yesNo(values.quickKnock, options.quickKnock.priceNote)],
        [windows.texts.reviewLabel, reviewedWindows(windows, values.preferredWindows, language)],
        [labels.contact, `${values.fullName} · ${values.phone} · ${values.email}`],
        [
          labels.address,
          formatAddress({ street: values.streetAddress, city: values.city, state: values.state, zip: values.zipCode }),
        ],
      ]
      return (
        <>
          <dl className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
                <dt className="font-semibold text-slate-800">{label}</dt>
                <dd className="text-slate-700 sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
          {warning}
          <div className="mt-5">
            <ConsentNotice />
          </div>
        </>
      )
    }
  }
}
