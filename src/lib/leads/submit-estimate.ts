/** The wizard's three calls, in sequence with one submissionId, each independent of the others' failure. */
import type { ToastInput } from "../toast"
import { splitName, type EstimateAnswers } from "../estimate-wizard"
import { FAILED, type LeadOutcome } from "./lead-outcome"
import type { PostLead } from "./use-lead-form"

export interface EstimateOutcome {
  leadStored: boolean
  sentToCrm: boolean
  confirmationSent: boolean
}

/**
 * The answers as every call sends them: with firstName and lastName split from the full name, and the
 * arrival windows only when some were picked ("Call me to schedule" sends none, as before the picker).
 */
export const estimateLead = ({ preferredWindows, ...answers }: EstimateAnswers) => ({
  ...answers,
  ...splitName(answers.fullName),
  ...(preferredWindows.length > 0 ? { preferredWindows } : {}),
})
export type EstimateLead = ReturnType<typeof estimateLead>

/**
 * The wizard's outcome from its three calls' (each judged by the one rule, lead-outcome.ts):
 * - accepted when any call was accepted (a function answered 2xx: the lead is stored);
 * - else refused when a call was refused for a field the visitor can fix (its message is shown; the
 *   other calls' answers are kept in the outbox as the rule says);
 * - else pending when every call is kept in this browser's outbox: the wizard still moves on to step 8,
 *   which says the request is saved on this device and will be sent;
 * - else failed (a call neither sent nor kept): the wizard stays on step 7 with the error notice.
 */
export function estimateOutcome(calls: readonly LeadOutcome[]): LeadOutcome<EstimateOutcome> {
  const [lead, crm, confirmation] = calls.map((call) => call.status === "accepted")
  const answer = { leadStored: lead === true, sentToCrm: crm === true, confirmationSent: confirmation === true }
  if (answer.leadStored || answer.sentToCrm || answer.confirmationSent) return { status: "accepted", answer }
  const refused = calls.flatMap((call) => (call.status === "refused" ? [call.fields] : []))
  if (refused.length > 0) return { status: "refused", fields: Object.fromEntries(refused.flatMap(Object.entries)) }
  return calls.every((call) => call.status === "pending") ? { status: "pending" } : FAILED
}

/** The three calls in sequence, each sent whatever the others answered. */
export async function submitEstimate(
  lead: EstimateLead,
  accountId: string,
  post: PostLead,
): Promise<LeadOutcome<EstimateOutcome>> {
  const calls = [
    await post("process-simple-lead", { ...lead, source: "website_estimate" }),
    await post("process-estimate", { ...lead, accountId }),
    await post("send-estimate-confirmation", { ...lead, accountId }),
  ]
  return estimateOutcome(calls)
}

export interface SuccessTexts {
  successTitle: string
  successText: string
  crmPrefix: string
  leadPrefix: string
}

/** The success toast: prefixed by what the CRM call, or else the lead call, achieved. */
export function successNotice(outcome: EstimateOutcome, texts: SuccessTexts): ToastInput {
  const prefix = outcome.sentToCrm ? [texts.crmPrefix] : outcome.leadStored ? [texts.leadPrefix] : []
  return { title: texts.successTitle, description: [...prefix, texts.successText].join(" ") }
}
