import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { failureNotices, withPhone } from "../../lib/leads/notices"
import type { SendLead } from "../../lib/leads/use-lead-form"
import type { AdsConversion } from "../../lib/tracking-attributes"
import { LeadForm } from "../forms/lead-form"
import { TextField } from "../forms/text-field"
import { BookingFields } from "./booking-fields"
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

export interface BookingFormProps {
  texts: BookingFormTexts
  booking: BookingValues
  phone: PhoneNumber
  /** The Ads conversion a taken booking reports. */
  conversion: AdsConversion
  /** Called once the backend has taken the booking; the page then shows its thank-you view. */
  /** The booking was accepted: its reference (WEB…) for the thank-you view. */
  onBooked: (reference: string) => void
  call?: SendLead
}

/** The $49 booking: fixed city, ZIP and offer; fields kept on failure (SPEC §3–§8). */
export function BookingForm({ texts, booking, phone, conversion, onBooked, call }: BookingFormProps) {
  return (
    <LeadForm
      config={{
        form: BOOKING_FORM_ID,
        lead: (entry: BookingEntry) => ({
          ...trimmed(entry),
          city: booking.city,
          zipCode: booking.zipCode,
          specialOffer: booking.specialOffer,
        }),
        send: (lead, post) => post("process-simple-lead", lead),
        tracking: (lead) => ({
          params: { offer: booking.specialOffer, value: booking.conversionValue },
          user: bookingUserData(lead, booking),
          value: booking.conversionValue,
        }),
        notices: {
          accepted: () => ({ title: texts.successTitle, description: texts.successText }),
          ...failureNotices(texts, withPhone(phone)),
        },
        conversion,
        onAccepted: (_answer, reference) => onBooked(reference),
        call,
      }}
      initialValues={INITIAL}
      validate={validate}
      submitLabel={texts.submitLabel}
      busyLabel={texts.busyLabel}
      large
    >
      <BookingFields texts={texts} Field={TextField} />
    </LeadForm>
  )
}
