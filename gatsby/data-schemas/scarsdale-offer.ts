import { array, string, type InferType } from "yup"
import {
  dollars,
  text,
  textList,
  strictObject,
  labelledIcon,
  testimonial,
  formOutcomeTexts,
  WITH_FORM_OUTCOME,
} from "./fields"
import { requestFieldTexts } from "./request-field-texts"
import { BOOKING_REQUEST } from "../../supabase/functions/_shared/kernel/booking-request.ts"

/**
 * The $49 Scarsdale landing page. Its dollar amounts are written once, in `amounts`; every text (and the page's
 * data/pages file) names them as {price}, {regularValue} and {saving}. {phone}, {yearsLabel} and {foundedYear}
 * come from site.yaml.
 */
const amountsSchema = strictObject({ price: dollars(), regularValue: dollars(), saving: dollars() })

export const scarsdaleOfferSchema = strictObject({
  amounts: amountsSchema,
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
    // The words of each field the booking declares (kernel/booking-request.ts), by its name.
    fields: requestFieldTexts(BOOKING_REQUEST),
    submitLabel: text(),
    busyLabel: text(),
    ...formOutcomeTexts,
    successText: text(),
    successTakenText: text(),
    successCallText: text(),
  }).meta(WITH_FORM_OUTCOME),
  booking: strictObject({
    city: text(),
    zipCode: string()
      .required()
      .matches(/^\d{5}$/, "must be a 5-digit ZIP code"),
    specialOffer: text(),
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
    callHeading: text(),
    text: text(),
    heldLine: text(),
    takenLine: text(),
    callLine: text(),
    nextHeading: text(),
    heldNextSteps: textList(),
    nextSteps: textList(),
    emergencyText: text(),
  }),
})

export type ScarsdaleOfferTexts = InferType<typeof scarsdaleOfferSchema>

/** The placeholders of the page's amounts, the names of `amounts`. */
export const SCARSDALE_AMOUNTS = Object.keys(amountsSchema.fields)
