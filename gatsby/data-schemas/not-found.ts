/** data/not-found.yaml: the not-found page's texts. */
import { array } from "yup"
import { text, routePath, strictObject, seoFields } from "./fields"

export const notFoundSchema = strictObject({
  ...seoFields,
  keywords: array().of(text()),
  description: text(),
  heading: text(),
  message: text(),
  homeLabel: text(),
  contactLabel: text(),
  contactPath: routePath(),
  callPrompt: text(),
})
