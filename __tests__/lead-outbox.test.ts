import fc from "fast-check"
import type { CallResult } from "../src/lib/leads/api"
import {
  LASTING_RETRY_BASE_MS,
  LASTING_RETRY_MAX_MS,
  MAX_AGE_MS,
  OUTBOX_KEY,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  flushOutbox,
  readOutbox,
  retryDelay,
  sendLead,
  type OutboxDeps,
} from "../src/lib/leads/lead-outbox"
import { NO_FIELDS, verdictOf } from "../src/lib/leads/lead-outcome"
import { answerArb, isAccepted, namesShownField, notAcceptedArb, down, memoryStorage, ok } from "./fixtures/answers"

const http = (status: number, data: Record<string, unknown> | null = { success: false, error: "x" }): CallResult => ({
  ok: false,
  reason: "http",
  status,
  data,
})

function setup(answers: Array<CallResult | Error>, start = 1_000_000) {
  let clock = start
  const storage = memoryStorage()
  const call = jest.fn((_name: string, _body: Record<string, unknown>) => {
    const next = answers.shift() ?? ok
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
  })
  let ids = 0
  const deps: OutboxDeps = { call, storage, now: () => clock, newId: () => `fresh-${++ids}` }
  return { deps, call, storage, advance: (ms: number) => (clock += ms) }
}

const body = (id: string) => ({ submissionId: id, name: "Ann" })
const CONTACT_FIELDS = ["name", "email", "phone", "message"]
const shown = new Set(CONTACT_FIELDS)

const notAccepted = notAcceptedArb(CONTACT_FIELDS)

const isTransient = (result: CallResult) =>
  !result.ok && (result.reason !== "http" || result.status >= 500 || result.status === 408 || result.status === 429)

describe("the one rule (lead-outcome.ts)", () => {
  test("for every answer: accepted only on 2xx with success; shown only for a 400 naming a field the form shows; anything else kept, later for answers that will not change soon", () => {
    fc.assert(
      fc.property(answerArb(CONTACT_FIELDS), (result) => {
        const verdict = verdictOf(result, shown)
        if (isAccepted(result)) expect(verdict.do).toBe("accept")
        else if (namesShownField(result, shown)) {
          expect(verdict.do).toBe("show")
          if (verdict.do === "show") expect(Object.keys(verdict.fields).every((f) => shown.has(f))).toBe(true)
        } else expect(verdict).toEqual({ do: "keep", lasting: !isTransient(result) })
      }),
      { numRuns: 1000 },
    )
  })

  test("the outbox shows no field: every answer but a success is kept", () => {
    fc.assert(
      fc.property(notAcceptedArb(CONTACT_FIELDS), (result) => {
        expect(verdictOf(result, NO_FIELDS).do).toBe("keep")
      }),
      { numRuns: 500 },
    )
  })

  test("401, 403, 404, 405, 409, 413, 415 and a 400 without a field the form shows are kept, never refused", () => {
    for (const status of [401, 403, 404, 405, 409, 413, 415, 422])
      expect(verdictOf(http(status), shown)).toEqual({ do: "keep", lasting: true })
    expect(verdictOf(http(400, { success: false, error: "x", fields: { pests: "Unknown pest" } }), shown)).toEqual({
      do: "keep",
      lasting: true,
    })
    expect(verdictOf(http(400, null), shown)).toEqual({ do: "keep", lasting: true })
    expect(verdictOf({ ok: true, data: { success: false } }, shown)).toEqual({ do: "keep", lasting: true })
    for (const status of [408, 429, 500, 502, 503, 599])
      expect(verdictOf(http(status), shown)).toEqual({ do: "keep", lasting: false })
  })
})

describe("sending", () => {
  test("every answer ends in exactly one of: accepted and returned, refused for a shown field and returned, or kept in storage and reported as queued", async () => {
    await fc.assert(
      fc.asyncProperty(answerArb(CONTACT_FIELDS), async (answer) => {
        const { deps, storage } = setup([answer])
        const result = await sendLead(deps, "process-contact", { ...body("a"), turnstileToken: "t" }, shown)
        const kept = readOutbox(storage)
        if (isAccepted(answer) || namesShownField(answer, shown)) {
          expect(result).toEqual(answer)
          expect(kept).toEqual([])
        } else {
          expect(result).toEqual({ ok: false, reason: "queued", cause: answer })
          expect(kept).toEqual([expect.objectContaining({ name: "process-contact", body: body("a"), attempts: 1 })])
        }
      }),
      { numRuns: 500 },
    )
  })

  test.each([
    ["a network failure", down, RETRY_BASE_MS],
    ["a 503", http(503), RETRY_BASE_MS],
    ["a thrown error", new Error("boom"), RETRY_BASE_MS],
    ["a 403 (origin not allowed)", http(403), LASTING_RETRY_BASE_MS],
    ["a 401 (a rotated key)", http(401), LASTING_RETRY_BASE_MS],
  ])("%s: the call is kept with its submissionId and reported as queued", async (_name, failure, delay) => {
    const { deps, storage } = setup([failure])
    const result = await sendLead(deps, "process-contact", body("a"))
    expect(result).toMatchObject({ ok: false, reason: "queued" })
    expect(readOutbox(storage)).toEqual([
      { name: "process-contact", body: body("a"), queuedAt: 1_000_000, attempts: 1, nextAttemptAt: 1_000_000 + delay },
    ])
  })

  test("storage that will not keep it: the answer comes back as is (the form says it was not sent)", async () => {
    const { deps } = setup([http(403)])
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    const full = {
      ...deps,
      storage: {
        ...deps.storage,
        setItem: () => {
          throw new Error("QuotaExceededError")
        },
      },
    }
    await expect(sendLead(full, "process-contact", body("a"))).resolves.toEqual(http(403))
    jest.restoreAllMocks()
  })

  test("backoff: 5 s doubling to 5 minutes for answers that change by themselves; 1 minute doubling to an hour for the others", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n))).toEqual([
      RETRY_BASE_MS,
      2 * RETRY_BASE_MS,
      4 * RETRY_BASE_MS,
      8 * RETRY_BASE_MS,
    ])
    expect(retryDelay(30)).toBe(RETRY_MAX_MS)
    expect([1, 2, 3].map((n) => retryDelay(n, true))).toEqual([60_000, 120_000, 240_000])
    expect(retryDelay(30, true)).toBe(LASTING_RETRY_MAX_MS)
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
})

describe("flushing", () => {
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
    expect(back).toEqual({
      sent: 3,
      accepted: ["process-simple-lead:w", "process-estimate:w", "send-estimate-confirmation:w"],
      dropped: 0,
      remaining: 0,
      nextAttemptAt: null,
    })
    expect(call.mock.calls.slice(4).map(([name]) => name)).toEqual([
      "process-simple-lead",
      "process-estimate",
      "send-estimate-confirmation",
    ])
    expect(storage.items.has(OUTBOX_KEY)).toBe(false)
  })

  test("a kept entry refused with any answer but a success (401, 403, 4xx, 5xx, no answer) stays kept, is tried again later, and is removed only when a function answers 2xx", async () => {
    await fc.assert(
      // (A 409 moves the entry to a fresh id: its own test below.)
      fc.asyncProperty(
        fc.array(
          notAccepted.filter((r) => r.ok || r.reason !== "http" || r.status !== 409),
          { minLength: 1, maxLength: 8 },
        ),
        async (refusals) => {
          const { deps, call, storage, advance } = setup([http(403), ...refusals, ok])
          await sendLead(deps, "process-contact", body("k"), shown)
          for (const [index] of refusals.entries()) {
            advance(LASTING_RETRY_MAX_MS)
            expect(await flushOutbox(deps)).toMatchObject({ sent: 0, dropped: 0, remaining: 1 })
            expect(readOutbox(storage)).toEqual([expect.objectContaining({ body: body("k"), attempts: index + 2 })])
          }
          advance(LASTING_RETRY_MAX_MS)
          expect(await flushOutbox(deps)).toEqual({
            sent: 1,
            accepted: ["process-contact:k"],
            dropped: 0,
            remaining: 0,
            nextAttemptAt: null,
          })
          expect(call).toHaveBeenCalledTimes(refusals.length + 2)
          for (const [name, sent] of call.mock.calls) expect([name, sent]).toEqual(["process-contact", body("k")])
        },
      ),
      { numRuns: 150 },
    )
  })

  test("401 and 403 are tried again after a minute, then two, and never before", async () => {
    const { deps, call, storage, advance } = setup([http(401), http(403), http(403), ok])
    await sendLead(deps, "process-contact", body("a"))
    advance(LASTING_RETRY_BASE_MS - 1)
    await flushOutbox(deps)
    expect(call).toHaveBeenCalledTimes(1)
    advance(1)
    await flushOutbox(deps)
    expect(readOutbox(storage)[0]).toMatchObject({ attempts: 2 })
    advance(2 * LASTING_RETRY_BASE_MS - 1)
    await flushOutbox(deps)
    expect(call).toHaveBeenCalledTimes(2)
    advance(1)
    await flushOutbox(deps)
    expect(readOutbox(storage)[0]).toMatchObject({ attempts: 3 })
    await flushOutbox(deps, true)
    expect(readOutbox(storage)).toEqual([])
  })

  test("an answer that will not change soon holds up only its own entry; one that changes by itself stops the run", async () => {
    const { deps, call, storage } = setup([down, down, down, http(403), ok, down])
    await sendLead(deps, "process-contact", body("a"))
    await sendLead(deps, "process-contact", body("b"))
    await sendLead(deps, "process-contact", body("c"))
    expect(await flushOutbox(deps, true)).toMatchObject({ sent: 1, remaining: 2 })
    expect(call.mock.calls.slice(3).map(([, sent]) => sent.submissionId)).toEqual(["a", "b", "c"])
    expect(readOutbox(storage).map((e) => e.body.submissionId)).toEqual(["a", "c"])
  })

  test("only an entry older than a week is removed unsent, and it is logged", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const { deps, storage, advance } = setup([down, down, http(400, { success: false, error: "x", fields: {} })])
    await sendLead(deps, "process-contact", body("old"))
    advance(MAX_AGE_MS + 1)
    await sendLead(deps, "process-contact", body("bad"))
    expect(await flushOutbox(deps, true)).toMatchObject({ sent: 0, dropped: 1, remaining: 1 })
    expect(readOutbox(storage).map((e) => e.body.submissionId)).toEqual(["bad"])
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("process-contact kept since"),
      expect.objectContaining({ submissionId: "old" }),
    )
    jest.restoreAllMocks()
  })

  test("a 409 (the id was taken): every kept call of that submission is sent again at once under one fresh id, once; a second 409 keeps it", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    const { deps, call, storage } = setup([down, down, down, http(409), ok, http(409), http(409), http(409), http(409)])
    for (const name of ["process-simple-lead", "process-estimate", "send-estimate-confirmation"])
      await sendLead(deps, name, body("w"))
    expect(await flushOutbox(deps, true)).toMatchObject({ sent: 1, remaining: 2 })
    expect(call.mock.calls.slice(3).map(([name, sent]) => [name, sent.submissionId])).toEqual([
      ["process-simple-lead", "w"],
      ["process-simple-lead", "fresh-1"],
      ["process-estimate", "fresh-1"],
      ["send-estimate-confirmation", "fresh-1"],
    ])
    expect(readOutbox(storage)).toEqual([
      expect.objectContaining({ name: "process-estimate", body: body("fresh-1"), renamedFrom: "w" }),
      expect.objectContaining({ name: "send-estimate-confirmation", body: body("fresh-1"), renamedFrom: "w" }),
    ])
    // No second fresh id: kept, and tried again later like any answer that will not change soon.
    await flushOutbox(deps, true)
    expect(readOutbox(storage).map((e) => e.body.submissionId)).toEqual(["fresh-1", "fresh-1"])
    jest.restoreAllMocks()
  })

  test("a kept lead is sent as it was kept: a pest removed from the site since is not filtered out", async () => {
    const { deps, call, storage } = setup([ok])
    // Kept by an earlier version of the site, which offered Moles and a property type since removed.
    const kept = { ...body("p"), pests: ["Ants", "Moles"], propertyType: "houseboat", servicePlan: "retired-plan" }
    storage.setItem(
      OUTBOX_KEY,
      JSON.stringify([{ name: "process-simple-lead", body: kept, queuedAt: 1_000_000, attempts: 1, nextAttemptAt: 0 }]),
    )
    expect(await flushOutbox(deps, true)).toMatchObject({ sent: 1 })
    expect(call.mock.calls).toEqual([["process-simple-lead", kept]])
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
})
