/**
 * Each public function's body check and what it stores, by name: the routes use it for the bodies they
 * receive, and the office's "Not spam" release for the bodies a spam record kept.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import type { PublicFunctionName } from "./kernel/contract.ts"
import { contactIntake, estimateConfirmationIntake, estimateIntake, simpleLeadIntake, type Intake } from "./leads.ts"
import { contactMessageInput, estimateRequestInput, simpleLeadInput } from "./validate.ts"

const checked = async <T>(schema: StandardSchemaV1<unknown, T>, body: unknown): Promise<T | null> => {
  const result = await schema["~standard"].validate(body)
  return result.issues ? null : result.value
}

/** The intake of a body for a function, or null when the body does not meet its contract (any more). */
export async function intakeFor(name: PublicFunctionName, body: unknown): Promise<Intake | null> {
  switch (name) {
    case "process-contact": {
      const value = await checked(contactMessageInput, body)
      return value && contactIntake(value)
    }
    case "process-simple-lead": {
      const value = await checked(simpleLeadInput, body)
      return value && simpleLeadIntake(value)
    }
    case "process-estimate": {
      const value = await checked(estimateRequestInput, body)
      return value && estimateIntake(value)
    }
    case "send-estimate-confirmation": {
      const value = await checked(estimateRequestInput, body)
      return value && estimateConfirmationIntake(value)
    }
  }
}

/** The wizard's calls in the order the browser makes them: a released wizard submission replays them so. */
export const CALL_ORDER: readonly PublicFunctionName[] = [
  "process-simple-lead",
  "process-estimate",
  "send-estimate-confirmation",
  "process-contact",
]
