/** data/plans.yaml: the four service plans (the plans page; the home and services pages show them too). */
import { array, type InferType } from "yup"
import { text, textList, slug, strictObject } from "./fields"

/** One service plan; the estimate wizard's plan choices name these ids. */
const planSchema = strictObject({
  id: slug(),
  name: text(),
  badge: text(),
  tagline: text(),
  description: text(),
  features: textList(),
  notIncluded: array().of(text()).required(),
  idealFor: text(),
})

export const plansSchema = strictObject({
  plans: array().of(planSchema).required().length(4, "must list the four plans"),
  customPricing: text(),
  validityNote: text(),
  everyPlanHeading: text(),
  everyPlanIncludes: textList(),
  idealForLabel: text(),
  includedLabel: text(),
  notIncludedLabel: text(),
  estimateLabel: text(),
  contactLabel: text(),
})

export type PlansData = InferType<typeof plansSchema>
export type Plan = InferType<typeof planSchema>
