/** data/site.yaml: the company's facts, hours and tracking IDs. */
import { array, number, string, type InferType } from "yup"
import { WEEK } from "../../src/lib/hours"
import { closedDates, closedTexts } from "./closed-dates"
import { fixedText, fixedTextList, text, strictObject, weekday, openingHours, image } from "./fields"

export const siteSchema = strictObject({
  name: fixedText(),
  shortName: fixedText(),
  tagline: text(),
  foundedYear: number().required().integer().min(1900).max(2100),
  yearsLabel: text(),
  phone: strictObject({
    display: fixedText(),
    e164: string()
      .required()
      .matches(/^\+1\d{10}$/, "must be a US number in E.164 form such as +19145550123"),
  }),
  email: string().required().email("must be an e-mail address"),
  address: strictObject({
    street: fixedText(),
    city: fixedText(),
    region: string().required().length(2, "must be a two-letter state code"),
    postalCode: string()
      .required()
      .matches(/^\d{5}$/, "must be a five-digit ZIP code"),
    country: string().required().length(2, "must be a two-letter country code"),
  }),
  geo: strictObject({
    latitude: number().required().min(-90).max(90),
    longitude: number().required().min(-180).max(180),
  }),
  /** The licence line (the footer, the $49 page, every e-mail): the registration's name and number, in every language. */
  licenseNumber: text(),
  insuranceNote: text(),
  priceRange: fixedText(),
  timeZone: fixedText(),
  hours: openingHours().required(),
  closedDates: closedDates(),
  closedTexts: closedTexts(),
  sameDayService: strictObject({
    brand: fixedText(),
    cutoffHour: number().required().integer().min(0).max(23),
    days: array().of(weekday()).required().min(1),
    banner: text(),
  }),
  serviceArea: fixedTextList(),
  footerTowns: fixedTextList(),
  serviceRadiusMeters: number().required().integer().positive(),
  customerPortal: strictObject({ label: text(), url: string().required().url("must be a full https:// address") }),
  /**
   * The picture a shared link shows (cropped to 1200×630) for a page whose data names none of its own (a pest's,
   * an offer's, a page file's socialImage).
   */
  socialImage: image("src/images"),
  /** What a lead from each form is worth to Ads and Analytics (generate_lead); offer pages use the offer's price. */
  leadValues: strictObject({
    currency: string()
      .required()
      .matches(/^[A-Z]{3}$/, "must be a three-letter currency code such as USD"),
    contact: number().required().positive(),
    estimate: number().required().positive(),
  }),
  tracking: strictObject({
    googleAnalyticsId: string()
      .defined()
      .matches(/^(G-[A-Z0-9]+)?$/, "must be empty or a G-… measurement ID"),
    googleAdsId: string()
      .defined()
      .matches(/^(AW-\d+)?$/, "must be empty or an AW-… conversion ID"),
    adsConversionLabel: string()
      .defined()
      .matches(/^[A-Za-z0-9_-]*$/, "must be empty or an Ads conversion label"),
  }),
})

export type SiteFacts = InferType<typeof siteSchema>
export type Weekday = (typeof WEEK)[number]
