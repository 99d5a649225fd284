/**
 * The one success rule of every lead form (contact, estimate wizard, offer callback, $49 booking).
 *
 * A request's result is one of three outcomes:
 * - accepted: the backend answered 2xx with `success: true` and no `error` (the contract's
 *   SuccessAnswer). SPEC §7 words it per form ("success is true", "absence of an error", "only the
 *   error field"); on every answer the contract allows those readings agree, so one rule serves all.
 * - pending: no answer to judge (network down, timeout, gateway fault, 5xx, 429). The outbox keeps
 *   the request and re-sends it with the same submissionId, so the visitor is told it is saved and
 *   will be sent (the pending notice), never that it failed.
 * - refused: anything else (a 4xx, an answer that says it failed, a call that threw). Never re-sent;
 *   the form shows its error notice and keeps its values, with the backend's field messages if any.
 */
import type { LeadResult } from "./lead-outbox"

/** What an accepted request answered (SuccessAnswer: success, message, reference). */
export type Answer = Readonly<Record<string, unknown>>

export type LeadOutcome<A = Answer> =
  | { status: "accepted"; answer: A }
  | { status: "pending" }
  | { status: "refused"; fields: Readonly<Record<string, string>> }

export const REFUSED: LeadOutcome<never> = { status: "refused", fields: {} }

/** The backend's messages per invalid field, from a 4xx ErrorAnswer's `fields`. */
function fieldMessages(result: LeadResult): Record<string, string> {
  if (result.ok || result.reason !== "http" || result.status >= 500) return {}
  const fields = result.data?.fields
  if (typeof fields !== "object" || fields === null) return {}
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  )
}

export function outcomeOf(result: LeadResult): LeadOutcome {
  if (!result.ok && result.reason === "queued") return { status: "pending" }
  if (result.ok && result.data?.success === true && !result.data.error)
    return { status: "accepted", answer: result.data }
  return { status: "refused", fields: fieldMessages(result) }
}
