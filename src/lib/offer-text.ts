import { fill } from "../../supabase/functions/_shared/kernel/escape.ts"

export interface OfferPlaceholders {
  readonly city: string
  readonly offerName: string
  readonly price: string
  readonly couponCode: string
  readonly phone: { readonly display: string }
}

/** A text of data/offer-page.yaml with the offer's {city}, {offerName}, {price}, {couponCode} and {phone} filled in. */
export const offerText = (template: string, offer: OfferPlaceholders) =>
  fill(template, {
    city: offer.city,
    offerName: offer.offerName,
    price: offer.price,
    couponCode: offer.couponCode,
    phone: offer.phone.display,
  })
