import { Form, Formik, type FormikConfig } from "formik"
import { useCallback, useState, type ReactNode } from "react"
import type { Answer } from "../../lib/leads/lead-outcome"
import { useLeadForm, type LeadFormConfig, type LeadFormValues } from "../../lib/leads/use-lead-form"
import { useTurnstile } from "../../lib/turnstile/use-turnstile"
import { useToast } from "../ui/toast-item"
import type { ToastInput } from "../../lib/toast"
import { ConsentNotice } from "./consent-notice"
import { FormNotice } from "./form-notice"
import { Honeypot } from "./honeypot"
import { FORM_CARD_CLASS } from "./lead-form-shell"
import { SmsConsentField } from "./sms-consent-field"
import { SubmitButton } from "./submit-button"
import { TurnstileField } from "./turnstile-field"

export interface LeadFormProps<V extends LeadFormValues, L, A> {
  /** useLeadForm's configuration but `toast`, which the form adds (useToast). */
  config: Omit<LeadFormConfig<V, L, A>, "toast">
  initialValues: V
  /** Field messages from the shared contract. */
  validate: FormikConfig<V>["validate"]
  /** Check after each change (the default) or only on blur and submit. */
  validateOnChange?: boolean
  submitLabel: string
  busyLabel: string
  large?: boolean
  /** The form's own fields (and any note above the button). */
  children: ReactNode
}

/** A live lead form: the form's fields, the honeypot and the submit button, sent through useLeadForm. */
export function LeadForm<V extends LeadFormValues, L, A = Answer>({
  config,
  initialValues,
  validate,
  validateOnChange = true,
  submitLabel,
  busyLabel,
  large = false,
  children,
}: LeadFormProps<V, L, A>) {
  const turnstile = useTurnstile(config.form)
  const showToast = useToast()
  // Each outcome is told twice: in a toast, and in the form under its button (FormNotice).
  const [notice, setNotice] = useState<ToastInput | null>(null)
  const toast = useCallback(
    (input: ToastInput) => {
      setNotice(input)
      showToast(input)
    },
    [showToast],
  )
  const lead = useLeadForm({ ...config, turnstile, toast })
  return (
    <Formik<V>
      // The SMS opt-in is every lead form's, unticked.
      initialValues={{ ...initialValues, smsConsent: false }}
      validate={validate}
      validateOnChange={validateOnChange}
      onSubmit={lead.onSubmit}
    >
      {() => (
        <Form noValidate className={FORM_CARD_CLASS} onFocus={lead.onFocus}>
          {children}
          <SmsConsentField />
          <Honeypot />
          <TurnstileField turnstile={turnstile} />
          <ConsentNotice />
          <SubmitButton label={submitLabel} busyLabel={busyLabel} busy={lead.submitting} large={large} />
          <FormNotice notice={notice} />
        </Form>
      )}
    </Formik>
  )
}
