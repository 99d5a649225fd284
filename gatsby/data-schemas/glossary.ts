/**
 * data/glossary.yaml: the words for the pests and the services in every language of kernel/languages.ts, the
 * same in every text (a test checks). A new language adds its forms to every term.
 */
import { array, object, type InferType } from "yup"
import { byLanguage } from "../../supabase/functions/_shared/kernel/languages"
import { fixedText, fixedTextList, optionalText, strictObject } from "./fields"

export const glossarySchema = strictObject({
  terms: array()
    .of(
      strictObject({
        /**
         * The forms of the term in each language (singular, plural) as they are written in texts: `en:` the English
         * ones, and each translation's; a translated text whose English says one of the English forms says one of its own.
         */
        ...byLanguage(() => fixedTextList()),
        /**
         * The words a language must never use for the term (one name for one thing: "horario de oficina", never
         * "horario de atención"), by language; no text of that language says any of them.
         */
        avoid: object(byLanguage(() => array().of(fixedText()).min(1)))
          .noUnknown(({ unknown }: { unknown?: string }) => `has unknown language(s): ${unknown ?? ""}`)
          .optional()
          .default(undefined),
        note: optionalText().meta({ translate: false }),
      }),
    )
    .required()
    .min(1),
})

export type Glossary = InferType<typeof glossarySchema>
