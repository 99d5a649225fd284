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
