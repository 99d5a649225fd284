import { array, number, string, type InferType } from "yup"
import { text, textList, strictObject, labelledIcon, testimonial, formOutcomeTexts } from "./fields"

/** The $49 Scarsdale landing page; {phone}, {yearsLabel} and {foundedYear} come from site.yaml. */
export const scarsdaleOfferSchema = strictObject({
  hero: strictObject({
    eyebrow: text(),
    heading: text(),
    intro: text(),
    price: text(),
    regularValue: text(),
    saving: text(),
    spotsRemaining: text(),
    countdownLabel: text(),
    countdownStart: string()
      .required()
      .matches(/^\d{2}:[0-5]\d:[0-5]\d$/, "must be hours:minutes:seconds such as 23:59:59"),
    bookLabel: text(),
    callLabel: text(),
  }),
  featuredTestimonial: testimonial(),
  included: strictObject({ heading: text(), items: textList() }),
  disclaimer: strictObject({ heading: text(), items: textList() }),
  form: strictObject({
    heading: text(),
    intro: text(),
    fullNameLabel: text(),
    phoneLabel: text(),
    emailLabel: text(),
    addressLabel: text(),
    addressPlaceholder: text(),
    submitLabel: text(),
    busyLabel: text(),
    ...formOutcomeTexts,
    successText: text(),
  }),
  booking: strictObject({
    city: text(),
    zipCode: string()
      .required()
      .matches(/^\d{5}$/, "must be a 5-digit ZIP code"),
    specialOffer: text(),
    conversionValue: number().required().positive(),
  }),
  trustBadges: array().of(labelledIcon()).required().min(1),
  testimonials: strictObject({
    heading: text(),
    items: array().of(testimonial()).required().length(3, "must list exactly three testimonials"),
  }),
  credentials: strictObject({
    heading: text(),
    licenseLabel: text(),
    insuranceLabel: text(),
    yearsLabel: text(),
    yearsText: text(),
  }),
  stickyCall: strictObject({ label: text() }),
  exitIntent: strictObject({ heading: text(), text: text(), callLabel: text(), closeLabel: text() }),
  thankYou: strictObject({
    heading: text(),
    text: text(),
    nextHeading: text(),
    nextSteps: textList(),
    emergencyText: text(),
  }),
})

export type ScarsdaleOfferTexts = InferType<typeof scarsdaleOfferSchema>
