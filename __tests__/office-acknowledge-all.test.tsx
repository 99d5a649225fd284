import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { AcknowledgePage } from "../src/components/office/acknowledge-page"
import { parseAnyAcknowledgeAnswer, type BatchLead } from "../src/lib/office/office-answers"
import { answering, officeFrame, ok } from "./fixtures/office"

/**
 * A summary's one "I'm on all N" link opens /office/acknowledge/ too; the page lists
 * every lead it names, a preview changes nothing, and one tap takes them all.
 */
const frame = officeFrame()

const lead = (i: number, taken: Partial<Pick<BatchLead, "acknowledgedBy" | "acknowledgedAt">> = {}): BatchLead => ({
  reference: `ref-${i}`,
  kind: "contact message",
  name: `Customer ${i}`,
  phone: `914-555-010${i}`,
  tel: `tel:+1914555010${i}`,
  email: null,
  prefers: null,
  request: `Ants in room ${i}`,
  receivedAt: "2026-11-23T14:14:00.000Z",
  acknowledgedBy: null,
  acknowledgedAt: null,
  ...taken,
})

const batchAnswer = (state: string, leads: BatchLead[], acknowledged = 0, to = "Dana") => ({
  success: true,
  state,
  to,
  shared: ["Office inbox"],
  batch: { count: leads.length, waiting: leads.filter((l) => !l.acknowledgedBy).length, acknowledged, leads },
})

const stateHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name })

beforeEach(() => window.history.replaceState(null, "", "/office/acknowledge/#t=batch-token"))
afterEach(() => window.history.replaceState(null, "", "/office/acknowledge/"))

test("preview: every lead listed with its number to call or text at once, one taken already by Marco, one button for all; nothing is confirmed", async () => {
  const leads = [lead(1), lead(2, { acknowledgedBy: "Marco", acknowledgedAt: "2026-11-23T14:20:00Z" }), lead(3)]
  const call = answering(ok(batchAnswer("ready", leads)))
  render(<AcknowledgePage {...frame} call={call} />)
  expect(await stateHeading("3 requests: 2 still waiting")).toBeInTheDocument()
  expect(call).toHaveBeenCalledWith("acknowledge-lead", { token: "batch-token", confirm: false })
  expect(call).toHaveBeenCalledTimes(1)
  for (const name of ["Customer 1", "Customer 2", "Customer 3"]) expect(screen.getByText(name)).toBeInTheDocument()
  expect(screen.getByText("Taken by Marco")).toBeInTheDocument()
  expect(screen.getByText("Ants in room 3")).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "914-555-0101" })).toHaveAttribute("href", "tel:+19145550101")
  expect(screen.getAllByRole("link", { name: "Send a text" }).map((a) => a.getAttribute("href"))).toEqual([
    "sms:+19145550101",
    "sms:+19145550102",
    "sms:+19145550103",
  ])
  expect(screen.getByRole("button", { name: "I'm on all 3" })).toBeEnabled()
})

test("confirm: the leads taken now are the reader's; Marco's stays his", async () => {
  const before = [lead(1), lead(2, { acknowledgedBy: "Marco" }), lead(3)]
  const after = [
    lead(1, { acknowledgedBy: "Dana" }),
    lead(2, { acknowledgedBy: "Marco" }),
    lead(3, { acknowledgedBy: "Dana" }),
  ]
  const call = answering(ok(batchAnswer("ready", before)), ok(batchAnswer("acknowledged", after, 2)))
  render(<AcknowledgePage {...frame} call={call} />)
  await userEvent.setup().click(await screen.findByRole("button", { name: "I'm on all 3" }))
  expect(await stateHeading("They're yours, Dana")).toBeInTheDocument()
  expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { token: "batch-token", confirm: true })
  expect(screen.getAllByText("Taken by Dana")).toHaveLength(2)
  expect(screen.getByText("Taken by Marco")).toBeInTheDocument()
  expect(screen.queryByRole("button")).toBeNull()
})

test('taken from the shared inbox: worded as a place, never "They\'re yours, Office inbox"', async () => {
  const after = [lead(1, { acknowledgedBy: "Office inbox" })]
  const call = answering(
    ok(batchAnswer("ready", [lead(1)], 0, "Office inbox")),
    ok(batchAnswer("acknowledged", after, 1, "Office inbox")),
  )
  render(<AcknowledgePage {...frame} call={call} />)
  await userEvent.setup().click(await screen.findByRole("button", { name: "I'm on all 1" }))
  expect(await stateHeading("You're on them")).toBeInTheDocument()
  expect(screen.getByText(/recorded as taken from the Office inbox/)).toBeInTheDocument()
  expect(screen.queryByText(/yours, Office inbox/)).toBeNull()
})

test("every lead taken before: nothing to tap, nothing changed", async () => {
  const leads = [lead(1, { acknowledgedBy: "Marco" }), lead(2, { acknowledgedBy: "Eli" })]
  render(<AcknowledgePage {...frame} call={answering(ok(batchAnswer("already_acknowledged", leads)))} />)
  expect(await stateHeading("Someone is already on all of these")).toBeInTheDocument()
  expect(screen.queryByRole("button", { name: /I'm on all/ })).toBeNull()
})

test("a batch answer is read strictly: a lead without a tel: link, or a count that is not a number, is no answer", () => {
  const good = batchAnswer("ready", [lead(1)])
  expect(parseAnyAcknowledgeAnswer(good)).toMatchObject({ kind: "batch", batch: { count: 1 } })
  expect(
    parseAnyAcknowledgeAnswer({ ...good, batch: { ...good.batch, leads: [{ ...lead(1), tel: "javascript:x" }] } }),
  ).toBeNull()
  expect(parseAnyAcknowledgeAnswer({ ...good, batch: { ...good.batch, count: "1" } })).toBeNull()
  expect(parseAnyAcknowledgeAnswer({ ...good, state: "done" })).toBeNull()
})
