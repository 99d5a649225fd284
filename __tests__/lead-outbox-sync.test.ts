/**
 * The outbox's side of the lead service worker (docs/offline-leads.md): every call kept for an answer that
 * changes by itself is handed over with the body exactly as it was sent (same submissionId, the token it
 * went with), a call kept for a lasting answer is not (the worker would meet the same answer), the keys of
 * accepted calls are reported (the worker drops its copy, the form says "sent"), and a call the worker
 * delivered leaves the page's outbox.
 */
import fc from "fast-check"
import type { CallResult } from "../src/lib/leads/api"
import { flushOutbox, keyOf, readOutbox, removeKept, sendLead, type OutboxDeps } from "../src/lib/leads/lead-outbox"
import { answerChangesByItself, verdictOf } from "../src/lib/leads/lead-outcome"
import { outboxKey, submissionOfKey } from "../src/lib/leads/outbox-key"
import { answerArb, down, memoryStorage, ok } from "./fixtures/answers"

const FIELDS = ["name", "email", "phone", "message"]
const shown = new Set(FIELDS)

function setup(answers: CallResult[]) {
  let clock = 1_000_000
  const storage = memoryStorage()
  const kept: Array<{ key: string; name: string; body: Record<string, unknown> }> = []
  const sent: Array<Record<string, unknown>> = []
  const deps: OutboxDeps = {
    call: (_name, body) => {
      sent.push(body)
      return Promise.resolve(answers.shift() ?? ok)
    },
    storage,
    now: () => clock,
    turnstileToken: () => Promise.resolve("fresh-token"),
    onKept: (key, name, body) => kept.push({ key, name, body }),
  }
  return { deps, storage, kept, sent, advance: (ms: number) => (clock += ms) }
}

const lead = (id: string) => ({ submissionId: id, name: "Ann", turnstileToken: "first-token" })

test("a first send kept for want of an answer is handed over exactly as sent; one refused for good, or accepted, is not", async () => {
  await fc.assert(
    fc.asyncProperty(answerArb(FIELDS), async (answer) => {
      const { deps, kept } = setup([answer])
      const result = await sendLead(deps, "process-contact", lead("s-1"), shown)
      const verdict = verdictOf(answer, shown)
      const handed = verdict.do === "keep" && !verdict.lasting
      expect(kept).toEqual(
        handed ? [{ key: outboxKey("process-contact", "s-1"), name: "process-contact", body: lead("s-1") }] : [],
      )
      if (handed) expect(result).toMatchObject({ ok: false, reason: "queued" })
    }),
    { numRuns: 300 },
  )
})

test("a retry that gets no answer hands the worker the body it sent (with its fresh token); an accepted one reports its key", async () => {
  const { deps, storage, kept, advance } = setup([down, down, ok])
  await sendLead(deps, "process-contact", lead("s-2"), shown)
  expect(readOutbox(storage)).toHaveLength(1)
  advance(60_000)
  const failed = await flushOutbox(deps, true)
  expect(failed).toMatchObject({ sent: 0, accepted: [], remaining: 1 })
  // The kept body never holds the token; what went out again is what the worker gets.
  expect(kept.map((k) => k.body.turnstileToken)).toEqual(["first-token", undefined])
  expect(kept.every((k) => k.body.submissionId === "s-2")).toBe(true)
  const report = await flushOutbox(deps, true)
  expect(report).toMatchObject({ sent: 1, accepted: [outboxKey("process-contact", "s-2")], remaining: 0 })
  expect(kept).toHaveLength(2)
})

test("a call the worker delivered leaves the page's outbox (others stay); an unknown key changes nothing", async () => {
  const { deps, storage } = setup([down, down])
  await sendLead(deps, "process-contact", lead("a"), shown)
  await sendLead(deps, "process-contact", lead("b"), shown)
  const [first] = readOutbox(storage)
  expect(first && removeKept(storage, keyOf(first))).toBe(true)
  expect(readOutbox(storage).map((e) => e.body.submissionId)).toEqual(["b"])
  expect(removeKept(storage, outboxKey("process-contact", "nobody"))).toBe(false)
  expect(readOutbox(storage)).toHaveLength(1)
})

test("a key names its submission, whatever the id holds", () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1 }), fc.string(), (name, id) => {
      fc.pre(!name.includes(":"))
      expect(submissionOfKey(outboxKey(name, id))).toBe(id)
    }),
  )
})

test("the worker replays again exactly the answers the page's rule calls changing by themselves", () => {
  for (let status = 100; status < 600; status++) {
    const result: CallResult = { ok: false, reason: "http", status, data: null }
    const verdict = verdictOf(result, new Set())
    expect(answerChangesByItself(status)).toBe(verdict.do === "keep" && !verdict.lasting)
  }
})
