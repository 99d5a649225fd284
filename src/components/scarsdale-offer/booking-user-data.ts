import { splitName } from "../../lib/estimate-wizard"
import type { AdsUserData } from "../../lib/tracking"

export interface BookingEntry {
  fullName: string
  phone: string
  email: string
  streetAddress: string
}

/** Ads wants phone numbers in E.164; ours are US numbers, typed in any format. */
export function usPhoneE164(phone: string): string {
  const digits = phone.replace(/\D/g, "")
  return digits.length === 10 ? `+1${digits}` : `+${digits}`
}

/** The visitor's details as Ads enhanced-conversion user data (never as event parameters). */
export function bookingUserData(entry: BookingEntry, place: { city: string; zipCode: string }): AdsUserData {
  const { firstName, lastName } = splitName(entry.fullName)
  return {
    email: entry.email,
    phone_number: usPhoneE164(entry.phone),
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
