import { Form, Formik } from "formik"
import { useEffect, useRef } from "react"
import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { useFillTimer } from "../../lib/leads/use-fill-timer"
import { useSubmissionId } from "../../lib/leads/use-submission-id"
import { submissionFields } from "../../lib/leads/api"
import type { LeadResult } from "../../lib/leads/lead-outbox"
import { sendLeadFromBrowser } from "../../lib/leads/outbox-runner"
import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { trackEvent } from "../../lib/tracking"
import { buttonClass } from "../ui/button-class"
import { useToast } from "../ui/toaster"
import { ContactFields } from "./contact-fields"
import { Honeypot } from "./honeypot"
import { TextField } from "./text-field"

export interface ContactFormLabels {
  readonly nameLabel: string
  readonly emailLabel: string
  readonly phoneLabel: string
  readonly messageLabel: string
  readonly messagePlaceholder: string
  readonly submitLabel: string
  readonly sendingLabel: string
  readonly successTitle: string
  readonly errorTitle: string
  readonly errorText: string
  readonly pendingTitle: string
  readonly pendingText: string
}

const INITIAL = { name: "", email: "", phone: "", message: "", website: "" }
type Values = typeof INITIAL

async function validate({ website: _honeypot, ...fields }: Values) {
  const { contactMessageSchema } = await loadContract()
  return errorsFrom(contactMessageSchema.pick(["name", "email", "phone", "message"]), fields)
}

/** The contact page's message form: fields kept on failure, cleared on success (SPEC §4, §8). */
export function ContactForm({
  labels,
  phone,
  call = sendLeadFromBrowser,
}: {
  labels: ContactFormLabels
  phone: { display: string }
  call?: typeof sendLeadFromBrowser
}) {
  const toast = useToast()
  const submission = useSubmissionId()
  const fillTimer = useFillTimer()
  const started = useRef(false)
  useEffect(() => void loadContract(), [])

  const onSubmit = async ({ website, ...fields }: Values, { resetForm }: { resetForm: () => void }) => {
    trackEvent("form_submit", { form: "contact" })
    let result: LeadResult | null = null
    try {
      result = await call("process-contact", {
        ...fields,
        ...submissionFields(fillTimer.elapsedMs(), website, submission.idFor(fields)),
      })
    } catch (error) {
      console.warn("[contact] send failed", error)
    }
    const data = result?.ok ? result.data : null
    if (result && !result.ok && result.reason === "queued") {
      // Kept on this device and re-sent; the fields stay, and sending them again reuses the same id.
      toast({ title: labels.pendingTitle, description: fill(labels.pendingText, { phone: phone.display }) })
    } else if (data?.success === true) {
      toast({ title: labels.successTitle, description: typeof data.message === "string" ? data.message : undefined })
      trackEvent("generate_lead", { form: "contact" })
      resetForm()
      submission.forget()
      fillTimer.reset()
    } else {
      toast({
        variant: "destructive",
        title: labels.errorTitle,
        description: fill(labels.errorText, { phone: phone.display }),
      })
    }
  }

  return (
    <Formik initialValues={INITIAL} validate={validate} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form
          noValidate
          className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onFocus={() => {
            if (!started.current) trackEvent("form_start", { form: "contact" })
            started.current = true
          }}
        >
          <ContactFields labels={labels} Field={TextField} />
          <Honeypot />
          <button
            type="submit"
            className={`${buttonClass("primary")} w-full disabled:opacity-60`}
            disabled={isSubmitting}
          >
            {isSubmitting ? labels.sendingLabel : labels.submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  )
}
