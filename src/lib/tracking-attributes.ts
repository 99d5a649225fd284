/**
 * What the pages put in their markup for tracking: the Ads conversion and the offer every phone link
 * inside an element reports. Apart from tracking.ts so the pages carry none of the reporting code
 * (that loads on the first phone click, or with the lead forms).
 */
/** Where an Ads conversion goes ("AW-…/label"; empty: nowhere) and what it is worth in USD. */
export interface AdsConversion {
  sendTo: string
  value: number
}

/** Data attributes that make every phone link inside an element report an Ads conversion. */
export const adsConversionAttributes = ({ sendTo, value }: AdsConversion) =>
  sendTo === "" ? {} : { "data-ads-send-to": sendTo, "data-ads-value": String(value) }

/** The offer a page is about, for its phone_call events. */
export interface TrackedOffer {
  key: string
  name: string
  value: number
}

/** Data attributes that make every phone call from inside an element carry its offer. */
export const offerAttributes = ({ key, name, value }: TrackedOffer) => ({
  "data-offer-key": key,
  "data-offer-name": name,
  "data-offer-value": String(value),
})
