/**
 * The office pages read a server's answer as untrusted JSON: an answer with a field missing, added or of
 * another type is never shown as a sentence it cannot back (it is a failed call, to retry), and nothing in
 * it becomes a link but our own.
 */
import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ConfirmPage } from "../src/components/office/confirm-page"
import { ReportPage } from "../src/components/office/report-page"
import { acknowledgeAnswer, answering, CONFIRM_WINDOW, confirmAnswer, officeFrame, ok } from "./fixtures/office"

const frame = officeFrame()
const { lead } = acknowledgeAnswer()
const WINDOW = CONFIRM_WINDOW
const FAILED = "We couldn't reach the office system"

const stateHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name })

afterEach(() => window.history.replaceState(null, "", "/"))

describe("the confirm page", () => {
  beforeEach(() => window.history.replaceState(null, "", "/office/confirm/#t=tok"))

  test.each([
    ["notified missing", { state: "released" }],
    ["notified as text", { state: "released", notified: "true" }],
  ])("a release answer with %s says neither that the visitor is told nor that they are not", async (_, fields) => {
    render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer(fields)))} />)
    expect(await stateHeading(FAILED)).toBeInTheDocument()
    expect(screen.queryByText(/is being sent a message|No message could be sent/)).toBeNull()
  })

  test.each([
    ["held as text", { held: "yes" }],
    [
      "an appointment without its label",
      { state: "already_confirmed", appointment: { windowId: WINDOW.id, by: "Eli", at: "x" } },
    ],
    [
      "an appointment's name as a number",
      { state: "already_confirmed", appointment: { windowId: WINDOW.id, label: WINDOW.label, by: 5, at: "x" } },
    ],
    ["an unknown state", { state: "booked" }],
    ["the window missing", { window: undefined }],
    ["the lead's call link a script", { lead: { ...lead, tel: "javascript:alert(1)" } }],
  ])("an answer with %s is not shown: the page offers a retry", async (_, fields) => {
    render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer(fields)))} />)
    expect(await stateHeading(FAILED)).toBeInTheDocument()
    expect(screen.queryByText(/Already booked|Release/)).toBeNull()
  })

  test("extra fields are ignored, and another window's link that is not our page is left out", async () => {
    const others = [
      { id: "a", label: "Evil window", link: "javascript:alert(1)" },
      { id: "c", label: "Our window", link: "https://example.com/office/confirm/#t=abc" },
    ]
    render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ state: "full", others, extra: { x: 1 } })))} />)
    expect(await screen.findByRole("link", { name: "Our window" })).toHaveAttribute("href", others[2]?.link)
    expect(screen.queryByText("Evil window")).toBeNull()
  })
})

describe("the report page", () => {
  const WEEKS = [{ first: "2026-11-23", last: "2026-11-29" }]
  const reportAnswer = (overrides: Record<string, unknown> = {}) => ({
    success: true,
    state: "ready",
    to: "Dana",
    recipient: "owner@example.com",
    weeks: WEEKS,
    ...overrides,
  })
  beforeEach(() => window.history.replaceState(null, "", "/office/report/#t=tok"))

  test.each([
    ["no week", { state: "sent" }],
    ["a week not a date", { state: "sent", week: { first: "soon", last: "later" } }],
    ["a recipient as a number", { state: "sent", week: WEEKS[0], recipient: 7 }],
  ])("a 'sent' answer with %s never says the report is on its way", async (_, fields) => {
    const call = answering(ok(reportAnswer()), ok(reportAnswer(fields)))
    render(<ReportPage {...frame} call={call} />)
    await userEvent.setup().click(await screen.findByRole("button", { name: "E-mail this week's report" }))
    expect(await stateHeading(FAILED)).toBeInTheDocument()
    expect(screen.queryByText(/on its way/)).toBeNull()
  })

  test("a week list with one unreadable week offers no choice at all", async () => {
    render(<ReportPage {...frame} call={answering(ok(reportAnswer({ weeks: [...WEEKS, { first: 1 }] })))} />)
    expect(await stateHeading(FAILED)).toBeInTheDocument()
    expect(screen.queryByRole("combobox")).toBeNull()
  })
})
