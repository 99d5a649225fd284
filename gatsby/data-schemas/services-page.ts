/** data/services-page.yaml: the /services page's texts. */
import { array, type InferType } from "yup"
import { text, slug, strictObject, image, card, ctaSchema, valueLabels } from "./fields"
import { URGENCY_LEVELS } from "./pest"
import { AGGRESSION_LEVELS, DANGER_LEVELS, SEVERITIES } from "./pest-section"

export const servicesPageSchema = strictObject({
  gridHeading: text(),
  /** The picture of a pest page whose file names none. */
  defaultPestImage: image("src/images/pests"),
  learnMoreLabel: text(),
  plansHeading: text(),
  planSummaries: array()
    .of(strictObject({ planId: slug(), summary: text() }))
    .required()
    .length(3, "must summarise three plans"),
  plansLinkLabel: text(),
  reasonsHeading: text(),
  reasons: array().of(card()).required().length(4, "must give four reasons"),
  cta: ctaSchema,
  /** The labels of a species card on the pest pages. */
  speciesLabels: strictObject({
    season: text(),
    approach: text(),
    damage: text(),
    bite: text(),
    habitat: text(),
    locations: text(),
    diseases: text(),
    signs: text(),
    aggression: text(),
    danger: text(),
    dangerous: text(),
    protected: text(),
  }),
  /** What a pest's urgency and a species' levels say, by the value pests/*.yaml write (once, in English). */
  valueLabels: strictObject({
    urgency: valueLabels(URGENCY_LEVELS),
    severity: valueLabels(SEVERITIES),
    aggression: valueLabels(AGGRESSION_LEVELS),
    danger: valueLabels(DANGER_LEVELS),
  }),
})

export type ServicesPageTexts = InferType<typeof servicesPageSchema>
