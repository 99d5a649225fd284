import { fill } from "../../supabase/functions/_shared/kernel/escape.ts"

/**
 * The placeholders an offer's texts (data/offers/<key>.yaml) and every offer page's texts
 * (data/offer-page.yaml) may use, each filled from the offer. The data schema allows exactly these.
 */
export const OFFER_PLACEHOLDERS = ["city", "offerName", "price", "couponCode", "phone"] as const

export interface OfferPlaceholders {
  readonly city: string
  readonly offerName: string
  readonly price: string
  readonly couponCode: string
  readonly phone: { readonly display: string }
}

const offerValues = (offer: OfferPlaceholders): Record<(typeof OFFER_PLACEHOLDERS)[number], string> => ({
  city: offer.city,
  offerName: offer.offerName,
  price: offer.price,
  couponCode: offer.couponCode,
  phone: offer.phone.display,
})

/** A text of an offer or of data/offer-page.yaml with the offer's {city}, {offerName}, {price}, {couponCode} and {phone} filled in. */
export const offerText = (template: string, offer: OfferPlaceholders) => fill(template, offerValues(offer))

interface OfferTexts {
  readonly title: string
  readonly metaDescription: string
  readonly customTestimonials: ReadonlyArray<{
    readonly quote: string
    readonly name: string
    readonly location: string
  }>
}

/**
 * The offer's own texts filled from its own fields: the page's <title>, description, social tags, JSON-LD and
 * testimonials all read them from here, so a price changed once is changed everywhere.
 */
export function filledOfferTexts<O extends OfferTexts & OfferPlaceholders>(offer: O): O {
  const t = (template: string) => offerText(template, offer)
  return {
    ...offer,
    title: t(offer.title),
    metaDescription: t(offer.metaDescription),
    customTestimonials: offer.customTestimonials.map((item) => ({
      quote: t(item.quote),
      name: t(item.name),
      location: t(item.location),
    })),
  }
}
