/**
 * The page's outbox runner when the network returns (docs/offline-leads.md): a kept lead goes out on the
 * `online` event without a reload, again after 1, 2, 4… s while the network is not really back yet, the
 * page hears which submission was sent, and going offline again ends the retries.
 */
import type { CallResult } from "../src/lib/leads/api"
import { OUTBOX_KEY } from "../src/lib/leads/lead-outbox"
import { OUTBOX_SENT_EVENT, sentDetailOf } from "../src/lib/leads/outbox-key"
import { down, ok } from "./fixtures/answers"

const answers: CallResult[] = []
const callFunction = jest.fn((_name: string, _body: Record<string, unknown>) => Promise.resolve(answers.shift() ?? ok))
jest.mock("../src/lib/leads/api", () => ({
  callFunction: (name: string, body: Record<string, unknown>) => callFunction(name, body),
}))

let online = true
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online })

type Runner = typeof import("../src/lib/leads/outbox-runner")
// One runner for the file, as one page has one (its listeners stay on the window).
const runner: Runner = jest.requireActual<Runner>("../src/lib/leads/outbox-runner")
const loadRunner = () => runner

const heard: string[][] = []
const listener = (event: Event) => heard.push([...(sentDetailOf(event)?.submissionIds ?? [])])

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 })
  localStorage.clear()
  answers.length = 0
  callFunction.mockClear()
  heard.length = 0
  online = true
  window.addEventListener(OUTBOX_SENT_EVENT, listener)
})
afterEach(() => {
  window.removeEventListener(OUTBOX_SENT_EVENT, listener)
  jest.clearAllTimers()
  jest.useRealTimers()
})

const NO_FIELDS = new Set<string>()
const lead = { submissionId: "sub-1", name: "Ann" }

/** A lead sent while offline: kept, its first retry 5 s away. */
async function keptOffline(runner: Runner) {
  online = false
  answers.push(down)
  const result = await runner.sendLeadFromBrowser("process-contact", lead, NO_FIELDS)
  expect(result).toMatchObject({ reason: "queued" })
  expect(localStorage.getItem(OUTBOX_KEY)).toContain("sub-1")
}

test("back online: sent at once, without waiting for the backoff, and the page hears which submission went", async () => {
  const runner = loadRunner()
  await keptOffline(runner)
  online = true
  window.dispatchEvent(new Event("online"))
  await jest.advanceTimersByTimeAsync(0)
  expect(callFunction).toHaveBeenCalledTimes(2)
  expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
  expect(heard).toEqual([["sub-1"]])
})

test("`online` before the network really works: tried again after 1 s, then 2 s, until it goes", async () => {
  const runner = loadRunner()
  await keptOffline(runner)
  online = true
  answers.push(down, down)
  window.dispatchEvent(new Event("online"))
  await jest.advanceTimersByTimeAsync(0)
  expect(callFunction).toHaveBeenCalledTimes(2)
  await jest.advanceTimersByTimeAsync(999)
  expect(callFunction).toHaveBeenCalledTimes(2)
  await jest.advanceTimersByTimeAsync(1)
  expect(callFunction).toHaveBeenCalledTimes(3)
  expect(heard).toEqual([])
  await jest.advanceTimersByTimeAsync(2_000)
  expect(callFunction).toHaveBeenCalledTimes(4)
  expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
  expect(heard).toEqual([["sub-1"]])
})

test("offline again during the retries: they stop (the next `online` starts over)", async () => {
  const runner = loadRunner()
  await keptOffline(runner)
  online = true
  answers.push(down)
  window.dispatchEvent(new Event("online"))
  await jest.advanceTimersByTimeAsync(0)
  expect(callFunction).toHaveBeenCalledTimes(2)
  online = false
  window.dispatchEvent(new Event("offline"))
  await jest.advanceTimersByTimeAsync(3_000)
  // Only the outbox's own backoff (10 s after the second failure) may try; the online retries did not.
  expect(callFunction).toHaveBeenCalledTimes(2)
  online = true
  window.dispatchEvent(new Event("online"))
  await jest.advanceTimersByTimeAsync(0)
  expect(callFunction).toHaveBeenCalledTimes(3)
  expect(heard).toEqual([["sub-1"]])
})

test("`online` while a run is under way: a forced run follows it, so the lead is not left to the backoff", async () => {
  const runner = loadRunner()
  await keptOffline(runner)
  // A run (its timer's) that is still waiting for its answer when the network comes back.
  let answer: (result: CallResult) => void = () => undefined
  callFunction.mockImplementationOnce(() => new Promise<CallResult>((resolve) => (answer = resolve)))
  const slow = runner.runOutbox(true)
  online = true
  window.dispatchEvent(new Event("online"))
  answer(down)
  await slow
  await jest.advanceTimersByTimeAsync(0)
  expect(callFunction).toHaveBeenCalledTimes(3)
  expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
  expect(heard).toEqual([["sub-1"]])
})
