/** data/estimate-wizard.yaml: the estimate wizard's texts. */
import { array, string, type InferType } from "yup"
import { text, textList, strictObject } from "./fields"
import { requestFieldTexts } from "./request-field-texts"
import { ESTIMATE_REQUEST } from "../../supabase/functions/_shared/kernel/estimate-request.ts"

export const estimateWizardSchema = strictObject({
  stepTitles: array().of(text()).required().length(7, "must name the seven steps"),
  /** Analytics' names of the seven steps and the thank-you view (wizard_step events). */
  stepNames: array()
    .of(
      string()
        .required()
        .matches(/^[a-z][a-z0-9_]*$/, "must be a snake_case event value"),
    )
    .required()
    .length(8, "must name the seven steps and the thank-you view"),
  progress: text(),
  percentComplete: text(),
  previousLabel: text(),
  nextLabel: text(),
  /** What a step still needs, beside its greyed-out Next (src/lib/estimate-wizard.ts stillNeeded). */
  nextHints: strictObject({ propertyType: text(), servicePlan: text(), pests: text(), contact: text() }),
  callPrompt: text(),
  callLabel: text(),
  pestsHint: text(),
  additionalPestsLabel: text(),
  sameDayHint: text(),
  quickKnockHint: text(),
  sameDayUnavailable: text(),
  requiredNote: text(),
  // Nested: `fields` is a name Gatsby keeps for itself at a node's top level.
  contactStep: strictObject({ fields: requestFieldTexts(ESTIMATE_REQUEST) }),
  reviewLabels: strictObject({
    propertyType: text(),
    servicePlan: text(),
    pests: text(),
    additionalPests: text(),
    sameDayService: text(),
    quickKnock: text(),
    contact: text(),
    address: text(),
  }),
  yesLabel: text(),
  noLabel: text(),
  submitLabel: text(),
  submittingLabel: text(),
  warningTitle: text(),
  warningText: text(),
  referenceLabel: text(),
  thankYou: strictObject({
    heading: text(),
    intro: text(),
    nextHeading: text(),
    nextSteps: textList(),
    againLabel: text(),
  }),
  toasts: strictObject({
    successTitle: text(),
    successText: text(),
    /** Said before successText when the CRM took the request, or else when the lead was stored. */
    crmPrefix: text(),
    leadPrefix: text(),
    allFailedTitle: text(),
    allFailedText: text(),
    /** Said once the request saved on this device has been accepted from the outbox (a function answered 2xx). */
    sentTitle: text(),
    sentText: text(),
    errorTitle: text(),
    errorText: text(),
  }),
})

export type EstimateWizardTexts = InferType<typeof estimateWizardSchema>
