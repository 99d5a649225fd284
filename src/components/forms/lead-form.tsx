import { Form, Formik, type FormikConfig } from "formik"
import type { FormEvent, ReactNode } from "react"
import type { Answer } from "../../lib/leads/lead-outcome"
import { useLeadForm, type LeadFormConfig, type LeadFormValues } from "../../lib/leads/use-lead-form"
import { useTurnstile } from "../../lib/turnstile/use-turnstile"
import { useToast } from "../ui/toast-item"
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
  /** Let the browser's own `required` check run before Formik's (the callback form). */
  browserValidation?: boolean
  /** A submit with these values is ignored without a word (the callback's blank name or phone). */
  ignore?: (values: V) => boolean
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
  browserValidation = false,
  ignore = () => false,
  submitLabel,
  busyLabel,
  large = false,
  children,
}: LeadFormProps<V, L, A>) {
  const turnstile = useTurnstile(config.form)
  const lead = useLeadForm({ ...config, turnstile, toast: useToast() })
  return (
    <Formik<V>
      // The SMS opt-in is every lead form's, unticked.
      initialValues={{ ...initialValues, smsConsent: false }}
      validate={validate}
      validateOnChange={validateOnChange}
      onSubmit={lead.onSubmit}
    >
      {({ values, handleSubmit }) => (
        <Form
          noValidate={!browserValidation}
          className={FORM_CARD_CLASS}
          onFocus={lead.onFocus}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault()
            if (!ignore(values)) handleSubmit(event)
          }}
        >
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
