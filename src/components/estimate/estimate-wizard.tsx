import { Form, Formik, useFormikContext } from "formik"
import { useEffect, useRef, useState } from "react"
import { useFillTimer } from "../../lib/leads/use-fill-timer"
import { sendLeadFromBrowser } from "../../lib/leads/outbox-runner"
import { errorsFrom, loadContract, type Contract } from "../../lib/leads/contract-loader"
import {
  EMPTY_ANSWERS,
  THANK_YOU_STEP,
  TOTAL_STEPS,
  contactFieldsOf,
  contactStepSchema,
  isStepValid,
  nextStep,
  previousStep,
  referenceNumber,
  specialPestsIn,
  type EstimateAnswers,
} from "../../lib/estimate-wizard"
import { isSameDayAvailable } from "../../lib/hours"
import { outcomeToast, submitEstimate, type Call } from "../../lib/leads/submit-estimate"
import { trackEvent } from "../../lib/tracking"
import { Honeypot } from "../forms/honeypot"
import { buttonClass } from "../ui/button-class"
import { useToast } from "../ui/toaster"
import { EstimateSteps } from "./estimate-steps"
import { CallPrompt, WizardProgress } from "./wizard-frame"
import { ThankYou } from "./thank-you"
import type { WizardOptions, WizardPlan, WizardTexts } from "./types"

export const STORAGE_KEY = "estimate-wizard"
export const STEP_HEADING_ID = "estimate-step-heading"

export interface EstimateWizardProps {
  texts: WizardTexts
  options: WizardOptions
  plans: readonly WizardPlan[]
  phone: { display: string; e164: string }
  sameDayRule: { cutoffHour: number; days: readonly string[] }
  timeZone: string
  call?: Call
  /** For tests: the moment "now" is, for the same-day rule. */
  now?: () => Date
}

type Values = EstimateAnswers & { website: string }
interface Saved {
  step: number
  values: Values
  /** Time already spent in the wizard, so a reload does not make a person look like a bot. */
  filledMs: number
}

function WizardBody({
  texts,
  options,
  plans,
  phone,
  sameDayRule,
  timeZone,
  call = sendLeadFromBrowser,
  now = () => new Date(),
}: EstimateWizardProps) {
  const { values, setValues, resetForm } = useFormikContext<Values>()
  const toast = useToast()
  const [step, setStep] = useState(1)
  const [contract, setContract] = useState<Contract | null>(null)
  const [sameDayAvailable, setSameDayAvailable] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [reference, setReference] = useState("")
  const fillTimer = useFillTimer()
  const restored = useRef(false)
  const annual = options.servicePlans.find((p) => p.id === values.servicePlan)?.annual ?? false

  // After hydration: load the contract, decide same-day availability, restore answers kept in this tab.
  useEffect(() => {
    void loadContract().then(setContract)
    setSameDayAvailable(isSameDayAvailable(sameDayRule, now(), timeZone))
    try {
      const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Saved | null
      if (saved && saved.step >= 1 && saved.step <= TOTAL_STEPS) {
        void setValues({ ...EMPTY_ANSWERS, ...saved.values }, false)
        setStep(saved.step)
        fillTimer.reset(saved.filledMs)
      }
    } catch {
      sessionStorage.removeItem(STORAGE_KEY)
    }
    restored.current = true
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!restored.current) return
    if (step > TOTAL_STEPS) sessionStorage.removeItem(STORAGE_KEY)
    else
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ step, values, filledMs: fillTimer.elapsedMs() } satisfies Saved),
      )
  }, [step, values])

  // After a step change, focus moves to the new step's heading, so keyboard and screen-reader users start there.
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) document.getElementById(STEP_HEADING_ID)?.focus()
  }, [step])
  const goTo = (target: number) => {
    moved.current = true
    setStep(target)
  }

  const submit = async () => {
    setSubmitting(true)
    trackEvent("form_submit", { form: "estimate" })
    try {
      const { website, ...answers } = values
      const ref = referenceNumber()
      const outcome = await submitEstimate(
        { ...answers, sameDayService: sameDayAvailable && answers.sameDayService },
        {
          submissionId: crypto.randomUUID(),
          website,
          formFillMs: fillTimer.elapsedMs(),
          accountId: `${ref}-${crypto.randomUUID().slice(0, 8)}`,
        },
        call,
      )
      const message = outcomeToast(outcome, texts.toasts)
      toast(message)
      trackEvent("generate_lead", {
        form: "estimate",
        service_plan: answers.servicePlan,
        pests: answers.pests.join(","),
      })
      setReference(ref)
      sessionStorage.removeItem(STORAGE_KEY)
      goTo(THANK_YOU_STEP)
    } catch (error) {
      console.error("[estimate] submission failed unexpectedly", error)
      toast({ variant: "destructive", title: texts.toasts.errorTitle, description: texts.toasts.errorText })
    } finally {
      setSubmitting(false)
    }
  }

  const startOver = () => {
    resetForm({ values: { ...EMPTY_ANSWERS, website: "" } })
    setReference("")
    fillTimer.reset()
    sessionStorage.removeItem(STORAGE_KEY)
    goTo(1)
  }

  if (step === THANK_YOU_STEP)
    return (
      <ThankYou
        headingId={STEP_HEADING_ID}
        texts={texts.thankYou}
        reference={reference}
        referenceLabel={texts.referenceLabel}
        onAgain={startOver}
      />
    )

  const valid = isStepValid(step, values, contract)
  const special = specialPestsIn(values.pests, options.specialTreatmentPests)
  return (
    <div>
      <WizardProgress texts={texts} step={step} />
      <fieldset>
        <legend id={STEP_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
          {texts.stepTitles[step - 1]}
        </legend>
        <EstimateSteps
          step={step}
          texts={texts}
          options={options}
          plans={plans}
          sameDayAvailable={sameDayAvailable}
          special={special}
        />
      </fieldset>
      <Honeypot />
      <div className="mt-8 flex items-center justify-between gap-3">
        <button
          type="button"
          className={`${buttonClass("outline")} disabled:opacity-50`}
          disabled={step === 1 || submitting}
          onClick={() => goTo(previousStep(step, annual))}
        >
          {texts.previousLabel}
        </button>
        {step < TOTAL_STEPS ? (
          <button
            type="button"
            className={`${buttonClass("secondary")} disabled:opacity-50`}
            disabled={!valid}
            onClick={() => goTo(nextStep(step, annual))}
          >
            {texts.nextLabel}
          </button>
        ) : (
          <button
            type="submit"
            className={`${buttonClass("primary")} disabled:opacity-60`}
            disabled={submitting}
            onClick={(e) => {
              e.preventDefault()
              void submit()
            }}
          >
            {submitting ? texts.submittingLabel : texts.submitLabel}
          </button>
        )}
      </div>
      <CallPrompt texts={texts} phone={phone} />
    </div>
  )
}

/** The seven-step estimate wizard and its thank-you screen (SPEC §2, §4, §5, §7, §8). */
export function EstimateWizard(props: EstimateWizardProps) {
  const formStarted = useRef(false)
  const validate = async (values: Values) => {
    const contract = await loadContract()
    return errorsFrom(contactStepSchema(contract), contactFieldsOf(values))
  }
  return (
    <Formik<Values>
      initialValues={{ ...EMPTY_ANSWERS, website: "" }}
      validate={validate}
      validateOnMount={false}
      onSubmit={() => undefined}
    >
      <Form
        id="estimate-wizard"
        noValidate
        className="relative scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        onFocus={() => {
          if (!formStarted.current) trackEvent("form_start", { form: "estimate" })
          formStarted.current = true
        }}
      >
        <WizardBody {...props} />
      </Form>
    </Formik>
  )
}
