/** The wizard's three calls (SPEC §7), in sequence, each independent of the others' failure. */
import type { LeadResult } from "./lead-outbox"
import { splitName, type EstimateAnswers } from "../estimate-wizard"

export interface EstimateOutcome {
  leadStored: boolean
  sentToCrm: boolean
  confirmationSent: boolean
}

/** Sends one call; a queued result (kept by the outbox and re-sent later) counts as not yet succeeded. */
export type Call = (name: string, body: Record<string, unknown>) => Promise<LeadResult>

const succeeded = (result: LeadResult | null) => Boolean(result?.ok && result.data?.success === true)

export async function submitEstimate(
  answers: EstimateAnswers,
  submission: { submissionId: string; website: string; formFillMs: number; accountId: string },
  call: Call,
  log: (message: string, detail: unknown) => void = (message, detail) => console.warn(message, detail),
): Promise<EstimateOutcome> {
  const { firstName, lastName } = splitName(answers.fullName)
  const common = {
    ...answers,
    firstName,
    lastName,
    submissionId: submission.submissionId,
    website: submission.website,
    formFillMs: submission.formFillMs,
  }
  const attempt = async (name: string, body: Record<string, unknown>) => {
    try {
      const result = await call(name, body)
      if (!result.ok) log(`[estimate] ${name} failed`, result)
      return result
    } catch (error) {
      log(`[estimate] ${name} failed`, error)
      return null
    }
  }
  const lead = await attempt("process-simple-lead", { ...common, source: "website_estimate" })
  const crm = await attempt("process-estimate", { ...common, accountId: submission.accountId })
  const confirmation = await attempt("send-estimate-confirmation", { ...common, accountId: submission.accountId })
  return {
    // The first call is judged only by the absence of an error (SPEC §7).
    leadStored: Boolean(lead?.ok),
    sentToCrm: succeeded(crm),
    confirmationSent: succeeded(confirmation),
  }
}

export interface OutcomeTexts {
  successTitle: string
  successText: string
  crmPrefix: string
  leadPrefix: string
  allFailedTitle: string
  allFailedText: string
}

/** The toast for an outcome (SPEC §8): success with its prefix, or the "Submission Issue" when every call failed. */
export function outcomeToast(outcome: EstimateOutcome, texts: OutcomeTexts) {
  const anySucceeded = outcome.leadStored || outcome.sentToCrm || outcome.confirmationSent
  if (!anySucceeded)
    return { variant: "destructive" as const, title: texts.allFailedTitle, description: texts.allFailedText }
  const prefix = outcome.sentToCrm ? texts.crmPrefix : outcome.leadStored ? texts.leadPrefix : ""
  return { variant: "default" as const, title: texts.successTitle, description: `${prefix}${texts.successText}` }
}
