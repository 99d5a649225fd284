/** data/home.yaml: the home page's texts. */
import { array, type InferType } from "yup"
import { text, strictObject, image, card, ctaSchema } from "./fields"

export const homeSchema = strictObject({
  badge: text(),
  heroImage: image("src/images"),
  estimateLabel: text(),
  plansLabel: text(),
  callLabel: text(),
  trustHeading: text(),
  trustCards: array().of(card()).required().length(4, "must have four trust cards"),
  plansHeading: text(),
  plansIntro: text(),
  planCardLabel: text(),
  allPlansLabel: text(),
  cta: ctaSchema,
})

export type HomeTexts = InferType<typeof homeSchema>
