import type { ReactNode } from "react"
import { ConsentNotice } from "./consent-notice"
import { SmsConsentView } from "./sms-consent-view"
import { SubmitButton } from "./submit-button"

/** The card every lead form is drawn in, prerendered or live. */
export const FORM_CARD_CLASS = "relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"

/** A lead form as the page is first drawn: the same fields, disabled until the live form (and Formik) has loaded. */
export function LeadFormShell({
  submitLabel,
  large = false,
  children,
}: {
  submitLabel: string
  large?: boolean
  children: ReactNode
}) {
  return (
    <form className={FORM_CARD_CLASS} aria-busy="true">
      <fieldset disabled className="space-y-4">
        {children}
        <SmsConsentView />
        <ConsentNotice />
        <SubmitButton label={submitLabel} large={large} />
      </fieldset>
    </form>
  )
}
