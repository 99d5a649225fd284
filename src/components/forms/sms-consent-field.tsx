import { Field } from "formik"
import { SMS_CONSENT_CLASS, SMS_CONSENT_ID, SmsConsentView } from "./sms-consent-view"

/** The live SMS opt-in: the form value `smsConsent` (false unless ticked) becomes the lead's consent.sms. */
export function SmsConsentField() {
  return (
    <SmsConsentView
      checkbox={
        <Field
          id={SMS_CONSENT_ID}
          name="smsConsent"
          type="checkbox"
          aria-describedby={`${SMS_CONSENT_ID}-text`}
          className={SMS_CONSENT_CLASS}
        />
      }
    />
  )
}
