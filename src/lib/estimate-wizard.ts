/** The estimate wizard's rules, as pure functions. */
import type { Contract } from "./leads/contract-loader"
import type { EstimateFieldName } from "../../supabase/functions/_shared/kernel/estimate-request.ts"
import { referenceAt } from "../../supabase/functions/_shared/kernel/reference.ts"

export const TOTAL_STEPS = 7
export const THANK_YOU_STEP = 8

/** The wizard's choices, steps 1 to 5. */
export interface EstimateChoices {
  propertyType: string
  servicePlan: string
  pests: string[]
  additionalPests: number
  sameDayService: boolean
  quickKnock: boolean
  /** Step 5's arrival windows (ids); none: the office calls to schedule. */
  preferredWindows: string[]
}

/** Every answer: the choices, and the declared fields of step 6 (kernel/estimate-request.ts). */
export type EstimateAnswers = EstimateChoices & Record<EstimateFieldName, string>

const NO_CHOICES: EstimateChoices = {
  propertyType: "",
  servicePlan: "",
  pests: [],
  additionalPests: 0,
  sameDayService: false,
  quickKnock: false,
  preferredWindows: [],
}

/** No answer yet: nothing chosen, and each of step 6's fields (the page's data names them, in order) empty. */
export const emptyAnswers = (fields: readonly string[]): EstimateAnswers =>
  // The build checks the data lists each declared field once (request-field-texts.ts): these are their names.
  ({ ...NO_CHOICES, ...Object.fromEntries(fields.map((name) => [name, ""])) }) as EstimateAnswers

/** Step 6 is checked with the same rules the functions use (the contract, loaded after the page). */
export const contactStepSchema = (contract: Contract) =>
  contract.estimateRequestSchema.pick(contract.ESTIMATE_FIELD_NAMES)

/** Step 6's fields alone (the contract's objects reject fields they do not know). */
export const contactFieldsOf = (answers: EstimateAnswers, contract: Contract) =>
  Object.fromEntries(contract.ESTIMATE_FIELD_NAMES.map((field) => [field, answers[field]]))

/** The paths a Yup validation error names (its `inner` issues), nothing for anything else. */
const issuePaths = (error: unknown): string[] =>
  typeof error === "object" && error !== null && "inner" in error && Array.isArray(error.inner)
    ? error.inner.flatMap((issue: unknown) =>
        typeof issue === "object" && issue !== null && "path" in issue && typeof issue.path === "string"
          ? [issue.path]
          : [],
      )
    : []

/** What the step still needs before Next: its choice, or step 6's fields not yet right, by name (none: it may go on). */
export function stillNeeded(step: number, answers: EstimateAnswers, contract: Contract | null): string[] {
  switch (step) {
    case 1:
      return answers.propertyType === "" ? ["propertyType"] : []
    case 2:
      return answers.servicePlan === "" ? ["servicePlan"] : []
    case 3:
      return answers.pests.length === 0 ? ["pests"] : []
    case 6: {
      if (contract === null) return []
      try {
        contactStepSchema(contract).validateSync(contactFieldsOf(answers, contract), { abortEarly: false })
        return []
      } catch (error) {
        return [...new Set(issuePaths(error))]
      }
    }
    default:
      return []
  }
}

/** Whether the step's answers let the visitor go on; step 6 needs the contract, and is invalid until it has loaded. */
export const isStepValid = (step: number, answers: EstimateAnswers, contract: Contract | null): boolean =>
  (step !== 6 || contract !== null) && stillNeeded(step, answers, contract).length === 0

/** The annual plans (C•ARE, C•ARE+, C•AREMAX) skip step 4, both ways. */
export const nextStep = (step: number, annualPlan: boolean) =>
  step === 3 && annualPlan ? 5 : Math.min(TOTAL_STEPS, step + 1)
export const previousStep = (step: number, annualPlan: boolean) =>
  step === 5 && annualPlan ? 3 : Math.max(1, step - 1)

/** firstName and lastName, split at the first space. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim()
  const space = trimmed.indexOf(" ")
  return space === -1
    ? { firstName: trimmed, lastName: "" }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() }
}

/** The reference shown to the visitor: WEB + the last six digits of the time in ms (kernel/reference.ts). */
export const referenceNumber = (now = Date.now()) => referenceAt(now)

export const percentComplete = (step: number) => Math.round((Math.min(step, TOTAL_STEPS) / TOTAL_STEPS) * 100)

export const specialPestsIn = (pests: readonly string[], special: readonly string[]) =>
  pests.filter((p) => special.includes(p))
