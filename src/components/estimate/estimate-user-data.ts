import { splitName, type EstimateAnswers } from "../../lib/estimate-wizard"
import { phoneE164 } from "../../lib/lead-tracking"
import type { AdsUserData } from "../../lib/tracking"

/** The visitor's details as Ads enhanced-conversion user data (gtag hashes them; never event parameters). */
export function estimateUserData(answers: Omit<EstimateAnswers, "preferredWindows">): AdsUserData {
  const { firstName, lastName } = splitName(answers.fullName)
  return {
    email: answers.email.trim(),
    phone_number: phoneE164(answers.phone),
    address: {
      first_name: firstName,
      last_name: lastName,
      street: answers.streetAddress.trim(),
      city: answers.city.trim(),
      region: answers.state.trim().toUpperCase(),
      postal_code: answers.zipCode.trim(),
      country: "US",
    },
  }
}
