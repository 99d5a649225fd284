import type { CallResult } from "../src/lib/leads/api"
import { OUTBOX_KEY, flushOutbox, readOutbox, retryDelay, sendLead } from "../src/lib/leads/lead-outbox"
import { freshTurnstileToken } from "../src/lib/turnstile/outbox-token"
import { down, memoryStorage, ok } from "./fixtures/answers"
import { turnstileStandIn } from "./fixtures/turnstile-stand-in"

const MISSING = "Please complete the anti-spam check."
const noPass: CallResult = {
  ok: false,
  reason: "http",
  status: 400,
  data: { success: false, error: MISSING, fields: { turnstileToken: MISSING } },
}

function setup(answers: CallResult[], turnstileToken?: () => Promise<string | null>) {
  let clock = 1_000_000
  const storage = memoryStorage()
  const call = jest.fn((_name: string, _body: Record<string, unknown>) => Promise.resolve(answers.shift() ?? ok))
  const deps = { call, storage, now: () => clock, ...(turnstileToken ? { turnstileToken } : {}) }
  return { deps, call, items: storage.items, advance: (ms: number) => (clock += ms) }
}

const body = (id: string) => ({ submissionId: id, name: "Ann", turnstileToken: "stand-in-pass-1" })
const sentBodies = (call: jest.Mock) => call.mock.calls.map(([, sent]) => sent as Record<string, unknown>)

test("a kept submission never keeps its token in localStorage", async () => {
  const { deps, items } = setup([down])
  expect(await sendLead(deps, "process-contact", body("a"))).toMatchObject({ reason: "queued" })
  expect(items.get(OUTBOX_KEY)).not.toContain("turnstileToken")
  expect(items.get(OUTBOX_KEY)).not.toContain("stand-in-pass-1")
  expect(readOutbox(deps.storage)).toEqual([expect.objectContaining({ body: { submissionId: "a", name: "Ann" } })])
})

test("re-sent later without a token, it is accepted on the server's remembered pass: no token fetched", async () => {
  const token = jest.fn(() => Promise.resolve("fresh"))
  const { deps, call } = setup([down, ok], token)
  await sendLead(deps, "process-contact", body("a"))
  expect(await flushOutbox(deps, true)).toMatchObject({ sent: 1, remaining: 0 })
  expect(sentBodies(call)[1]).toEqual({ submissionId: "a", name: "Ann" })
  expect(token).not.toHaveBeenCalled()
})

test("the server has no pass (the first send never arrived): kept, and sent again at once with a fresh token", async () => {
  const token = jest.fn(() => Promise.resolve("stand-in-pass-2"))
  const { deps, call } = setup([down, noPass, ok], token)
  await sendLead(deps, "process-contact", body("a"))
  expect(await flushOutbox(deps, true)).toMatchObject({ sent: 1, dropped: 0, remaining: 0 })
  expect(sentBodies(call).slice(1)).toEqual([
    { submissionId: "a", name: "Ann" },
    { submissionId: "a", name: "Ann", turnstileToken: "stand-in-pass-2" },
  ])
})

test("no fresh token to be had now: the entry is kept (never dropped) and the next try fetches one first", async () => {
  const tokens: Array<string | null> = [null, "stand-in-pass-3"]
  const token = jest.fn(() => Promise.resolve(tokens.shift() ?? null))
  const { deps, call, advance } = setup([down, noPass, ok], token)
  await sendLead(deps, "process-contact", body("a"))
  expect(await flushOutbox(deps, true)).toMatchObject({ sent: 0, dropped: 0, remaining: 1 })
  expect(readOutbox(deps.storage)).toEqual([expect.objectContaining({ needsToken: true, attempts: 2 })])
  advance(retryDelay(2))
  expect(await flushOutbox(deps)).toMatchObject({ sent: 1, remaining: 0 })
  // One call for that try: the token came first.
  expect(sentBodies(call).slice(2)).toEqual([{ submissionId: "a", name: "Ann", turnstileToken: "stand-in-pass-3" }])
})

test("a page without the site key keeps the entry too (a later page with the key can send it)", async () => {
  const { deps } = setup([down, noPass])
  await sendLead(deps, "process-contact", body("a"))
  expect(await flushOutbox(deps, true)).toMatchObject({ dropped: 0, remaining: 1 })
})

test("a wizard's three kept calls: the first gets a fresh token, the other two pass on the pass it left", async () => {
  const token = jest.fn(() => Promise.resolve("stand-in-pass-4"))
  const { deps, call } = setup([down, down, down, noPass, ok, ok, ok], token)
  for (const name of ["process-simple-lead", "process-estimate", "send-estimate-confirmation"])
    await sendLead(deps, name, body("w"))
  expect(await flushOutbox(deps, true)).toMatchObject({ sent: 3, remaining: 0 })
  expect(call.mock.calls.slice(3).map(([name, sent]) => [name, "turnstileToken" in sent])).toEqual([
    ["process-simple-lead", false],
    ["process-simple-lead", true],
    ["process-estimate", false],
    ["send-estimate-confirmation", false],
  ])
  expect(token).toHaveBeenCalledTimes(1)
})

describe("freshTurnstileToken: an interaction-only widget in a small fixed box", () => {
  afterEach(() => {
    delete window.turnstile
  })

  test("renders, resolves the widget's token, then removes the widget and its box", async () => {
    const standIn = turnstileStandIn()
    window.turnstile = standIn.api
    const pending = freshTurnstileToken("1x00000000000000000000AA")
    await Promise.resolve()
    await Promise.resolve()
    const [widget] = standIn.widgets
    expect(widget!.options).toMatchObject({ sitekey: "1x00000000000000000000AA", appearance: "interaction-only" })
    expect(widget!.container.style.position).toBe("fixed")
    expect(widget!.container).toHaveAttribute("aria-label", "Anti-spam check")
    standIn.solve("stand-in-pass-5")
    expect(await pending).toBe("stand-in-pass-5")
    expect(widget!.removed).toBe(true)
    expect(document.querySelector("[data-turnstile-outbox]")).toBeNull()
  })

  test("an error, or a widget answering inside render(), still cleans up", async () => {
    const standIn = turnstileStandIn()
    window.turnstile = {
      ...standIn.api,
      render: (container, options) => {
        const id = standIn.api.render(container, options)
        options["error-callback"]?.("600010")
        return id
      },
    }
    expect(await freshTurnstileToken("1x00000000000000000000AA")).toBeNull()
    expect(standIn.widgets[0]!.removed).toBe(true)
    expect(document.querySelector("[data-turnstile-outbox]")).toBeNull()
  })

  test("no site key: no token, and no script", async () => {
    expect(await freshTurnstileToken("")).toBeNull()
    expect(document.querySelector("script")).toBeNull()
  })

  test("gives up after its time limit", async () => {
    jest.useFakeTimers()
    window.turnstile = turnstileStandIn().api
    const pending = freshTurnstileToken("1x00000000000000000000AA", 1_000)
    await jest.advanceTimersByTimeAsync(1_000)
    expect(await pending).toBeNull()
    jest.useRealTimers()
  })
})
