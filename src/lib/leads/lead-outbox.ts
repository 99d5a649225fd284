/**
 * The browser's outbox: a lead the backend did not accept, and that the visitor cannot fix (see the one
 * rule in lead-outcome.ts), is kept in localStorage with its submissionId and sent again, with backoff,
 * on the next page load, when the browser comes back online and while the page stays open, until a
 * function accepts it (2xx). It is never dropped for an answer: only when it is older than MAX_AGE_MS,
 * and then it is logged. The server's idempotency (one record per submissionId) makes every repeat
 * harmless; a kept entry is sent exactly as it was kept, never checked against the site's lists of now.
 *
 * The Turnstile token is never kept (it is single-use, and expires in 300 s): a kept entry goes
 * without one and the backend accepts it on the pass it remembers for its submission. When the first
 * send never reached the backend there is no pass; the backend says so (400 naming turnstileToken),
 * and the entry is kept and sent again with a fresh token from an invisible widget.
 *
 * A 409 (the submissionId was taken by another request) would never change: the entry, and every
 * kept call of its submission (the wizard's three share one id), is sent again once under a fresh
 * submissionId, and kept as any other.
 */
import type { CallResult } from "./api"
import { NO_FIELDS, verdictOf, type LeadResult, type ShownFields } from "./lead-outcome"
import { OUTBOX_KEY, outboxKey } from "./outbox-key"

export { OUTBOX_KEY }
/** An answer that changes by itself (no answer, 5xx, 408, 429): first retry after 5 s, doubling up to 5 minutes. */
export const RETRY_BASE_MS = 5_000
export const RETRY_MAX_MS = 5 * 60_000
/** An answer that will not change soon (4xx, a 2xx without success): first retry after a minute, doubling up to an hour. */
export const LASTING_RETRY_BASE_MS = 60_000
export const LASTING_RETRY_MAX_MS = 60 * 60_000
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
  /** The submissionId it was kept under before a 409: it has had its one fresh id. */
  renamedFrom?: string
}

export type Call = (name: string, body: Record<string, unknown>) => Promise<CallResult>

export interface OutboxDeps {
  call: Call
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">
  now: () => number
  /** A fresh Turnstile token for a kept entry the backend refused without one; null when none can be had now. */
  turnstileToken?: () => Promise<string | null>
  /** A fresh submissionId, for a submission whose id was taken (409). */
  newId?: () => string
  /**
   * A call was kept (or kept again) for an answer that changes by itself (no answer, 5xx, 408, 429), with
   * the body exactly as it was sent: the lead service worker gets a copy to replay (lead-sync-client.ts).
   */
  onKept?: (key: string, name: string, sentBody: Record<string, unknown>) => void
}

export const retryDelay = (attempts: number, lasting = false) =>
  lasting
    ? Math.min(LASTING_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), LASTING_RETRY_MAX_MS)
    : Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)

/**
 * When to try again after `result`: the backoff, or later if the backend asked (Retry-After on a 429
 * or 503), though never later than the longest backoff, so a kept entry is tried before it expires.
 */
const nextAttempt = (now: number, attempts: number, result: CallResult, lasting: boolean) =>
  now +
  Math.max(
    retryDelay(attempts, lasting),
    Math.min(!result.ok && result.reason === "http" ? (result.retryAfterMs ?? 0) : 0, LASTING_RETRY_MAX_MS),
  )

const isHttp = (result: CallResult, status: number) =>
  !result.ok && result.reason === "http" && result.status === status

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

const idOf = (entry: Pick<QueuedCall, "body">) => String(entry.body.submissionId)
/** A kept call's key: one entry per function and submissionId. */
export const keyOf = (entry: Pick<QueuedCall, "name" | "body">) => outboxKey(entry.name, idOf(entry))

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

/** Whether the entries are now what storage holds. */
function writeOutbox(storage: OutboxDeps["storage"], entries: readonly QueuedCall[]): boolean {
  try {
    if (entries.length === 0) storage.removeItem(OUTBOX_KEY)
    else storage.setItem(OUTBOX_KEY, JSON.stringify(entries))
    return true
  } catch (error) {
    // Private mode or a full quota: the form is told it was not kept (and says so).
    console.error("[outbox] could not keep the submission on this device", error)
    return false
  }
}

/** Keeps a call for later (once per function and submissionId); false when storage would not keep it. */
export function enqueue(
  deps: Pick<OutboxDeps, "storage" | "now">,
  name: string,
  body: Record<string, unknown>,
  failure: CallResult,
  lasting = false,
): boolean {
  const entries = readOutbox(deps.storage).filter((e) => keyOf(e) !== keyOf({ name, body }))
  const now = deps.now()
  const entry = { name, body: keptBody(body), queuedAt: now, attempts: 1 }
  entries.push({ ...entry, nextAttemptAt: nextAttempt(now, 1, failure, lasting) })
  return writeOutbox(deps.storage, entries)
}

const thrown = (error: unknown): CallResult => ({
  ok: false,
  reason: "network",
  message: error instanceof Error ? error.message : String(error),
})

/**
 * Sends a lead. Accepted, or refused for a field the form shows (`shown`): returned as is. Anything
 * else is kept and reported as "queued"; returned as is only when storage would not keep it.
 */
export async function sendLead(
  deps: OutboxDeps,
  name: string,
  body: Record<string, unknown>,
  shown: ShownFields = NO_FIELDS,
): Promise<LeadResult> {
  let result: CallResult
  try {
    result = await deps.call(name, body)
  } catch (error) {
    result = thrown(error)
  }
  const verdict = verdictOf(result, shown)
  if (verdict.do !== "keep") return result
  if (!enqueue(deps, name, body, result, verdict.lasting)) return result
  if (!verdict.lasting) deps.onKept?.(keyOf({ name, body }), name, body)
  return { ok: false, reason: "queued", cause: result }
}

/** Removes the kept call `key` (the lead service worker had it accepted); whether it was kept. */
export function removeKept(storage: OutboxDeps["storage"], key: string): boolean {
  const entries = readOutbox(storage)
  const left = entries.filter((e) => keyOf(e) !== key)
  return left.length < entries.length && writeOutbox(storage, left)
}

/** No fresh token could be had (the widget failed or timed out): kept, and tried again after the backoff. */
const NO_TOKEN: CallResult = { ok: false, reason: "network", message: "No fresh Turnstile token could be had" }

/** A kept entry sent once, with a fresh Turnstile token when `withToken`; the body as sent with its answer. */
async function sendKept(
  deps: OutboxDeps,
  entry: QueuedCall,
  withToken: boolean,
): Promise<{ result: CallResult; sentBody: Record<string, unknown> }> {
  try {
    const token = withToken && deps.turnstileToken ? await deps.turnstileToken() : undefined
    if (token === null) return { result: NO_TOKEN, sentBody: entry.body }
    const sentBody = token ? { ...entry.body, turnstileToken: token } : entry.body
    return { result: await deps.call(entry.name, sentBody), sentBody }
  } catch (error) {
    return { result: thrown(error), sentBody: entry.body }
  }
}

export interface FlushReport {
  sent: number
  /** The keys (keyOf) of the calls accepted in this run. */
  accepted: string[]
  /** Entries older than MAX_AGE_MS, removed unsent (and logged). */
  dropped: number
  remaining: number
  /** When the next due entry should be tried, if any remain. */
  nextAttemptAt: number | null
}

/** Every kept call of the submission `id` moves to a fresh id, due now (a 409: the id was taken). */
function renameSubmission(deps: OutboxDeps, id: string) {
  const fresh = (deps.newId ?? (() => crypto.randomUUID()))()
  const now = deps.now()
  writeOutbox(
    deps.storage,
    readOutbox(deps.storage).map((e) =>
      idOf(e) === id && e.renamedFrom === undefined
        ? { ...e, body: { ...e.body, submissionId: fresh }, renamedFrom: id, nextAttemptAt: now }
        : e,
    ),
  )
}

const logExpired = (entry: QueuedCall, now: number) =>
  console.error(
    `[outbox] ${entry.name} kept since ${new Date(entry.queuedAt).toISOString()} and never accepted: removed after ${MAX_AGE_MS / 86_400_000} days`,
    { submissionId: idOf(entry), attempts: entry.attempts, age: now - entry.queuedAt },
  )

/**
 * Sends the due entries (every entry when `force`) in the order they were kept, so a wizard's three
 * calls stay in sequence. An answer that changes by itself (no answer, 5xx, 408, 429) stops the run:
 * the backend is out of reach or busy, and the rest would fare the same. An answer that will not
 * change soon reschedules that entry and goes on, so one such entry never holds up the others.
 */
export async function flushOutbox(deps: OutboxDeps, force = false): Promise<FlushReport> {
  let sent = 0
  let dropped = 0
  const accepted: string[] = []
  const tried = new Set<string>()
  for (;;) {
    const now = deps.now()
    const stored = readOutbox(deps.storage).find((e) => !tried.has(keyOf(e)))
    if (!stored) break
    tried.add(keyOf(stored))
    if (now - stored.queuedAt > MAX_AGE_MS) {
      writeOutbox(
        deps.storage,
        readOutbox(deps.storage).filter((e) => keyOf(e) !== keyOf(stored)),
      )
      logExpired(stored, now)
      dropped++
      continue
    }
    if (!force && stored.nextAttemptAt > now) continue
    let { result, sentBody } = await sendKept(deps, stored, stored.needsToken === true)
    // No pass remembered (the first send never arrived): once more now, with a fresh token.
    if (isTurnstileRefusal(result) && stored.needsToken !== true && deps.turnstileToken)
      ({ result, sentBody } = await sendKept(deps, stored, true))
    const verdict = verdictOf(result, NO_FIELDS)
    if (verdict.do === "accept") {
      writeOutbox(
        deps.storage,
        readOutbox(deps.storage).filter((e) => keyOf(e) !== keyOf(stored)),
      )
      sent++
      accepted.push(keyOf(stored))
      continue
    }
    // Its id was taken by another request: once, under a fresh id, now (the renamed entries are new to this run).
    if (isHttp(result, 409) && stored.renamedFrom === undefined) {
      console.error(`[outbox] ${stored.name}: its submissionId was taken (409); sent again under a fresh one`)
      renameSubmission(deps, idOf(stored))
      continue
    }
    const lasting = verdict.do === "keep" && verdict.lasting
    const needsToken = result === NO_TOKEN || isTurnstileRefusal(result)
    const attempts = stored.attempts + 1
    writeOutbox(
      deps.storage,
      readOutbox(deps.storage).map((e) =>
        keyOf(e) === keyOf(stored)
          ? { ...e, attempts, nextAttemptAt: nextAttempt(deps.now(), attempts, result, lasting), needsToken }
          : e,
      ),
    )
    if (!lasting && result !== NO_TOKEN) deps.onKept?.(keyOf(stored), stored.name, sentBody)
    // Waiting for a token (or for the backend): the next entries would wait the same way.
    if (!lasting || needsToken) break
  }
  const remaining = readOutbox(deps.storage)
  return {
    sent,
    accepted,
    dropped,
    remaining: remaining.length,
    nextAttemptAt: remaining.length > 0 ? Math.min(...remaining.map((e) => e.nextAttemptAt)) : null,
  }
}
