/**
 * /office/report/: the ended weeks the owner's link allows, one chosen and sent; the page says the report is
 * on its way only when the function queued it, says so when it was sent before, shows a refused week beside
 * the field, and an expired or changed link's page.
 */
import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { CallResult } from "../src/lib/leads/api"
import { ReportPage } from "../src/components/office/report-page"
import { answering, officeFrame, ok } from "./fixtures/office"

const frame = officeFrame()
const WEEKS = [
  { first: "2026-11-23", last: "2026-11-29" },
  { first: "2026-11-16", last: "2026-11-22" },
]
const OWNER = "owner@example.com"

const answer = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  state: "ready",
  to: "Dana",
  recipient: OWNER,
  weeks: WEEKS,
  ...overrides,
})
const refused = (status: number, data: Record<string, unknown>): CallResult => ({
  ok: false,
  reason: "http",
  status,
  data: { success: false, ...data },
})
const stateHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name })
const weekField = () => screen.getByRole("combobox", { name: "Week" })

beforeEach(() => window.history.replaceState(null, "", "/office/report/#t=tok"))
afterEach(() => window.history.replaceState(null, "", "/"))

test("lists the ended weeks, newest first, and sends the chosen one", async () => {
  const sent = answer({ state: "sent", week: WEEKS[1] })
  const call = answering(ok(answer()), ok(sent))
  render(<ReportPage {...frame} call={call} />)
  expect(await stateHeading("Which week's report?")).toBeInTheDocument()
  expect(call).toHaveBeenLastCalledWith("office-report", { token: "tok", confirm: false })
  expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
    "2026-11-23 to 2026-11-29",
    "2026-11-16 to 2026-11-22",
  ])
  const user = userEvent.setup()
  await user.selectOptions(weekField(), "2026-11-16 to 2026-11-22")
  await user.click(screen.getByRole("button", { name: "E-mail this week's report" }))
  expect(await stateHeading("Report on its way")).toBeInTheDocument()
  expect(screen.getByText(`The report for the week of 2026-11-16 is on its way to ${OWNER}.`)).toBeInTheDocument()
  expect(call).toHaveBeenLastCalledWith("office-report", { token: "tok", confirm: true, week: "2026-11-16" })
  expect(screen.queryByRole("button")).toBeNull()
})

test("sent before from this link: says so, and not that it is on its way", async () => {
  const call = answering(ok(answer()), ok(answer({ state: "already_sent", week: WEEKS[0] })))
  render(<ReportPage {...frame} call={call} />)
  await userEvent.setup().click(await screen.findByRole("button", { name: "E-mail this week's report" }))
  expect(await stateHeading("Already sent")).toBeInTheDocument()
  expect(screen.getByText(/was already sent to owner@example\.com from this link/)).toBeInTheDocument()
  expect(screen.queryByText(/is on its way/)).toBeNull()
  expect(call).toHaveBeenLastCalledWith("office-report", { token: "tok", confirm: true, week: "2026-11-23" })
})

test("a refused week: the function's message beside the field, and nothing said sent", async () => {
  const message = "The week of 2026-11-30 has not ended yet: the latest week with a report is the week of 2026-11-23."
  const call = answering(ok(answer()), refused(422, { error: message, reason: "not_ended", fields: { week: message } }))
  render(<ReportPage {...frame} call={call} />)
  await userEvent.setup().click(await screen.findByRole("button", { name: "E-mail this week's report" }))
  expect(await screen.findByText(message)).toBeInTheDocument()
  expect(weekField()).toHaveAttribute("aria-invalid", "true")
  expect(weekField()).toHaveAccessibleDescription(message)
  expect(screen.getByRole("heading", { level: 2, name: "Which week's report?" })).toBeInTheDocument()
  expect(screen.queryByText(/is on its way/)).toBeNull()
})

test.each([
  [410, "expired", "This link has expired"],
  [400, "invalid", "This link is not valid"],
])("a link refused with %i: its page, no week to choose", async (status, reason, heading) => {
  render(<ReportPage {...frame} call={answering(refused(status, { reason }))} />)
  expect(await stateHeading(heading)).toBeInTheDocument()
  expect(screen.queryByRole("combobox")).toBeNull()
  expect(screen.queryByRole("button")).toBeNull()
})

test("an answer saying sent without its week is not shown as sent", async () => {
  const call = answering(ok(answer()), ok(answer({ state: "sent" })))
  render(<ReportPage {...frame} call={call} />)
  await userEvent.setup().click(await screen.findByRole("button", { name: "E-mail this week's report" }))
  expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument()
  expect(screen.queryByText(/is on its way/)).toBeNull()
})
