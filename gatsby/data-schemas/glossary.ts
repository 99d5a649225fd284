/** data/glossary.yaml: the Spanish words for the pests and the services, the same in every text (a test checks). */
import { array, type InferType } from "yup"
import { fixedTextList, optionalText, strictObject } from "./fields"

export const glossarySchema = strictObject({
  terms: array()
    .of(
      strictObject({
        /** The English forms (singular, plural) as they are written in texts. */
        en: fixedTextList(),
        /** The Spanish forms; a Spanish text whose English says the term uses one of them. */
        es: fixedTextList(),
        note: optionalText().meta({ translate: false }),
      }),
    )
    .required()
    .min(1),
})

export type Glossary = InferType<typeof glossarySchema>
