import { Form, Formik, type FormikConfig } from "formik"
import { useCallback, type ReactNode } from "react"
import type { Answer } from "../../lib/leads/lead-outcome"
import { useLeadForm, type LeadFormConfig, type LeadFormValues } from "../../lib/leads/use-lead-form"
import { useTurnstile } from "../../lib/turnstile/use-turnstile"
import { useToast } from "../ui/toast-item"
import type { ToastInput } from "../../lib/toast"
import { ConsentNotice } from "./consent-notice"
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
  // An outcome's toast must not hide behind a phone's keyboard: the field typed in lets go of the focus, which
  // closes the keyboard (and a phone shows toasts at the top of the screen, components/ui/toaster.tsx).
  const toast = useCallback(
    (input: ToastInput) => {
      const typing = document.activeElement
      if (typing instanceof HTMLElement && typing.closest("form")) typing.blur()
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
        </Form>
      )}
    </Formik>
  )
}
