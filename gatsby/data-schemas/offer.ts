/** data/offers/<key>.yaml: one city offer. */
import { array, boolean, string, type InferType } from "yup"
import { OFFER_PLACEHOLDERS } from "../../src/lib/offer-text"
import { dollars, fixedText, fixedTextList, text, strictObject, openingHours, placeholderText } from "./fields"

export const HERO_VARIANTS = ["technician", "family"] as const

/** A text of the offer: its price and coupon code only as {price} and {couponCode}, filled from the fields below. */
const offerText = () => placeholderText(OFFER_PLACEHOLDERS, ["price"], "the offer's price")

export const offerSchema = strictObject({
  key: string()
    .required()
    .matches(/^[a-z0-9]+$/, "must be lowercase letters and digits, such as yonkers39"),
  fallback: boolean(),
  city: fixedText(),
  offerName: text(),
  price: dollars(),
  couponCode: fixedText(),
  phone: strictObject({
    display: fixedText(),
    e164: string()
      .required()
      .matches(/^\+1\d{10}$/, "must be a US number in E.164 form"),
  })
    .optional()
    .default(undefined),
  email: string().email("must be an e-mail address"),
  /** Published hours for this offer's phone; site.yaml's when absent. */
  hours: openingHours().optional().default(undefined),
  title: offerText().max(90),
  metaDescription: offerText().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  heroVariant: string()
    .required()
    .oneOf([...HERO_VARIANTS]),
  serviceAreas: fixedTextList(),
  customTestimonials: array()
    .of(strictObject({ quote: offerText(), name: fixedText(), location: fixedText() }))
    .required()
    .length(3, "must list exactly three testimonials"),
  utmSource: string().trim(),
  utmCampaign: string().trim(),
})

export type OfferRecord = InferType<typeof offerSchema>
