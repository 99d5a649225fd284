import { array, string, type InferType } from "yup"
import { HERO_VARIANTS } from "./offer"
import {
  text,
  textList,
  slug,
  strictObject,
  image,
  card,
  labelledIcon,
  formOutcomeTexts,
  WITH_FORM_OUTCOME,
  question,
} from "./fields"
import { requestFieldTexts } from "./request-field-texts"
import { CALLBACK_REQUEST } from "../../supabase/functions/_shared/kernel/callback-request.ts"

/** The texts of every /offer/{key} page; {city}, {offerName}, {price}, {couponCode} and {phone} come from the offer. */
export const offerPageSchema = strictObject({
  topBar: strictObject({ callLabel: text(), couponNote: text() }),
  hero: strictObject({
    heading: text(),
    tagline: text(),
    priceLabel: text(),
    badges: array().of(labelledIcon()).required().length(3, "must list exactly three badges"),
    callLabel: text(),
    couponNote: text(),
  }),
  heroImages: array()
    .of(
      strictObject({
        variant: string()
          .required()
          .oneOf([...HERO_VARIANTS]),
        image: image("src/images/offers"),
      }),
    )
    .test("every-variant", `must have one image for each hero variant (${HERO_VARIANTS.join(", ")})`, (list) =>
      HERO_VARIANTS.every((variant) => list?.filter((entry) => entry.variant === variant).length === 1),
    )
    .required(),
  exclusions: strictObject({ label: text(), items: textList() }),
  whatYouGet: strictObject({
    heading: text(),
    cards: array().of(card()).required().length(3, "must list exactly three cards"),
  }),
  protection: strictObject({
    heading: text(),
    intro: text(),
    plans: array()
      .of(strictObject({ plan: slug(), summary: text(), points: textList() }))
      .required()
      .length(3, "must list exactly three plans"),
  }),
  testimonials: strictObject({ heading: text() }),
  trustBadges: array().of(labelledIcon()).required().min(1),
  callback: strictObject({
    heading: text(),
    intro: text(),
    // The words of each field the callback declares (kernel/callback-request.ts).
    fields: requestFieldTexts(CALLBACK_REQUEST),
    submitLabel: text(),
    submittingLabel: text(),
    ...formOutcomeTexts,
    successText: text(),
  }).meta(WITH_FORM_OUTCOME),
  thankYou: strictObject({
    heading: text(),
    text: text(),
    hoursHeading: text(),
    emergencyText: text(),
    callLabel: text(),
  }),
  faq: strictObject({
    heading: text(),
    items: array().of(question()).required().length(4, "must list exactly four questions"),
  }),
  footer: strictObject({ websiteLabel: text(), hoursHeading: text(), areasHeading: text() }),
  mobileBar: strictObject({ callText: text(), callLabel: text() }),
  exitIntent: strictObject({ heading: text(), text: text(), callLabel: text(), continueLabel: text() }),
})

export type OfferPageTexts = InferType<typeof offerPageSchema>
