import { Form, Formik, type FormikHelpers } from "formik"
import { useEffect, useRef, type FormEvent } from "react"
import { useFillTimer } from "../../lib/leads/use-fill-timer"
import { useSubmissionId } from "../../lib/leads/use-submission-id"
import { submissionFields } from "../../lib/leads/api"
import type { LeadResult } from "../../lib/leads/lead-outbox"
import { sendLeadFromBrowser } from "../../lib/leads/outbox-runner"
import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { offerText } from "../../lib/offer-text"
import {
  CALLBACK_CONTRACT_FIELDS,
  callbackBody,
  isCallbackBlank,
  utmFrom,
  type CallbackValues,
} from "../../lib/leads/offer-callback"
import { trackEvent, trackFormSubmission } from "../../lib/tracking"
import { Honeypot } from "../forms/honeypot"
import { TextField } from "../forms/text-field"
import { buttonClass } from "../ui/button-class"
import { useToast } from "../ui/toaster"
import { CallbackFields, type CallbackLabels } from "./callback-fields"

export interface CallbackFormProps {
  labels: CallbackLabels
  offer: {
    offerName: string
    price: string
    city: string
    couponCode: string
    phone: { display: string }
    utmSource: string | null
    utmCampaign: string | null
  }
  /** Called once the backend has accepted the request; the page then shows its thank-you screen. */
  onSubmitted: () => void
  call?: typeof sendLeadFromBrowser
}

type Values = CallbackValues & { website: string }

/** Field messages from the shared contract, for values that are there but wrong; blank optional fields and the browser's own `required` check stay quiet. */
async function validate(values: Values) {
  const { offerCallbackSchema } = await loadContract()
  const contractFields = Object.values(CALLBACK_CONTRACT_FIELDS)
  const body = Object.fromEntries(
    Object.entries(CALLBACK_CONTRACT_FIELDS).map(([field, key]) => [key, values[field as keyof CallbackValues]]),
  )
  const errors = await errorsFrom(offerCallbackSchema.pick(contractFields), body)
  const messages: Partial<Record<keyof CallbackValues, string>> = {}
  for (const [field, key] of Object.entries(CALLBACK_CONTRACT_FIELDS) as Array<[keyof CallbackValues, string]>) {
    const message = errors[key]
    if (message && values[field].trim() !== "") messages[field] = message
  }
  return messages
}

/** "Prefer a Callback?" (SPEC §3–§8): name and phone, the city prefilled, the campaign read from the address. */
export function CallbackForm({ labels, offer, onSubmitted, call = sendLeadFromBrowser }: CallbackFormProps) {
  const toast = useToast()
  const submission = useSubmissionId()
  const fillTimer = useFillTimer()
  const started = useRef(false)
  useEffect(() => void loadContract(), [])

  const onSubmit = async ({ website, ...values }: Values, { setSubmitting }: FormikHelpers<Values>) => {
    const body = callbackBody(values, offer, utmFrom(window.location.search, offer))
    trackFormSubmission(
      "offer_callback",
      { offer: offer.offerName, price: offer.price, city: offer.city },
      {
        phone_number: body.phone,
        address: { first_name: body.full_name.split(" ")[0], city: body.city || offer.city, country: "US" },
      },
    )
    let result: LeadResult | null = null
    try {
      result = await call("process-simple-lead", {
        ...body,
        ...submissionFields(fillTimer.elapsedMs(), website, submission.idFor(body)),
      })
    } catch (error) {
      console.error("[offer callback] send failed", error)
    }
    setSubmitting(false)
    if (result && !result.ok && result.reason === "queued") {
      toast({ title: labels.pendingTitle, description: offerText(labels.pendingText, offer) })
    } else if (result?.ok && !result.data?.error) {
      toast({ title: labels.successTitle, description: labels.successText })
      onSubmitted()
    } else {
      if (result && !result.ok) console.error("[offer callback] not accepted", result)
      toast({ variant: "destructive", title: labels.errorTitle, description: labels.errorText })
    }
  }

  return (
    <Formik<Values>
      initialValues={{ name: "", phone: "", address: "", city: offer.city, notes: "", website: "" }}
      validate={validate}
      validateOnChange={false}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, values, handleSubmit }) => (
        <Form
          className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault()
            if (!isCallbackBlank(values)) handleSubmit(event)
          }}
          onFocus={() => {
            if (!started.current) trackEvent("form_start", { form: "offer_callback" })
            started.current = true
          }}
        >
          <CallbackFields labels={labels} Field={TextField} />
          <Honeypot />
          <p className="text-sm text-slate-600">{labels.consent}</p>
          <button
            type="submit"
            className={`${buttonClass("primary")} w-full disabled:opacity-60`}
            disabled={isSubmitting}
          >
            {isSubmitting ? labels.submittingLabel : labels.submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  )
}
