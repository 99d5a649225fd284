/** data/estimate-options.yaml: the estimate wizard's choices (the pests' come from their files). */
import { array, boolean, number } from "yup"
import { text, slug, strictObject } from "./fields"

const optionLabel = () => strictObject({ label: text(), priceNote: text() })

export const estimateOptionsSchema = strictObject({
  propertyTypes: array()
    .of(strictObject({ id: slug(), label: text() }))
    .required()
    .min(1),
  servicePlans: array()
    .of(strictObject({ id: slug(), name: text(), badge: text(), annual: boolean().required() }))
    .required()
    .min(1),
  additionalPests: array()
    .of(strictObject({ value: number().required().integer().min(0), label: text() }))
    .required()
    .min(1),
  sameDay: optionLabel(),
  quickKnock: optionLabel(),
  validityHours: number().required().integer().min(1),
})
