/**
 * What each public function stores, keyed by the function registry (functions.ts) so that a function
 * without an intake fails the type check: the routes use it for the bodies they receive, and the
 * office's "Not spam" release for the bodies a spam record kept. Apart from the registry because it
 * imports the storing code (leads.ts), which the spam review the registry labels for is part of.
 */
import type { PublicFunctionName } from "./kernel/contract.ts"
import { LEAD_FUNCTIONS, type BodyOf } from "./functions.ts"
import { contactIntake, estimateConfirmationIntake, estimateIntake, simpleLeadIntake, type Intake } from "./leads.ts"

/** The fields every body carries (contract.ts): the idempotency key and the spam checks. */
export interface SubmissionFields {
  submissionId: string
  website: string
  formFillMs: number
  turnstileToken?: string | undefined
  source?: string
  accountId?: string
}

/** A valid body as the submit pipeline takes it: the fields its checks read, and what it stores. */
export interface Received {
  fields: SubmissionFields
  intake: Intake
}

const INTAKES: { [N in PublicFunctionName]: (body: BodyOf<N>) => Received } = {
  "process-contact": (body) => ({ fields: body, intake: contactIntake(body) }),
  // A simple lead's body is one of three shapes, named by its kind: its checks read the lead itself.
  "process-simple-lead": (submission) => ({ fields: submission.lead, intake: simpleLeadIntake(submission) }),
  "process-estimate": (body) => ({ fields: body, intake: estimateIntake(body) }),
  "send-estimate-confirmation": (body) => ({ fields: body, intake: estimateConfirmationIntake(body) }),
}

/** What a valid body of this function stores. */
export const receive = <N extends PublicFunctionName>(name: N, body: BodyOf<N>): Received => INTAKES[name](body)

/** A body as this function's contract reads it, or null when it does not meet it (any more). */
const checked = async <N extends PublicFunctionName>(name: N, body: unknown): Promise<BodyOf<N> | null> => {
  const result = await LEAD_FUNCTIONS[name].input["~standard"].validate(body)
  return result.issues ? null : result.value
}

/** The intake of a body for a function, or null when the body does not meet its contract (any more). */
export async function intakeFor(name: PublicFunctionName, body: unknown): Promise<Intake | null> {
  const value = await checked(name, body)
  return value && receive(name, value).intake
}
