import { splitName } from "../../lib/estimate-wizard"
import { phoneE164 } from "../../lib/lead-tracking"
import type { AdsUserData } from "../../lib/tracking"
import type { BookingFieldName } from "../../../supabase/functions/_shared/kernel/booking-request.ts"

/** What the visitor filled in: each field the booking declares (kernel/booking-request.ts). */
export type BookingEntry = Record<BookingFieldName, string>

/** The visitor's details as Ads enhanced-conversion user data (never as event parameters). */
export function bookingUserData(entry: BookingEntry, place: { city: string; zipCode: string }): AdsUserData {
  const { firstName, lastName } = splitName(entry.fullName)
  return {
    email: entry.email,
    phone_number: phoneE164(entry.phone),
    address: {
      first_name: firstName,
      last_name: lastName,
      street: entry.streetAddress,
      city: place.city,
      postal_code: place.zipCode,
      country: "US",
    },
  }
}
