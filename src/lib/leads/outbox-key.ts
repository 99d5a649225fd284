/** Where the browser outbox keeps submissions (see lead-outbox.ts); apart so start-up can look without loading the outbox. */
export const OUTBOX_KEY = "lead-outbox.v1"

/** Whether this browser holds submissions from an earlier failed send. */
export function hasKeptSubmissions(): boolean {
  try {
    return window.localStorage.getItem(OUTBOX_KEY) !== null
  } catch {
    return false
  }
}

/** One kept call: its function and its submission. */
export const outboxKey = (name: string, submissionId: string) => `${name}:${submissionId}`

/** The window event the outbox sends when kept calls were accepted (a form that said "saved" then says "sent"). */
export const OUTBOX_SENT_EVENT = "lead-outbox:sent"

export interface OutboxSentDetail {
  /** The submissions of the accepted calls. */
  submissionIds: readonly string[]
}

/** The detail of an OUTBOX_SENT_EVENT (an event of that name may come from anywhere). */
export const sentDetailOf = (event: Event): OutboxSentDetail | null =>
  event instanceof CustomEvent &&
  typeof event.detail === "object" &&
  event.detail !== null &&
  Array.isArray(event.detail.submissionIds)
    ? { submissionIds: event.detail.submissionIds.filter((id: unknown): id is string => typeof id === "string") }
    : null

/** The submissionId part of a key (outboxKey). */
export const submissionOfKey = (key: string) => key.slice(key.indexOf(":") + 1)
