import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { HoursLine } from "../../lib/hours"

/** The texts of data/offer-page.yaml, as the OfferPage query gives them (heroImages are resolved by the template). */
export type OfferPageTexts = Omit<NonNullable<Queries.OfferPageQuery["offerPageYaml"]>, "heroImages">

/** One offer of data/offers, with its phone, e-mail and hours resolved against site.yaml. */
export interface OfferDetails {
  readonly key: string
  readonly city: string
  readonly offerName: string
  readonly price: string
  readonly couponCode: string
  readonly phone: { readonly display: string; readonly e164: string }
  readonly email: string
  readonly hours: readonly HoursLine[]
  readonly serviceAreas: readonly string[]
  readonly testimonials: ReadonlyArray<{ readonly quote: string; readonly name: string; readonly location: string }>
  readonly utmSource: string | null
  readonly utmCampaign: string | null
}

export interface HeroPicture {
  readonly image: IGatsbyImageData
  readonly alt: string
}

/** A plan card of "Ongoing Protection Options": its name and badge from data/plans.yaml. */
export interface ProtectionPlan {
  readonly name: string
  readonly badge: string
  readonly summary: string
  readonly points: readonly string[]
}
