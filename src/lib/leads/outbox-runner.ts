/**
 * Runs the lead outbox in the browser: on a page load that finds kept submissions, when the browser comes
 * back online (at once, then again after 1, 2, 4, 8 and 16 s, since `online` can come before the network
 * really works), and on a timer while entries wait. Where the browser has Background Sync, each call kept
 * for want of an answer is also handed to the lead service worker, which sends it even after the tab is
 * closed (lead-sync-client.ts); whichever side has it accepted first tells the other. Each accepted call
 * is announced to the page (OUTBOX_SENT_EVENT), so a form that said "saved" says "sent". Loaded only when
 * a page finds kept submissions, or by a form, so pages carry none of it.
 */
import { callFunction } from "./api"
import { flushOutbox, readOutbox, removeKept, sendLead, type OutboxDeps } from "./lead-outbox"
import type { LeadResult, ShownFields } from "./lead-outcome"
import { OUTBOX_SENT_EVENT, submissionOfKey, type OutboxSentDetail } from "./outbox-key"
import { canSyncInBackground, handOver, onWorkerDelivered, tellDelivered } from "./lead-sync-client"

/** After an `online` event: tries at once, then after each of these waits while calls remain kept. */
export const ONLINE_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const

/** Loaded only when a kept entry needs a fresh Turnstile token. */
const turnstileToken = async () => (await import("../turnstile/outbox-token")).freshTurnstileToken()

const onKept: OutboxDeps["onKept"] = (key, name, body) => {
  if (canSyncInBackground()) void handOver(key, name, body)
}

const deps = (): OutboxDeps => ({
  call: callFunction,
  storage: window.localStorage,
  now: Date.now,
  turnstileToken,
  onKept,
})

const announce = (keys: readonly string[]) => {
  const detail: OutboxSentDetail = { submissionIds: [...new Set(keys.map(submissionOfKey))] }
  window.dispatchEvent(new CustomEvent(OUTBOX_SENT_EVENT, { detail }))
}

let running: Promise<void> | null = null
/** A forced run was asked for while another ran: it runs right after. */
let forceAfter = false
let timer: ReturnType<typeof setTimeout> | undefined

function schedule(at: number | null) {
  clearTimeout(timer)
  if (at !== null) timer = setTimeout(() => void runOutbox(), Math.max(1_000, at - Date.now()))
}

/** Sends what is due (everything when `force`), then waits for the next due entry. */
export function runOutbox(force = false): Promise<void> {
  if (running) {
    forceAfter ||= force
    return running
  }
  running = (async () => {
    try {
      if (readOutbox(window.localStorage).length === 0) return
      const report = await flushOutbox(deps(), force)
      if (report.accepted.length > 0) {
        announce(report.accepted)
        if (canSyncInBackground()) for (const key of report.accepted) void tellDelivered(key)
      }
      schedule(report.nextAttemptAt)
    } catch (error) {
      console.error("[outbox] flush failed", error)
    } finally {
      running = null
      if (forceAfter) {
        forceAfter = false
        void runOutbox(true)
      }
    }
  })()
  return running
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Which `online` event is being followed: a newer one (or going offline) ends the older one's retries. */
let onlineRound = 0
async function backOnline() {
  const round = ++onlineRound
  for (const delay of [0, ...ONLINE_RETRY_MS]) {
    if (delay > 0) await wait(delay)
    if (round !== onlineRound || !navigator.onLine) return
    await runOutbox(true)
    if (readOutbox(window.localStorage).length === 0) return
  }
}

let watching = false
function watch() {
  if (watching) return
  watching = true
  window.addEventListener("online", () => void backOnline())
  window.addEventListener("offline", () => {
    onlineRound++
  })
  // The worker had a call accepted: the page's copy goes, and the form hears it was sent.
  onWorkerDelivered((key) => {
    if (removeKept(window.localStorage, key)) announce([key])
  })
}

/** Starts the outbox for this page: pending submissions from earlier visits go out now. */
export function startOutbox() {
  watch()
  void runOutbox(true)
}

/** What the forms call: sends the lead now, or keeps it and retries (unless refused for a field the form shows). */
export async function sendLeadFromBrowser(
  name: string,
  body: Record<string, unknown>,
  shown: ShownFields,
): Promise<LeadResult> {
  watch()
  const result = await sendLead(deps(), name, body, shown)
  if (!result.ok && result.reason === "queued")
    schedule(Math.min(...readOutbox(window.localStorage).map((e) => e.nextAttemptAt)))
  return result
}
