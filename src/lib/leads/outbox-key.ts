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
export function sentDetailOf(event: Event): OutboxSentDetail | null {
  if (!(event instanceof CustomEvent)) return null
  const detail: unknown = event.detail
  if (typeof detail !== "object" || detail === null || !("submissionIds" in detail)) return null
  const ids: unknown = detail.submissionIds
  return Array.isArray(ids) ? { submissionIds: ids.filter((id): id is string => typeof id === "string") } : null
}

/** The submissionId part of a key (outboxKey). */
export const submissionOfKey = (key: string) => key.slice(key.indexOf(":") + 1)
