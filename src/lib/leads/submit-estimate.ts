/** The wizard's three calls (SPEC §7), in sequence with one submissionId, each independent of the others' failure. */
import type { ToastInput } from "../../components/ui/toaster"
import { splitName, type EstimateAnswers } from "../estimate-wizard"
import type { LeadOutcome } from "./lead-outcome"
import type { PostLead } from "./use-lead-form"

export interface EstimateOutcome {
  leadStored: boolean
  sentToCrm: boolean
  confirmationSent: boolean
}

/** The answers as every call sends them: with firstName and lastName split from the full name. */
export const estimateLead = (answers: EstimateAnswers) => ({ ...answers, ...splitName(answers.fullName) })
export type EstimateLead = ReturnType<typeof estimateLead>

/**
 * Each call is judged by the one rule (lead-outcome.ts). The wizard thanks the visitor when any
 * call was accepted; when none was, the requests wait in this browser's outbox (or were refused and
 * logged) and SPEC §4 still moves on to the thank-you screen: that is the wizard's pending outcome.
 */
export async function submitEstimate(
  lead: EstimateLead,
  accountId: string,
  post: PostLead,
): Promise<LeadOutcome<EstimateOutcome>> {
  const accepted = async (name: string, body: Record<string, unknown>) => (await post(name, body)).status === "accepted"
  const outcome = {
    leadStored: await accepted("process-simple-lead", { ...lead, source: "website_estimate" }),
    sentToCrm: await accepted("process-estimate", { ...lead, accountId }),
    confirmationSent: await accepted("send-estimate-confirmation", { ...lead, accountId }),
  }
  const anyAccepted = outcome.leadStored || outcome.sentToCrm || outcome.confirmationSent
  return anyAccepted ? { status: "accepted", answer: outcome } : { status: "pending" }
}

export interface SuccessTexts {
  successTitle: string
  successText: string
  crmPrefix: string
  leadPrefix: string
}

/** The success toast (SPEC §8): prefixed by what the CRM call, or else the lead call, achieved. */
export function successNotice(outcome: EstimateOutcome, texts: SuccessTexts): ToastInput {
  const prefix = outcome.sentToCrm ? texts.crmPrefix : outcome.leadStored ? texts.leadPrefix : ""
  return { title: texts.successTitle, description: `${prefix}${texts.successText}` }
}
