import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { useFieldErrorTexts } from "../../lib/leads/lead-texts"
import type { FieldErrorTexts } from "../../../supabase/functions/_shared/kernel/field-errors.ts"
import { failureNotices, withPhone } from "../../lib/leads/notices"
import type { SendLead } from "../../lib/leads/use-lead-form"
import type { AdsConversion } from "../../lib/tracking-attributes"
import { useWindowChoice } from "../../lib/arrival-windows/use-window-choice"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { bookingHoldOf, type BookingHold } from "../../../supabase/functions/_shared/kernel/booking-hold.ts"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"
import { LeadForm } from "../forms/lead-form"
import { TextField } from "../forms/text-field"
import { WindowPicker } from "../forms/window-picker"
import { BookingFields } from "./booking-fields"
import { bookingUserData, type BookingEntry } from "./booking-user-data"
import type { BookingFormTexts, BookingValues, PhoneNumber } from "./types"

/** The form's name in tracking events. */
export const BOOKING_FORM_ID = "scarsdale_49"

interface Values extends BookingEntry {
  preferredWindows: string[]
  website: string
}
/** Every field empty, no window picked, and the honeypot beside them. */
const initialValues = (texts: BookingFormTexts): Values => ({
  // The build checks the data lists each declared field once (request-field-texts.ts): these are their names.
  ...(Object.fromEntries(texts.fields.map(({ name }) => [name, ""])) as BookingEntry),
  preferredWindows: [],
  website: "",
})

// The windows are the picker's to check (ids it offered); the contract checks the fields typed in.
async function validate(
  { website: _honeypot, preferredWindows: _windows, ...entry }: Values,
  words: FieldErrorTexts | null,
) {
  const { offerBookingSchema, BOOKING_FIELD_NAMES } = await loadContract()
  return errorsFrom(offerBookingSchema.pick(BOOKING_FIELD_NAMES), entry, words)
}

const trimmed = (entry: BookingEntry): BookingEntry =>
  Object.fromEntries(Object.entries(entry).map(([name, value]) => [name, value.trim()])) as BookingEntry

export interface BookingFormProps {
  texts: BookingFormTexts
  /** The arrival-window picker's texts (data/arrival-windows.yaml). */
  windowTexts: WindowTexts
  booking: BookingValues
  phone: PhoneNumber
  /** The Ads conversion a taken booking reports. */
  conversion: AdsConversion
  /**
   * The booking was accepted: its reference (WEB…), the "You asked for…" line (null: no windows), what became of
   * its window (the answer's hold) and the held window's label, for the thank-you view.
   */
  onBooked: (booked: Booked) => void
  call?: SendLead
}

/** What the thank-you view says of an accepted booking. */
export interface Booked {
  reference: string
  windowsLine: string | null
  hold: BookingHold
  /** The held window's label ("" when the calendar no longer names it). */
  window: string
  /** The answer's note when the address is outside the offer's towns: which offer the visitor can have instead. */
  outsideOffer: string | null
}

/** The toast: booked for the window held, else the price reserved (the window picked just taken, or none). */
const successText = (texts: BookingFormTexts, hold: BookingHold, window: string) =>
  hold.state === "held"
    ? fill(texts.successText, { window })
    : hold.state === "taken"
      ? texts.successTakenText
      : texts.successCallText

/** The $49 booking: fixed city, ZIP and offer; fields kept on failure. */
export function BookingForm({ texts, windowTexts, booking, phone, conversion, onBooked, call }: BookingFormProps) {
  const windows = useWindowChoice(windowTexts)
  const words = useFieldErrorTexts()
  return (
    <LeadForm
      config={{
        form: BOOKING_FORM_ID,
        lead: ({ preferredWindows, ...entry }: Omit<Values, "website">) => ({
          ...trimmed(entry),
          city: booking.city,
          zipCode: booking.zipCode,
          specialOffer: booking.specialOffer,
          ...windows.sent(preferredWindows),
        }),
        send: (lead, post) => {
          windows.remember(lead.preferredWindows)
          return post("process-simple-lead", lead)
        },
        tracking: (lead) => ({
          params: { offer: booking.specialOffer, value: booking.conversionValue },
          user: bookingUserData(lead, booking),
          value: booking.conversionValue,
        }),
        notices: {
          accepted: (answer) => {
            const hold = bookingHoldOf(answer)
            const window = hold.window === undefined ? "" : (windows.labelOf(hold.window) ?? "")
            return { title: texts.successTitle, description: successText(texts, hold, window) }
          },
          ...failureNotices(texts, withPhone(phone)),
        },
        conversion,
        onAccepted: (answer, reference) => {
          const hold = bookingHoldOf(answer)
          const window = hold.window === undefined ? "" : (windows.labelOf(hold.window) ?? "")
          const outsideOffer = typeof answer.outsideOffer === "string" ? answer.outsideOffer : null
          onBooked({ reference, windowsLine: windows.thankYou(), hold, window, outsideOffer })
        },
        call,
      }}
      initialValues={initialValues(texts)}
      validate={(values) => validate(values, words)}
      submitLabel={texts.submitLabel}
      busyLabel={texts.busyLabel}
      large
    >
      <BookingFields texts={texts} Field={TextField} />
      <WindowPicker texts={windowTexts} state={windows.state} />
    </LeadForm>
  )
}
