/** data/about.yaml: the about page's texts. */
import { array, type InferType } from "yup"
import { text, textList, strictObject, card, ctaSchema, fact } from "./fields"

export const aboutSchema = strictObject({
  storyHeading: text(),
  story: textList(),
  factsHeading: text(),
  quickFacts: array().of(fact()).required().min(3),
  valuesHeading: text(),
  values: array().of(card()).required().length(4, "must list four values"),
  doHeading: text(),
  weDo: textList(),
  dontHeading: text(),
  weDont: textList(),
  cta: ctaSchema,
})

export type AboutTexts = InferType<typeof aboutSchema>
