/**
 * Runs the lead outbox in the browser: on a page load that finds kept
 * submissions, when the browser comes back online, and on a timer while
 * entries wait. Loaded only then, or by a form, so pages carry none of it.
 */
import { callFunction } from "./api"
import { flushOutbox, readOutbox, sendLead, type OutboxDeps } from "./lead-outbox"
import type { LeadResult, ShownFields } from "./lead-outcome"

/** Loaded only when a kept entry needs a fresh Turnstile token. */
const turnstileToken = async () => (await import("../turnstile/outbox-token")).freshTurnstileToken()

const deps = (): OutboxDeps => ({ call: callFunction, storage: window.localStorage, now: Date.now, turnstileToken })

let running: Promise<void> | null = null
let timer: ReturnType<typeof setTimeout> | undefined

function schedule(at: number | null) {
  clearTimeout(timer)
  if (at !== null) timer = setTimeout(() => void runOutbox(), Math.max(1_000, at - Date.now()))
}

/** Sends what is due (everything when `force`), then waits for the next due entry. */
export function runOutbox(force = false): Promise<void> {
  running ??= (async () => {
    try {
      if (readOutbox(window.localStorage).length === 0) return
      const report = await flushOutbox(deps(), force)
      if (report.sent > 0) window.dispatchEvent(new CustomEvent("lead-outbox:sent", { detail: report }))
      schedule(report.nextAttemptAt)
    } catch (error) {
      console.error("[outbox] flush failed", error)
    } finally {
      running = null
    }
  })()
  return running
}

let watchingOnline = false
function watchOnline() {
  if (watchingOnline) return
  watchingOnline = true
  window.addEventListener("online", () => void runOutbox(true))
}

/** Starts the outbox for this page: pending submissions from earlier visits go out now. */
export function startOutbox() {
  watchOnline()
  void runOutbox(true)
}

/** What the forms call: sends the lead now, or keeps it and retries (unless refused for a field the form shows). */
export async function sendLeadFromBrowser(
  name: string,
  body: Record<string, unknown>,
  shown: ShownFields,
): Promise<LeadResult> {
  const result = await sendLead(deps(), name, body, shown)
  if (!result.ok && result.reason === "queued") {
    watchOnline()
    schedule(Math.min(...readOutbox(window.localStorage).map((e) => e.nextAttemptAt)))
  }
  return result
}
