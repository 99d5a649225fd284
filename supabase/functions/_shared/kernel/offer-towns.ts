/**
 * The towns an offer covers (declared in data: the $49 page's booking town and ZIP, each city offer's city) and
 * the offer a visitor from elsewhere can have instead: the city offer of their town (the cheapest when a town has
 * several), otherwise none (every offer, the fallback one too, is for its own town: the visitor is told the
 * regular price comes on the call). Such a lead is stored as always; it is flagged and the visitor told.
 */
import { sameTown, trailingPlace } from "./address.ts"
import type { Language } from "./languages.ts"
import { fill } from "./escape.ts"
import { BOOKING_TOWNS, CITY_OFFERS, CUSTOMER_TEXTS } from "./site-data.generated.ts"

export type CityOffer = (typeof CITY_OFFERS)[number]

/** A lead from outside its offer's towns: where the visitor said, which towns the offer covers, what to offer. */
export interface OutsideOffer {
  /** The town given, or the ZIP when only a ZIP was: "Yonkers", "10701". */
  place: string
  /** The town and ZIP given, for the office: "Yonkers 10701". */
  given: string
  /** The towns the offer covers, joined: "Scarsdale". */
  towns: string
  /** The city offer of the visitor's town, or null when their town has none. */
  instead: CityOffer | null
}

const dollars = (price: string) => Number(price.replace(/[^\d.]/g, ""))

/** The offer a visitor of `town` can have: its city offer (the cheapest of several), else null. */
export function offerForTown(town: string | null): CityOffer | null {
  const own = CITY_OFFERS.filter((offer) => town !== null && sameTown(offer.city, town))
  return [...own].sort((a, b) => dollars(a.price) - dollars(b.price))[0] ?? null
}

function outside(town: string | null, zip: string | null, towns: readonly string[]): OutsideOffer | null {
  const place = town ?? zip
  if (place === null) return null
  return { place, given: [town, zip].filter(Boolean).join(" "), towns: towns.join(", "), instead: offerForTown(town) }
}

/**
 * A $49 booking's typed street that ends with a ZIP the booking does not cover, or a town other than its own
 * (a town alone only when it is one of the city offers': "Main St, Old Road" stays a street).
 */
export function bookingOutside(street: string): OutsideOffer | null {
  const { town, zip } = trailingPlace(street)
  const covered = (name: string) => BOOKING_TOWNS.towns.some((own) => sameTown(own, name))
  const otherZip = zip !== null && !BOOKING_TOWNS.zips.includes(zip)
  const otherTown = town !== null && !covered(town) && CITY_OFFERS.some((offer) => sameTown(offer.city, town))
  if (!otherZip && !otherTown) return null
  return outside(town !== null && covered(town) ? null : town, zip, BOOKING_TOWNS.towns)
}

/** A city offer's callback whose town is not its offer's (the offer found by the special_offer its page sends). */
export function callbackOutside(specialOffer: string, city: string): OutsideOffer | null {
  const offer = CITY_OFFERS.find((o) => Object.values(o.specialOffers).includes(specialOffer))
  const town = city.trim()
  if (!offer || !town || sameTown(offer.city, town)) return null
  return outside(town, null, [offer.city])
}

/** What the visitor's answer and e-mail add, in their language ("" when the lead is inside its offer's towns). */
export function outsideOfferNote(outsideOffer: OutsideOffer | null, language: Language): string {
  if (outsideOffer === null) return ""
  const { responses } = CUSTOMER_TEXTS[language].messages
  const { towns, place, instead } = outsideOffer
  return instead === null
    ? fill(responses.outsideOfferNone, { towns, place })
    : fill(responses.outsideOffer, { towns, place, offer: instead.names[language], offerPrice: instead.price })
}

/** The office's flag: which offer, the town or ZIP given, the offer told of. */
export const outsideOfferFlag = (offer: string, outsideOffer: OutsideOffer) => ({
  code: "outside_offer_area" as const,
  detail: `${offer} (for ${outsideOffer.towns}): given ${outsideOffer.given}; ${
    outsideOffer.instead === null
      ? "no offer for that town: told the regular price comes on the call"
      : `told of ${outsideOffer.instead.names.en} ${outsideOffer.instead.price}`
  }`,
})
