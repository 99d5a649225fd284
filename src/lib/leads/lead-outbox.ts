/**
 * The browser's outbox: a lead the backend could not take (network down, a
 * 5xx, a timeout, a rate limit) is kept in localStorage with its
 * submissionId and sent again, with backoff, on the next page load, when the
 * browser comes back online and while the page stays open, until the backend
 * accepts it or refuses it with a 4xx. The server's idempotency (one record
 * per submissionId) makes every repeat harmless.
 *
 * The Turnstile token is never kept (it is single-use, and expires in 300 s): a kept entry goes
 * without one and the backend accepts it on the pass it remembers for its submission. When the first
 * send never reached the backend there is no pass; the backend says so (400 naming turnstileToken),
 * and the entry is kept and sent again with a fresh token from an invisible widget.
 */
import type { CallResult } from "./api"
import { OUTBOX_KEY } from "./outbox-key"

export { OUTBOX_KEY }
/** First retry after 5 s, doubling up to 5 minutes. */
export const RETRY_BASE_MS = 5_000
export const RETRY_MAX_MS = 5 * 60_000
/** Kept at most this long (a week), so a stale request is not sent months later. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60_000

export interface QueuedCall {
  name: string
  body: Record<string, unknown>
  queuedAt: number
  attempts: number
  nextAttemptAt: number
  /** The backend asked for a Turnstile token: the next try fetches a fresh one first. */
  needsToken?: boolean
}

/** What a form gets back: the call's own result, or "queued" when it will be re-sent. */
export type LeadResult = CallResult | { ok: false; reason: "queued"; cause: CallResult }

export type Call = (name: string, body: Record<string, unknown>) => Promise<CallResult>

export interface OutboxDeps {
  call: Call
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">
  now: () => number
  /** A fresh Turnstile token for a kept entry the backend refused without one; null when none can be had now. */
  turnstileToken?: () => Promise<string | null>
}

/** A failure worth retrying: no answer at all, a gateway fault, a timeout, a rate limit or a server error. */
export const isRetryable = (result: CallResult) =>
  !result.ok && (result.reason !== "http" || result.status >= 500 || result.status === 408 || result.status === 429)

export const retryDelay = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)

/** When to try again after `result`: the backoff, or later if the backend asked (Retry-After on a 429 or 503). */
const nextAttempt = (now: number, attempts: number, result: CallResult) =>
  now + Math.max(retryDelay(attempts), !result.ok && result.reason === "http" ? (result.retryAfterMs ?? 0) : 0)

/** The backend's "no pass for this submission": 400 naming turnstileToken. */
export const isTurnstileRefusal = (result: CallResult) =>
  !result.ok &&
  result.reason === "http" &&
  result.status === 400 &&
  typeof result.data?.fields === "object" &&
  result.data.fields !== null &&
  "turnstileToken" in result.data.fields

/** The body as kept: never with the token (single-use, short-lived, and not to be left in storage). */
const keptBody = ({ turnstileToken: _token, ...body }: Record<string, unknown>) => body

const keyOf = (entry: Pick<QueuedCall, "name" | "body">) => `${entry.name}:${String(entry.body.submissionId)}`

/**
 * A submission kept before the contract sent elapsed fill time carried `formStartedAt`, this
 * browser's clock when the form opened; `queuedAt` is the same clock, so the difference is the
 * time spent, which is what the backend now asks for. Without it the kept lead would be refused.
 */
function upgradeBody(entry: QueuedCall): QueuedCall {
  const { formStartedAt, ...body } = entry.body
  if (typeof formStartedAt !== "number" || "formFillMs" in body) return entry
  return { ...entry, body: { ...body, formFillMs: Math.max(0, entry.queuedAt - formStartedAt) } }
}

/** A kept entry as this code wrote it (storage is shared with other tabs and other versions of the site). */
const isQueuedCall = (value: unknown): value is QueuedCall =>
  typeof value === "object" &&
  value !== null &&
  "name" in value &&
  typeof value.name === "string" &&
  "body" in value &&
  typeof value.body === "object" &&
  value.body !== null

export function readOutbox(storage: OutboxDeps["storage"]): QueuedCall[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]")
    return Array.isArray(parsed) ? parsed.filter(isQueuedCall).map(upgradeBody) : []
  } catch {
    return []
  }
}

function writeOutbox(storage: OutboxDeps["storage"], entries: readonly QueuedCall[]) {
  try {
    if (entries.length === 0) storage.removeItem(OUTBOX_KEY)
    else storage.setItem(OUTBOX_KEY, JSON.stringify(entries))
  } catch (error) {
    // Private mode or a full quota: nothing more the page can do than say so.
    console.error("[outbox] could not keep the submission on this device", error)
  }
}

/** Keeps a call for later (once per function and submissionId). */
export function enqueue(
  deps: Pick<OutboxDeps, "storage" | "now">,
  name: string,
  body: Record<string, unknown>,
  failure: CallResult,
) {
  const entries = readOutbox(deps.storage).filter((e) => keyOf(e) !== keyOf({ name, body }))
  const now = deps.now()
  entries.push({ name, body: keptBody(body), queuedAt: now, attempts: 1, nextAttemptAt: nextAttempt(now, 1, failure) })
  writeOutbox(deps.storage, entries)
}

/** Sends a lead; a retryable failure is queued and reported as "queued". */
export async function sendLead(deps: OutboxDeps, name: string, body: Record<string, unknown>): Promise<LeadResult> {
  let result: CallResult
  try {
    result = await deps.call(name, body)
  } catch (error) {
    result = { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) }
  }
  if (result.ok || !isRetryable(result)) return result
  enqueue(deps, name, body, result)
  return { ok: false, reason: "queued", cause: result }
}

/** No fresh token could be had (the widget failed or timed out): kept, and tried again after the backoff. */
const NO_TOKEN: CallResult = { ok: false, reason: "network", message: "No fresh Turnstile token could be had" }

/** A kept entry sent once, with a fresh Turnstile token when `withToken`. */
async function sendKept(deps: OutboxDeps, entry: QueuedCall, withToken: boolean): Promise<CallResult> {
  try {
    const token = withToken && deps.turnstileToken ? await deps.turnstileToken() : undefined
    if (token === null) return NO_TOKEN
    return await deps.call(entry.name, token ? { ...entry.body, turnstileToken: token } : entry.body)
  } catch (error) {
    return { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) }
  }
}

export interface FlushReport {
  sent: number
  dropped: number
  remaining: number
  /** When the next due entry should be tried, if any remain. */
  nextAttemptAt: number | null
}

/**
 * Sends the due entries in the order they were queued (a wizard's three calls
 * stay in sequence). Stops at the first retryable failure: the backend is
 * still out of reach, and the rest would fail the same way.
 */
export async function flushOutbox(deps: OutboxDeps, force = false): Promise<FlushReport> {
  let sent = 0
  let dropped = 0
  for (const entry of readOutbox(deps.storage)) {
    const now = deps.now()
    const current = readOutbox(deps.storage)
    const stored = current.find((e) => keyOf(e) === keyOf(entry))
    if (!stored) continue // another tab has sent it
    if (now - stored.queuedAt > MAX_AGE_MS) {
      writeOutbox(
        deps.storage,
        current.filter((e) => e !== stored),
      )
      dropped++
      continue
    }
    if (!force && stored.nextAttemptAt > now) break
    let result = await sendKept(deps, stored, stored.needsToken === true)
    // No pass remembered (the first send never arrived): once more now, with a fresh token.
    if (isTurnstileRefusal(result) && stored.needsToken !== true && deps.turnstileToken)
      result = await sendKept(deps, stored, true)
    const needsToken = result === NO_TOKEN || isTurnstileRefusal(result)
    const latest = readOutbox(deps.storage)
    if (!needsToken && (result.ok || !isRetryable(result))) {
      if (!result.ok) console.error(`[outbox] ${stored.name} refused, not retried`, result)
      writeOutbox(
        deps.storage,
        latest.filter((e) => keyOf(e) !== keyOf(stored)),
      )
      if (result.ok) sent++
      else dropped++
      continue
    }
    const attempts = stored.attempts + 1
    writeOutbox(
      deps.storage,
      latest.map((e) =>
        keyOf(e) === keyOf(stored)
          ? { ...e, attempts, nextAttemptAt: nextAttempt(deps.now(), attempts, result), needsToken }
          : e,
      ),
    )
    break
  }
  const remaining = readOutbox(deps.storage)
  return {
    sent,
    dropped,
    remaining: remaining.length,
    nextAttemptAt: remaining.length > 0 ? Math.min(...remaining.map((e) => e.nextAttemptAt)) : null,
  }
}
