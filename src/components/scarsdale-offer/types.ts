import type { ScarsdaleOfferTexts } from "../../../gatsby/data-schemas/scarsdale-offer"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"
import type { LabelledIcon } from "../ui/trust-badges"

/** The texts of data/scarsdale-offer.yaml, as the page component takes them. */
type Texts = ReadonlyData<ScarsdaleOfferTexts>
export type HeroTexts = Texts["hero"]
export type BookingFormTexts = Texts["form"]
export type BookingValues = Texts["booking"]
export type ThankYouTexts = Texts["thankYou"]
export type ExitIntentTexts = Texts["exitIntent"]
export type CredentialsTexts = Texts["credentials"]

// The badges' icons: a GraphQL String, not the schema's list of icon names (see LabelledIcon).
export type ScarsdaleOfferContent = Omit<Texts, "trustBadges"> & { readonly trustBadges: readonly LabelledIcon[] }

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
