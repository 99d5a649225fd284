import { Form, Formik, useFormikContext } from "formik"
import { useEffect, useRef, useState } from "react"
import {
  emptyAnswers,
  THANK_YOU_STEP,
  TOTAL_STEPS,
  contactFieldsOf,
  contactStepSchema,
  isStepValid,
  stillNeeded,
  nextStep,
  previousStep,
  referenceNumber,
  specialPestsIn,
  type EstimateAnswers,
} from "../../lib/estimate-wizard"
import { isSameDayAvailable, type BusinessSchedule } from "../../lib/zoned-clock"
import { calendarIn, useArrivalCalendar } from "../../lib/arrival-windows/use-arrival-calendar"
import { chosenLabels, offeredChoice, thankYouLine } from "../../lib/arrival-windows/window-labels"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"
import { errorsFrom, loadContract, type Contract } from "../../lib/leads/contract-loader"
import {
  estimateLead,
  submitEstimate,
  successNotice,
  type EstimateLead,
  type EstimateOutcome,
} from "../../lib/leads/submit-estimate"
import { useFieldErrorTexts, useLeadTexts } from "../../lib/leads/lead-texts"
import type { FieldErrorTexts } from "../../../supabase/functions/_shared/kernel/field-errors.ts"
import { withPhone } from "../../lib/leads/notices"
import { useLeadForm, type SendLead } from "../../lib/leads/use-lead-form"
import { trackEvent } from "../../lib/tracking"
import { useTurnstile } from "../../lib/turnstile/use-turnstile"
import { Honeypot } from "../forms/honeypot"
import { TurnstileField } from "../forms/turnstile-field"
import { buttonClass } from "../ui/button-class"
import { useToast } from "../ui/toast-item"
import { EstimateSteps } from "./estimate-steps"
import { estimateUserData } from "./estimate-user-data"
import { ThankYou } from "./thank-you"
import type { WizardOptions, WizardPlan, WizardTexts } from "./types"
import { CallPrompt, WizardProgress } from "./wizard-frame"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { useLanguage } from "../../lib/i18n/language"

export const STORAGE_KEY = "estimate-wizard"
export const STEP_HEADING_ID = "estimate-step-heading"

export interface EstimateWizardProps {
  texts: WizardTexts
  /** Step 5's arrival-window picker (data/arrival-windows.yaml). */
  windowTexts: WindowTexts
  options: WizardOptions
  plans: readonly WizardPlan[]
  phone: { display: string; e164: string }
  sameDayRule: { cutoffHour: number; days: readonly string[] }
  /** The hours, closed dates and time zone: no same-day offer on a holiday. */
  schedule: BusinessSchedule
  call?: SendLead
  /** For tests: the moment "now" is, for the same-day rule. */
  now?: () => Date
}

type Values = EstimateAnswers & { website: string; smsConsent: boolean }
/** Nothing answered: step 6's fields by the names its data gives them, the honeypot and the SMS opt-in beside them. */
const initialOf = (texts: WizardTexts): Values => ({
  ...emptyAnswers(texts.contactStep.fields.map(({ name }) => name)),
  website: "",
  smsConsent: false,
})

interface Saved {
  step: number
  values: Values
  /** Time already spent in the wizard, so a reload does not make a person look like a bot. */
  filledMs: number
}

function WizardBody({
  texts,
  windowTexts,
  options,
  plans,
  phone,
  sameDayRule,
  schedule,
  call,
  now = () => new Date(),
}: EstimateWizardProps) {
  const formik = useFormikContext<Values>()
  const { values, setValues, resetForm, initialValues } = formik
  const [step, setStep] = useState(1)
  const [contract, setContract] = useState<Contract | null>(null)
  const [sameDayAvailable, setSameDayAvailable] = useState(false)
  const [reference, setReference] = useState("")
  const calendarState = useArrivalCalendar()
  const calendar = calendarIn(calendarState)
  /** The windows sent, for step 8 (the answers are wiped by then). */
  const [sentWindows, setSentWindows] = useState<string[]>([])
  /** Step 8 after the pending outcome: no call was accepted, every one is kept on this device. */
  const [saved, setSaved] = useState(false)
  const restored = useRef(false)
  const annual = options.servicePlans.find((p) => p.id === values.servicePlan)?.annual ?? false

  // After a step change, focus moves to the new step's heading, so keyboard and screen-reader users start there.
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) document.getElementById(STEP_HEADING_ID)?.focus()
  }, [step])
  // One wizard_step per step shown (the funnel in Analytics); the restored step is reported once restored.
  const reported = useRef(0)
  const report = (shown: number) => {
    if (shown === reported.current) return
    reported.current = shown
    trackEvent("wizard_step", { step_number: shown, step_name: texts.stepNames[shown - 1] })
  }
  useEffect(() => {
    if (restored.current) report(step)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the step changes, nothing else
  }, [step])
  const goTo = (target: number) => {
    moved.current = true
    setStep(target)
  }
  // Step 8 wipes the answers: only once a function took them, or every call is kept on this device.
  const thankYou = (kept: boolean) => {
    sessionStorage.removeItem(STORAGE_KEY)
    setSaved(kept)
    goTo(THANK_YOU_STEP)
  }
  const savedText = withPhone(phone)(texts.toasts.allFailedText)

  const turnstile = useTurnstile("estimate")
  const language = useLanguage()
  const leadValues = useLeadTexts()?.values
  const lead = useLeadForm<Values, EstimateLead, EstimateOutcome>({
    form: "estimate",
    turnstile,
    toast: useToast(),
    // Only windows the calendar offers now are sent; none when it could not be loaded (the lead goes anyway).
    lead: (answers: EstimateAnswers) =>
      estimateLead({
        ...answers,
        sameDayService: sameDayAvailable && answers.sameDayService,
        preferredWindows: offeredChoice(calendar, answers.preferredWindows),
      }),
    send: (answers, post, submission) => {
      setSentWindows(chosenLabels(calendar, answers.preferredWindows ?? [], windowTexts.windowLabel, language))
      // The reference belongs to the submission, so a resend of the same answers sends the same bodies.
      const ref = referenceNumber(submission.createdAt)
      setReference(ref)
      return submitEstimate(answers, `${ref}-${submission.submissionId.slice(0, 8)}`, post)
    },
    tracking: (answers) => ({
      accepted: { service_plan: answers.servicePlan, pests: answers.pests.join(",") },
      value: leadValues?.estimate,
      user: estimateUserData(answers),
    }),
    notices: {
      accepted: (outcome) => successNotice(outcome, texts.toasts),
      pending: { variant: "destructive", title: texts.toasts.allFailedTitle, description: savedText },
      sent: { title: texts.toasts.sentTitle, description: texts.toasts.sentText },
      refused: { title: texts.toasts.errorTitle, description: texts.toasts.errorText },
    },
    // Only step 6's fields show a message; a refusal naming another (a list the site offered) is kept and re-sent.
    shownFields: texts.contactStep.fields.map(({ name }) => name),
    onAccepted: () => {
      thankYou(false)
    },
    onPending: () => {
      thankYou(true)
    },
    // Back to step 6 when a contact field is to fix; the widget's message shows on step 7, where the visitor is.
    onRefused: (fields) => {
      if (fields.length > 0) goTo(6)
    },
    call,
  })
  const { fillTimer } = lead

  // After hydration (the prerendered HTML knows neither): load the contract, decide same-day availability, restore answers kept in this tab.
  useEffect(() => {
    void loadContract().then(setContract)
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read after hydration so the page matches its prerendered HTML
    setSameDayAvailable(isSameDayAvailable(sameDayRule, schedule, now()))
    let shown = 1
    try {
      const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Saved | null
      if (saved && saved.step >= 1 && saved.step <= TOTAL_STEPS) {
        void setValues({ ...initialValues, ...saved.values }, false)
        setStep(saved.step)
        shown = saved.step
        fillTimer.reset(saved.filledMs)
      }
    } catch {
      sessionStorage.removeItem(STORAGE_KEY)
    }
    restored.current = true
    report(shown)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: later props must not restore the answers again
  }, [])

  useEffect(() => {
    if (!restored.current) return
    if (step > TOTAL_STEPS) sessionStorage.removeItem(STORAGE_KEY)
    else
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ step, values, filledMs: fillTimer.elapsedMs() } satisfies Saved),
      )
  }, [step, values, fillTimer])

  const startOver = () => {
    resetForm({ values: initialValues })
    setReference("")
    setSentWindows([])
    setSaved(false)
    lead.reset()
    sessionStorage.removeItem(STORAGE_KEY)
    goTo(1)
  }

  const special = specialPestsIn(values.pests, options.specialTreatmentPests).map(
    (pest) => options.pestLabels[pest] ?? pest,
  )
  const windows = { texts: windowTexts, state: calendarState }
  const nextHint = step < TOTAL_STEPS ? nextHintText(texts, stillNeeded(step, values, contract)) : null
  const stepView = { texts, options, plans, sameDayAvailable, special, windows }
  return (
    <Form
      id="estimate-wizard"
      noValidate
      className="relative scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      onFocus={lead.onFocus}
    >
      {step === THANK_YOU_STEP ? (
        <ThankYou
          headingId={STEP_HEADING_ID}
          texts={texts.thankYou}
          saved={saved ? { heading: texts.toasts.allFailedTitle, intro: savedText } : undefined}
          reference={reference}
          referenceLabel={texts.referenceLabel}
          windowsLine={thankYouLine(windowTexts, sentWindows)}
          onAgain={startOver}
        />
      ) : (
        <>
          <WizardProgress texts={texts} step={step} />
          <fieldset>
            <legend id={STEP_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
              {texts.stepTitles[step - 1]}
            </legend>
            <EstimateSteps step={step} {...stepView} />
          </fieldset>
          <Honeypot />
          {step === TOTAL_STEPS && <TurnstileField turnstile={turnstile} />}
          <div className="mt-8 flex items-center justify-between gap-3">
            <button
              type="button"
              className={`${buttonClass("outline")} disabled:opacity-50`}
              disabled={step === 1 || lead.submitting}
              onClick={() => {
                goTo(previousStep(step, annual))
              }}
            >
              {texts.previousLabel}
            </button>
            {step < TOTAL_STEPS ? (
              <button
                type="button"
                className={`${buttonClass("secondary")} disabled:opacity-50`}
                disabled={!isStepValid(step, values, contract)}
                aria-describedby={nextHint ? NEXT_HINT_ID : undefined}
                onClick={() => {
                  goTo(nextStep(step, annual))
                }}
              >
                {texts.nextLabel}
              </button>
            ) : (
              <button
                type="submit"
                className={`${buttonClass("primary")} disabled:opacity-60`}
                disabled={lead.submitting}
                onClick={(event) => {
                  event.preventDefault()
                  void lead.onSubmit(values, formik)
                }}
              >
                {lead.submitting ? texts.submittingLabel : texts.submitLabel}
              </button>
            )}
          </div>
          {nextHint && (
            <p id={NEXT_HINT_ID} className="mt-3 text-right text-sm text-slate-700">
              {nextHint}
            </p>
          )}
          <CallPrompt texts={texts} phone={phone} />
        </>
      )}
    </Form>
  )
}

const NEXT_HINT_ID = "estimate-next-hint"

/** What a greyed-out Next waits for, in the page's words: the step's choice, or step 6's fields by their labels. */
function nextHintText(texts: WizardTexts, needed: readonly string[]): string | null {
  const [first] = needed
  if (first === undefined) return null
  const hints = texts.nextHints
  if (first === "propertyType" || first === "servicePlan" || first === "pests") return hints[first]
  const labelOf = (name: string) => texts.contactStep.fields.find((field) => field.name === name)?.label ?? name
  return fill(hints.contact, { fields: needed.map(labelOf).join(", ") })
}

async function validate(values: Values, words: FieldErrorTexts | null) {
  const contract = await loadContract()
  return errorsFrom(contactStepSchema(contract), contactFieldsOf(values, contract), words)
}

/** The seven-step estimate wizard and its thank-you screen. */
export function EstimateWizard(props: EstimateWizardProps) {
  const words = useFieldErrorTexts()
  return (
    <Formik<Values>
      initialValues={initialOf(props.texts)}
      validate={(values) => validate(values, words)}
      validateOnMount={false}
      onSubmit={() => undefined}
    >
      <WizardBody {...props} />
    </Formik>
  )
}
