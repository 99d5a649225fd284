/** The field builders the data schemas share: texts, paths, hours, pictures, and the closed objects they sit in. */
import { array, number, object, string, type InferType, type ObjectShape } from "yup"
import { ICON_NAMES } from "../../src/lib/icon-names"
import { WEEK } from "../../src/lib/hours"
import type { ReadonlyData } from "./readonly-data"
import { PROMISE_PLACEHOLDERS } from "./promise-placeholders"

/**
 * A text visitors read: written in every language (data files hold `en:` and a translation under `es:`; see
 * gatsby/i18n/). A value that stays the same in every language (a name, a phone number) is a `fixedText`.
 */
export const text = () => string().trim().required().meta({ translate: true })
export const fixedText = () => string().trim().required()
export const textList = () => array().of(text()).required().min(1)
export const fixedTextList = () => array().of(fixedText()).required().min(1)

/**
 * The rules of a text whose amounts come from elsewhere in the data through {placeholders}: no dollar amount,
 * which would stay behind when the price changes, and only `placeholders` (none checked when null: texts the
 * functions fill at run time). `amounts` are the placeholders that stand for prices and `source` says where they
 * are filled from, both named in the message.
 */
export const placeholderRules = (
  placeholders: readonly string[] | null,
  amounts: readonly string[],
  source: string,
): Array<[RegExp, string]> => {
  const names = (list: readonly string[]) => list.map((name) => `{${name}}`).join(", ")
  return [
    [
      /^(?![\s\S]*\$\s*\d)/,
      `must not write a dollar amount: write ${names(amounts)} (filled from ${source}), so a price change reaches this text too`,
    ],
    ...(placeholders === null
      ? []
      : ([
          [
            // The forms' promises are filled in every text of data/ (gatsby/promise-texts.ts).
            new RegExp(`^(?:[^{}]|\\{(?:${[...placeholders, ...PROMISE_PLACEHOLDERS].join("|")})\\})*$`),
            `may use only the placeholders ${names(placeholders)}`,
          ],
        ] as Array<[RegExp, string]>)),
  ]
}

/** A text with placeholderRules; the editor checks them as the text is typed (its pattern). */
export const placeholderText = (placeholders: readonly string[], amounts: readonly string[], source: string) =>
  placeholderRules(placeholders, amounts, source).reduce(
    (schema, [rule, message]) => schema.matches(rule, message),
    text(),
  )

/** A price or a dollar value as it is shown: "$49", "$59.50". */
export const dollars = () =>
  string()
    .required()
    .matches(/^\$\d+(?:\.\d{2})?$/, "must be a dollar price such as $49")

/** A site route as English pages know it; each language's page gets its own language's route (gatsby/i18n/routes.ts). */
export const routePath = () =>
  string()
    .required()
    .meta({ route: true })
    .matches(
      /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/,
      "must be a site path such as /services/ants (lowercase, no trailing slash)",
    )
export const slug = () =>
  string()
    .required()
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes")
export const clockTime = () =>
  string()
    .required()
    .matches(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time such as 08:00")

/** Required, closed objects: a missing block or a misspelt key fails the build instead of being ignored. */
export const strictObject = <S extends ObjectShape>(shape: S) =>
  object(shape)
    .noUnknown(({ unknown }: { unknown?: string }) => `has unknown field(s): ${unknown ?? ""}`)
    .required()

/** The GraphQL interface of every form's outcome texts: one fragment selects them (src/fragments/form-outcome.ts). */
export const FORM_OUTCOME_INTERFACE = "FormOutcomeTexts"

/** The meta of a form's texts that spread formOutcomeTexts: their GraphQL type implements the interface. */
export const WITH_FORM_OUTCOME = { graphqlInterfaces: [FORM_OUTCOME_INTERFACE] }

/** What a lead form shows once sent: sent, failed, or saved to be retried (pending). */
export const formOutcomeTexts = {
  successTitle: text(),
  errorTitle: text(),
  errorText: text(),
  pendingTitle: text(),
  pendingText: text(),
  /** Said once a request the form said was saved has been accepted from the outbox (a function answered 2xx). */
  sentTitle: text(),
  sentText: text(),
}

export const weekday = () =>
  string()
    .required()
    .oneOf([...WEEK])

export const openingHours = () =>
  array()
    .of(strictObject({ days: array().of(weekday()).required().min(1), opens: clockTime(), closes: clockTime() }))
    .min(1)
export const link = () => strictObject({ label: text(), path: routePath() })
export const optionalText = () => string().trim().min(1).meta({ translate: true })
export const optionalList = () => array().of(text()).min(1)
export const icon = () =>
  string()
    .required()
    .oneOf([...ICON_NAMES])
/**
 * An image file (a path relative to the YAML file) and its alt text. `folder` is where the content
 * editor puts uploads, from the repository root. One GraphQL type (Picture) wherever a file has one, so
 * one fragment makes any of them a page's social preview (src/fragments/social-picture.ts).
 */
export const image = (folder: string) =>
  strictObject({
    src: string()
      .required()
      .matches(/\.(png|jpe?g|webp)$/, "must be a .png, .jpg or .webp file")
      .meta({ graphqlType: "File @fileByRelativePath", cmsMediaFolder: folder, cmsLabel: "Picture" }),
    alt: text().meta({ cmsLabel: "Alt text", cmsHint: "What the picture shows, for people who cannot see it." }),
  }).meta({ graphqlName: "Picture" })

/**
 * The words shown for each of a field's fixed values (a pest's urgency, a species' danger level): the values are
 * written once, in English, in the data files that use them; what a visitor reads is each value's label here,
 * in every language. Every value is labelled exactly once, so a new value without its label fails the build.
 */
export const valueLabels = (values: readonly string[]) =>
  array()
    .of(
      strictObject({
        value: string()
          .required()
          .oneOf([...values]),
        label: text(),
      }).meta({
        graphqlName: "ValueLabel",
      }),
    )
    .required()
    .test("every-value", function (entries) {
      const missing = values.filter((value) => entries.filter((entry) => entry.value === value).length !== 1)
      return missing.length === 0
        ? true
        : this.createError({ message: `must label each value once: ${missing.map((v) => `"${v}"`).join(", ")}` })
    })

export const card = () => strictObject({ icon: icon(), title: text(), text: text() })

export const seoFields = {
  title: text().max(90, "must be at most 90 characters so search results show most of it"),
  keywords: textList(),
}

export const labelledIcon = () => strictObject({ icon: icon(), label: text() })

/** A figure and what it counts (the about page's quick facts, a pest page's facts section). */
export const fact = () => strictObject({ value: text(), label: text() })

/** A question with its answer (the FAQ page, an offer page's FAQ). */
export const question = () => strictObject({ question: text(), answer: text() })

/** A customer's words with their star rating: one GraphQL type wherever a file lists them. */
export const testimonial = () =>
  strictObject({
    quote: text(),
    name: fixedText(),
    location: fixedText(),
    rating: number().required().integer().min(1).max(5),
  }).meta({ graphqlName: "Testimonial" })

/** The closing call to action of a page: one GraphQL type wherever a page has one. */
export const ctaSchema = strictObject({
  heading: text(),
  text: text(),
  primaryLabel: text(),
  secondaryLabel: text(),
}).meta({
  graphqlName: "CallToAction",
})

// The shared shapes as components take them (see readonly-data.ts).
export type FactData = ReadonlyData<InferType<ReturnType<typeof fact>>>
export type QuestionData = ReadonlyData<InferType<ReturnType<typeof question>>>
export type TestimonialData = ReadonlyData<InferType<ReturnType<typeof testimonial>>>
export type CtaData = ReadonlyData<InferType<typeof ctaSchema>>
