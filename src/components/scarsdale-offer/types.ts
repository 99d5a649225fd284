import type { ScarsdaleOfferTexts } from "../../../gatsby/data-schemas/scarsdale-offer"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"
import type { LabelledIcon } from "../ui/trust-badges"
import type { RequestFieldData } from "../forms/request-fields"

/** The texts of data/scarsdale-offer.yaml, as the page component takes them. */
type Texts = ReadonlyData<ScarsdaleOfferTexts>
export type HeroTexts = Texts["hero"]
/** The form's texts, each field's words with its declared outline (gatsby/schema.ts). */
export type BookingFormTexts = Omit<Texts["form"], "fields"> & { readonly fields: readonly RequestFieldData[] }
/** What every booking sends; its conversion value is the page's price (amounts.price) as a number. */
export type BookingValues = Texts["booking"] & { readonly conversionValue: number }
export type ThankYouTexts = Texts["thankYou"]
export type ExitIntentTexts = Texts["exitIntent"]
export type CredentialsTexts = Texts["credentials"]

// The badges' icons: a GraphQL String, not the schema's list of icon names (see LabelledIcon).
/** The file's texts as the query returns them, before src/lib/scarsdale-offer-content.ts fills the amounts in. */
export type ScarsdaleOfferData = Omit<Texts, "trustBadges" | "form"> & {
  readonly trustBadges: readonly LabelledIcon[]
  readonly form: BookingFormTexts
}
/** What the page shows: the texts with their amounts filled in, and the booking's conversion value. */
export type ScarsdaleOfferContent = Omit<ScarsdaleOfferData, "booking"> & { readonly booking: BookingValues }

export interface PhoneNumber {
  readonly display: string
  readonly e164: string
}

/** The company facts the page shows, from data/site.yaml. */
export interface CompanyFacts {
  readonly phone: PhoneNumber
  readonly licenseNumber: string
  readonly insuranceNote: string
  readonly yearsLabel: string
  readonly foundedYear: number
}
