/**
 * The one rule of every lead form (contact, estimate wizard, offer callback, $49 booking) for what the
 * browser does with an answer (a browser never drops a lead on an answer it cannot act on,
 * and says "received" only when a function answered 2xx).
 *
 * - accept: 2xx with `success: true` and no `error` (the contract's SuccessAnswer). The contract words it
 *   per form ("success is true", "absence of an error", "only the error field"); on every answer the
 *   contract allows those readings agree, so one rule serves all.
 * - show: a 400 whose `fields` names a field this form shows a message next to (its own fields, and
 *   `turnstileToken` when its widget is on). Only the visitor can fix that: the values stay and the
 *   message goes next to the field, in the page's language when the answer's `codes` name its refusal
 *   (kernel/field-errors.ts), else in the answer's own words. Nothing is kept.
 * - keep: everything else, kept in the outbox (lead-outbox.ts) and sent again with the same
 *   submissionId until it is accepted. Soon (5 s, doubling to 5 min) for an answer that changes by
 *   itself (no answer, a relay fault, 5xx, 408, 429); later (1 min, doubling to 1 h) for one that will
 *   not change soon (401, 403, 404, 409, 413, any other 4xx, a 400 naming no field the form shows, a
 *   2xx that does not say success): a server setting or a deploy must change first.
 */
import type { CallResult } from "./api"
import {
  fieldErrorMessage,
  fieldProblemOf,
  type FieldErrorTexts,
} from "../../../supabase/functions/_shared/kernel/field-errors.ts"

/** What an accepted request answered (SuccessAnswer: success, message, reference). */
export type Answer = Readonly<Record<string, unknown>>

/** What a form gets back from the outbox (lead-outbox.ts): the call's own result, or "queued" when it is kept and will be re-sent. */
export type LeadResult = CallResult | { ok: false; reason: "queued"; cause: CallResult }

/** The fields a form shows a message next to, as the contract names them. */
export type ShownFields = ReadonlySet<string>

/** The outbox shows nothing: a kept entry is never refused for a field. */
export const NO_FIELDS: ShownFields = new Set()

/** The anti-spam widget's field: shown (next to the widget) only by a form whose widget is on. */
export const TURNSTILE_FIELD = "turnstileToken"

export type Verdict =
  | { do: "accept"; answer: Answer }
  | { do: "show"; fields: Readonly<Record<string, string>> }
  | { do: "keep"; lasting: boolean }

const recordIn = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {}

/**
 * The backend's messages per invalid field, from an ErrorAnswer: each field's code (`codes`) in the words given
 * (the page's language), else its English message (`fields`; a code this site does not know, an older backend).
 */
function fieldMessages(data: Record<string, unknown> | null, words: FieldErrorTexts | null): Record<string, string> {
  const fields = recordIn(data?.fields)
  const codes = recordIn(data?.codes)
  return Object.fromEntries(
    Object.keys(fields).flatMap((field) => {
      const problem = words ? fieldProblemOf(codes[field], words) : null
      const message = problem && words ? fieldErrorMessage(problem, words) : fields[field]
      return typeof message === "string" ? [[field, message] as const] : []
    }),
  )
}

/** An HTTP answer likely to change by itself: the backend busy or limiting (also the lead service worker's rule). */
export const answerChangesByItself = (status: number) => status >= 500 || status === 408 || status === 429

/** No answer yet worth acting on, and one likely to change by itself: the backend out of reach, busy or limiting. */
const isTransient = (result: CallResult) =>
  !result.ok && (result.reason !== "http" || answerChangesByItself(result.status))

/** What to do with an answer; `words` are the page's words of the refusals (none: the answer's English). */
export function verdictOf(result: CallResult, shown: ShownFields, words: FieldErrorTexts | null = null): Verdict {
  if (result.ok && result.data?.success === true && !result.data.error) return { do: "accept", answer: result.data }
  if (!result.ok && result.reason === "http" && result.status === 400) {
    const shownMessages = Object.entries(fieldMessages(result.data, words)).filter(([field]) => shown.has(field))
    if (shownMessages.length > 0) return { do: "show", fields: Object.fromEntries(shownMessages) }
  }
  return { do: "keep", lasting: !isTransient(result) }
}

/**
 * What a form tells the visitor:
 * - accepted: a function answered 2xx (the success notice);
 * - pending: kept on this device and sent again (the "saved, will be sent" notice);
 * - refused: a field to fix (its message next to it, the values kept);
 * - failed: neither sent nor kept (the send threw, or storage would not keep it): the error notice,
 *   the values kept to send again.
 */
export type LeadOutcome<A = Answer> =
  | { status: "accepted"; answer: A }
  | { status: "pending" }
  | { status: "refused"; fields: Readonly<Record<string, string>> }
  | { status: "failed" }

export const FAILED: LeadOutcome<never> = { status: "failed" }

/** A form's outcome for one request as the outbox returned it (kept answers come back as "queued"). */
export function outcomeOf(result: LeadResult, shown: ShownFields, words: FieldErrorTexts | null = null): LeadOutcome {
  if (!result.ok && result.reason === "queued") return { status: "pending" }
  const verdict = verdictOf(result, shown, words)
  if (verdict.do === "accept") return { status: "accepted", answer: verdict.answer }
  if (verdict.do === "show") return { status: "refused", fields: verdict.fields }
  // An answer to keep that came back unkept: storage refused it (or a test's stand-in kept nothing).
  return FAILED
}
