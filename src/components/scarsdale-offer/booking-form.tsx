import { Form, Formik } from "formik"
import { useEffect, useRef } from "react"
import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { useFillTimer } from "../../lib/leads/use-fill-timer"
import { useSubmissionId } from "../../lib/leads/use-submission-id"
import { submissionFields } from "../../lib/leads/api"
import type { LeadResult } from "../../lib/leads/lead-outbox"
import { sendLeadFromBrowser } from "../../lib/leads/outbox-runner"
import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { trackEvent, trackFormSubmission } from "../../lib/tracking"
import { Honeypot } from "../forms/honeypot"
import { TextField } from "../forms/text-field"
import { buttonClass } from "../ui/button-class"
import { useToast } from "../ui/toaster"
import { BookingFields } from "./booking-fields"
import { BOOKING_FORM_CLASS } from "./booking-form-shell"
import { bookingUserData, type BookingEntry } from "./booking-user-data"
import type { BookingFormTexts, BookingValues, PhoneNumber } from "./types"

/** The form's name in tracking events. */
export const BOOKING_FORM_ID = "scarsdale_49"

const INITIAL = { fullName: "", phone: "", email: "", streetAddress: "", website: "" }
type Values = typeof INITIAL

async function validate({ website: _honeypot, ...entry }: Values) {
  const { offerBookingSchema } = await loadContract()
  return errorsFrom(offerBookingSchema.pick(["fullName", "phone", "email", "streetAddress"]), entry)
}

const trimmed = (entry: BookingEntry): BookingEntry => ({
  fullName: entry.fullName.trim(),
  phone: entry.phone.trim(),
  email: entry.email.trim(),
  streetAddress: entry.streetAddress.trim(),
})

/** Only the error field is read (SPEC §7): any answer without one is a booking. */
const isBooked = (result: LeadResult | null) => result?.ok === true && !result.data?.error

export interface BookingFormProps {
  texts: BookingFormTexts
  booking: BookingValues
  phone: PhoneNumber
  /** Called once the backend has taken the booking; the page then shows its thank-you view. */
  onBooked: () => void
  call?: typeof sendLeadFromBrowser
}

/** The $49 booking: fixed city, ZIP and offer; fields kept on failure (SPEC §3–§8). */
export function BookingForm({ texts, booking, phone, onBooked, call = sendLeadFromBrowser }: BookingFormProps) {
  const toast = useToast()
  const submission = useSubmissionId()
  const fillTimer = useFillTimer()
  const started = useRef(false)
  useEffect(() => void loadContract(), [])

  const onSubmit = async ({ website, ...typed }: Values) => {
    const entry = trimmed(typed)
    trackFormSubmission(
      BOOKING_FORM_ID,
      { offer: booking.specialOffer, value: booking.conversionValue },
      bookingUserData(entry, booking),
    )
    let result: LeadResult | null = null
    try {
      result = await call("process-simple-lead", {
        ...entry,
        city: booking.city,
        zipCode: booking.zipCode,
        specialOffer: booking.specialOffer,
        ...submissionFields(fillTimer.elapsedMs(), website, submission.idFor(entry)),
      })
    } catch (error) {
      console.error("[scarsdale-49] booking failed", error)
    }
    if (result && !result.ok && result.reason === "queued") {
      // Kept on this device and re-sent until the backend takes it; the fields stay for a resend with the same id.
      toast({ title: texts.pendingTitle, description: fill(texts.pendingText, { phone: phone.display }) })
      return
    }
    if (isBooked(result)) {
      toast({ title: texts.successTitle, description: texts.successText })
      onBooked()
      return
    }
    if (result) console.error("[scarsdale-49] booking refused", result)
    toast({
      variant: "destructive",
      title: texts.errorTitle,
      description: fill(texts.errorText, { phone: phone.display }),
    })
  }

  return (
    <Formik initialValues={INITIAL} validate={validate} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form
          noValidate
          className={BOOKING_FORM_CLASS}
          onFocus={() => {
            if (!started.current) trackEvent("form_start", { form: BOOKING_FORM_ID })
            started.current = true
          }}
        >
          <BookingFields texts={texts} Field={TextField} />
          <Honeypot />
          <button
            type="submit"
            className={`${buttonClass("primary")} w-full text-lg disabled:opacity-60`}
            disabled={isSubmitting}
          >
            {isSubmitting ? texts.busyLabel : texts.submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  )
}
