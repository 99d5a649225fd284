import type { CallResult } from "../src/lib/leads/api"
import {
  MAX_AGE_MS,
  OUTBOX_KEY,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  flushOutbox,
  isRetryable,
  readOutbox,
  retryDelay,
  sendLead,
  type OutboxDeps,
} from "../src/lib/leads/lead-outbox"

const ok: CallResult = { ok: true, data: { success: true } }
const down: CallResult = { ok: false, reason: "network", message: "Failed to fetch" }
const http = (status: number): CallResult => ({
  ok: false,
  reason: "http",
  status,
  data: { success: false, error: "x" },
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  }
}

function setup(answers: Array<CallResult | Error>) {
  let clock = 1_000_000
  const storage = memoryStorage()
  const call = jest.fn((_name: string, _body: Record<string, unknown>) => {
    const next = answers.shift() ?? ok
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
  })
  const deps: OutboxDeps = { call, storage, now: () => clock }
  return { deps, call, storage, advance: (ms: number) => (clock += ms) }
}

const body = (id: string) => ({ submissionId: id, name: "Ann" })

test("what is retried: no answer, relay faults, timeouts, rate limits and 5xx; never other 4xx or successes", () => {
  expect(isRetryable(down)).toBe(true)
  expect(isRetryable({ ok: false, reason: "relay", message: "x" })).toBe(true)
  expect([500, 502, 503, 408, 429].map((s) => isRetryable(http(s)))).toEqual([true, true, true, true, true])
  expect([400, 401, 403, 409, 413, 415].map((s) => isRetryable(http(s)))).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
  ])
  expect(isRetryable(ok)).toBe(false)
})

test("backoff doubles from 5 s and stops growing at 5 minutes", () => {
  expect([1, 2, 3, 4].map(retryDelay)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 8 * RETRY_BASE_MS])
  expect(retryDelay(30)).toBe(RETRY_MAX_MS)
})

test("a success is returned as is and nothing is kept", async () => {
  const { deps, storage } = setup([ok])
  await expect(sendLead(deps, "process-contact", body("a"))).resolves.toEqual(ok)
  expect(storage.items.has(OUTBOX_KEY)).toBe(false)
})

test("a 4xx is returned as is and nothing is kept (it would fail again)", async () => {
  const { deps, storage } = setup([http(400)])
  await expect(sendLead(deps, "process-contact", body("a"))).resolves.toEqual(http(400))
  expect(storage.items.has(OUTBOX_KEY)).toBe(false)
})

test.each([
  ["a network failure", down],
  ["a 503", http(503)],
  ["a thrown error", new Error("boom")],
])("%s: the call is kept with its submissionId and reported as queued", async (_name, failure) => {
  const { deps, storage } = setup([failure])
  const result = await sendLead(deps, "process-contact", body("a"))
  expect(result).toMatchObject({ ok: false, reason: "queued" })
  expect(readOutbox(storage)).toEqual([
    {
      name: "process-contact",
      body: body("a"),
      queuedAt: 1_000_000,
      attempts: 1,
      nextAttemptAt: 1_000_000 + RETRY_BASE_MS,
    },
  ])
})

test("a 429 or 503 with Retry-After waits at least that long", async () => {
  const { deps, storage, advance } = setup([
    { ok: false, reason: "http", status: 429, data: null, retryAfterMs: 37_000 },
    { ok: false, reason: "http", status: 503, data: null, retryAfterMs: 1_000 },
  ])
  await sendLead(deps, "process-contact", body("a"))
  expect(readOutbox(storage)[0]?.nextAttemptAt).toBe(1_000_000 + 37_000)
  advance(37_000)
  await flushOutbox(deps)
  // The backoff (10 s for a second try) is longer than the 1 s asked for.
  expect(readOutbox(storage)[0]).toMatchObject({ attempts: 2, nextAttemptAt: 1_000_000 + 37_000 + 2 * RETRY_BASE_MS })
})

test("the same submission queued twice is kept once", async () => {
  const { deps, storage } = setup([down, down])
  await sendLead(deps, "process-contact", body("a"))
  await sendLead(deps, "process-contact", body("a"))
  expect(readOutbox(storage)).toHaveLength(1)
})

test("flush sends in order, backs off while the backend is away, and empties once it answers", async () => {
  const { deps, call, storage, advance } = setup([down, down, down, down, ok, ok, ok])
  await sendLead(deps, "process-simple-lead", body("w"))
  await sendLead(deps, "process-estimate", body("w"))
  await sendLead(deps, "send-estimate-confirmation", body("w"))
  expect(readOutbox(storage)).toHaveLength(3)

  // Not due yet: nothing is sent.
  expect(await flushOutbox(deps)).toMatchObject({ sent: 0, remaining: 3 })
  expect(call).toHaveBeenCalledTimes(3)

  advance(RETRY_BASE_MS)
  const stillDown = await flushOutbox(deps)
  expect(stillDown).toMatchObject({ sent: 0, remaining: 3 })
  expect(call).toHaveBeenCalledTimes(4) // stopped at the first failure
  expect(readOutbox(storage)[0]).toMatchObject({
    attempts: 2,
    nextAttemptAt: 1_000_000 + RETRY_BASE_MS + 2 * RETRY_BASE_MS,
  })

  // The next page load forces a flush whatever the backoff says.
  const back = await flushOutbox(deps, true)
  expect(back).toEqual({ sent: 3, dropped: 0, remaining: 0, nextAttemptAt: null })
  expect(call.mock.calls.slice(4).map(([name]) => name)).toEqual([
    "process-simple-lead",
    "process-estimate",
    "send-estimate-confirmation",
  ])
  expect(storage.items.has(OUTBOX_KEY)).toBe(false)
})

test("flush drops an entry the backend refuses with a 4xx, and one older than a week", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const { deps, storage, advance } = setup([down, down, http(400)])
  await sendLead(deps, "process-contact", body("old"))
  advance(MAX_AGE_MS + 1)
  await sendLead(deps, "process-contact", body("bad"))
  expect(await flushOutbox(deps, true)).toEqual({ sent: 0, dropped: 2, remaining: 0, nextAttemptAt: null })
  expect(readOutbox(storage)).toEqual([])
  jest.restoreAllMocks()
})

test("unreadable storage is treated as empty", () => {
  const storage = memoryStorage()
  storage.setItem(OUTBOX_KEY, "{not json")
  expect(readOutbox(storage)).toEqual([])
})

test("a submission kept before fill time was sent as elapsed milliseconds is upgraded, not refused: the time between opening the form and queuing it", async () => {
  const { deps, call, storage } = setup([ok])
  const legacy = {
    name: "process-contact",
    body: { submissionId: "old-1", name: "Ann", formStartedAt: 940_000 },
    queuedAt: 1_000_000,
    attempts: 1,
    nextAttemptAt: 0,
  }
  storage.setItem(OUTBOX_KEY, JSON.stringify([legacy]))
  expect(readOutbox(storage)[0]?.body).toEqual({ submissionId: "old-1", name: "Ann", formFillMs: 60_000 })
  await flushOutbox(deps, true)
  expect(call).toHaveBeenCalledWith("process-contact", { submissionId: "old-1", name: "Ann", formFillMs: 60_000 })
})
