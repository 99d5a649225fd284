import { render, screen, within } from "@testing-library/react"
import { BoardPage } from "../src/components/office/board-page"
import { AcknowledgePage } from "../src/components/office/acknowledge-page"
import type { CallResult } from "../src/lib/leads/api"
import { acknowledgeAnswer, officeFrame } from "./fixtures/office"

const frame = officeFrame()
const ok = (data: Record<string, unknown>): CallResult => ({ ok: true, data })
const period = (requests: unknown[], counts: Record<string, unknown>) => ({ counts, requests })
const request = (overrides: Record<string, unknown>) => ({
  reference: "WEB000001",
  kind: "offer callback request",
  name: "Ann Lee",
  receivedAt: "2026-11-23T14:14:00.000Z",
  state: "new",
  takenBy: null,
  minutesToTake: null,
  outcome: null,
  outcomeBy: null,
  missed: false,
  prefers: null,
  ...overrides,
})

const openLink = (path: string) => window.history.replaceState(null, "", path)
afterEach(() => openLink("/"))

test("the board lists today's and the week's requests with their state, time to 'I'm on it' and counts; a visitor's markup stays text", async () => {
  openLink("/office/board/#t=tok")
  const today = [
    request({
      name: "<b>Bold</b> Bo",
      state: "done",
      takenBy: "Dana",
      minutesToTake: 4,
      outcome: "Booked a visit",
      outcomeBy: "Dana",
    }),
    request({ reference: "WEB000002", name: "Ann Lee", missed: true }),
  ]
  const call = jest.fn<Promise<CallResult>, [string, Record<string, unknown>]>().mockResolvedValue(
    ok({
      success: true,
      to: "Dana",
      today: period(today, { total: 2, new: 1, taken: 0, done: 1, missed: 1, medianMinutesToTake: 4 }),
      week: period(
        [
          ...today,
          request({
            reference: "WEB000003",
            name: "Eli Early",
            state: "taken",
            takenBy: "Eli",
            minutesToTake: 12,
            prefers: "Prefers Spanish: call back in Spanish",
            details: "Heard of us: A <i>neighbor</i> · Message: Ants",
          }),
        ],
        { total: 250, new: 1, taken: 1, done: 248, missed: 1, medianMinutesToTake: 8 },
      ),
    }),
  )
  render(<BoardPage {...frame} call={call} />)
  const todaySection = await screen.findByRole("region", { name: "Today" })
  expect(call).toHaveBeenCalledWith("office-board", { token: "tok", confirm: false })
  expect(within(todaySection).getByText("2 requests: 1 new, 0 taken, 1 done", { exact: false })).toBeInTheDocument()
  expect(within(todaySection).getByText(/Median time to "I'm on it": 4 min/)).toBeInTheDocument()
  expect(within(todaySection).getByText("<b>Bold</b> Bo")).toBeInTheDocument()
  expect(within(todaySection).getByText("Booked a visit (Dana)")).toBeInTheDocument()
  expect(within(todaySection).getByText(/4 min to "I'm on it"/)).toBeInTheDocument()
  expect(within(todaySection).getByText("New")).toBeInTheDocument()
  expect(within(todaySection).getByText(/Missed$/)).toBeInTheDocument()
  const week = screen.getByRole("region", { name: "Last 7 days" })
  expect(within(week).getByText("Taken by Eli")).toBeInTheDocument()
  // A visitor who used the site in Spanish: said on the request's line, in the office's words.
  expect(within(week).getByText(/· Prefers Spanish: call back in Spanish$/)).toBeInTheDocument()
  // The request's own fields, on the line the backend made of them; a visitor's markup stays text.
  expect(within(week).getByText("Heard of us: A <i>neighbor</i> · Message: Ants")).toBeInTheDocument()
  expect(within(week).getByText("Showing the 3 most recent.")).toBeInTheDocument()
  expect(document.querySelector("b, i")).toBeNull()
})

test("an answer with a request the page cannot read is not shown half: the page offers to try again", async () => {
  openLink("/office/board/#t=tok")
  const call = jest
    .fn<Promise<CallResult>, [string, Record<string, unknown>]>()
    .mockResolvedValue(
      ok({ success: true, to: "Dana", today: period([{ name: 1 }], { total: 1 }), week: period([], {}) }),
    )
  render(<BoardPage {...frame} call={call} />)
  expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument()
})

test("the 'I'm on it' page links the reader's board, and only a link of ours", async () => {
  openLink("/office/acknowledge/#t=tok")
  const board = "https://www.westchesterfamilypest.example/office/board/#t=v1.abc.def"
  const call = jest
    .fn<Promise<CallResult>, [string, Record<string, unknown>]>()
    .mockResolvedValueOnce(ok(acknowledgeAnswer({ state: "already_acknowledged", acknowledgedBy: "Dana", board })))
  render(<AcknowledgePage {...frame} call={call} />)
  expect(await screen.findByRole("link", { name: "See today's board" })).toHaveAttribute("href", board)
})

test("a board link that is not ours is not shown", async () => {
  openLink("/office/acknowledge/#t=tok")
  const call = jest.fn<Promise<CallResult>, [string, Record<string, unknown>]>().mockResolvedValueOnce(
    ok(
      acknowledgeAnswer({
        state: "already_acknowledged",
        acknowledgedBy: "Dana",
        board: "javascript:alert(1)//office/board/#t=x",
      }),
    ),
  )
  render(<AcknowledgePage {...frame} call={call} />)
  expect(await screen.findByRole("heading", { level: 2 })).toBeInTheDocument()
  expect(screen.queryByRole("link", { name: "See today's board" })).toBeNull()
})

test("each entry opens its request with the link the functions signed for it; taken from the inbox reads as a place", async () => {
  openLink("/office/board/#t=tok")
  const link = "https://www.westchesterfamilypest.example/office/acknowledge/#t=v1.req.sig"
  const requests = [
    request({ name: "Ann Lee", link }),
    request({ reference: "WEB000002", name: "Bo Park", state: "taken", takenBy: "Office inbox", link }),
    // Only a link of ours goes in an href: this entry opens nothing.
    request({ reference: "WEB000003", name: "Cy Ortiz", link: "javascript:alert(1)//office/acknowledge/#t=x" }),
  ]
  const counts = { total: 3, new: 2, taken: 1, done: 0, missed: 0, medianMinutesToTake: null }
  const call = jest.fn<Promise<CallResult>, [string, Record<string, unknown>]>().mockResolvedValue(
    ok({
      success: true,
      to: "Dana",
      shared: ["Office inbox"],
      today: period(requests, counts),
      week: period([], counts),
    }),
  )
  render(<BoardPage {...frame} call={call} />)
  const today = await screen.findByRole("region", { name: "Today" })
  expect(within(today).getByRole("link", { name: "Ann Lee" })).toHaveAttribute("href", link)
  expect(within(today).getByRole("link", { name: "Bo Park" })).toHaveAttribute("href", link)
  expect(within(today).getByText("Taken from the Office inbox")).toBeInTheDocument()
  expect(within(today).queryByText("Taken by Office inbox")).toBeNull()
  expect(within(today).getByText("Cy Ortiz")).not.toHaveAttribute("href")
  expect(within(today).queryByRole("link", { name: "Cy Ortiz" })).toBeNull()
})
