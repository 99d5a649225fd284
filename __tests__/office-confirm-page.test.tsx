/**
 * /office/confirm/: the request and its arrival window; a tap books it; booked before, it says
 * by whom and changes nothing; a window taken meanwhile offers the customer's other windows (only links
 * to our own confirm page) and their number. A window held for a $49 booking can be released instead.
 */
import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ConfirmPage } from "../src/components/office/confirm-page"
import { fill } from "../supabase/functions/_shared/kernel/escape.ts"
import type { CallResult } from "../src/lib/leads/api"
import { acknowledgeAnswer, answering, CONFIRM_WINDOW, confirmAnswer, officeFrame, ok } from "./fixtures/office"

const frame = officeFrame()
const { lead } = acknowledgeAnswer()
const WINDOW = CONFIRM_WINDOW

const stateHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name })

beforeEach(() => window.history.replaceState(null, "", "/office/confirm/#t=tok"))
afterEach(() => window.history.replaceState(null, "", "/"))

test("previews the window, and a tap books it", async () => {
  const appointment = { windowId: WINDOW.id, label: WINDOW.label, by: "Dana", at: "2026-11-27T15:00:00.000Z" }
  const call = answering(ok(confirmAnswer()), ok(confirmAnswer({ state: "confirmed", appointment })))
  render(<ConfirmPage {...frame} call={call} />)
  expect(await stateHeading(`Confirm ${WINDOW.label}?`)).toBeInTheDocument()
  expect(call).toHaveBeenLastCalledWith("confirm-window", { token: "tok", confirm: false })
  await userEvent.setup().click(screen.getByRole("button", { name: "Confirm this window" }))
  expect(await stateHeading(`Booked: ${WINDOW.label}`)).toBeInTheDocument()
  expect(call).toHaveBeenLastCalledWith("confirm-window", { token: "tok", confirm: true })
})

/** The page for a request booked before, by `by`. */
async function bookedBefore(by: string | null) {
  const appointment = { windowId: WINDOW.id, label: WINDOW.label, by, at: "2026-11-27T15:00:00.000Z" }
  render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ state: "already_confirmed", appointment })))} />)
  expect(await stateHeading("Already booked")).toBeInTheDocument()
  expect(screen.queryByRole("button")).toBeNull()
  return screen.getByRole("heading", { level: 2, name: "Already booked" }).nextElementSibling?.textContent
}

test("booked before: by whom, and no button", async () => {
  expect(await bookedBefore("Eli")).toBe(
    `This request was already confirmed for ${WINDOW.label}, by Eli. Nothing was changed.`,
  )
})

test("booked before from the office inbox's link: said as the place it was booked from", async () => {
  expect(await bookedBefore("Office inbox")).toBe(
    `This request was already confirmed for ${WINDOW.label}, from the Office inbox. Nothing was changed.`,
  )
})

test.each([null, "  "])("booked before with nobody recorded (%p): the sentence has no empty name", async (by) => {
  const text = await bookedBefore(by)
  expect(text).toBe(`This request was already confirmed for ${WINDOW.label}. Nothing was changed.`)
  expect(text).not.toMatch(/by\s*\./)
})

test("the customer's phone, text and e-mail links, and their language, before anything is booked", async () => {
  const spanish = { ...lead, prefers: "Prefers Spanish: call back in Spanish" }
  render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ lead: spanish })))} />)
  expect(await screen.findByText("Prefers Spanish: call back in Spanish")).toBeInTheDocument()
  expect(screen.getByRole("link", { name: lead.phone })).toHaveAttribute("href", lead.tel)
  expect(screen.getByRole("link", { name: "Send a text" })).toHaveAttribute("href", "sms:+19145550142")
  expect(screen.getByRole("link", { name: "ann@example.com" })).toHaveAttribute("href", "mailto:ann@example.com")
})

test("full: the customer's other windows as links to our own page only, and a call button", async () => {
  const others = [
    {
      id: "2026-12-01@11:00",
      label: "Tue, Dec 1, 11:00 AM to 2:00 PM",
      link: "https://office.example/office/confirm/#t=v1.a.b",
    },
    { id: "2026-12-02@08:00", label: "Wed, Dec 2, 8:00 AM to 11:00 AM", link: "javascript:alert(1)" },
  ]
  render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ state: "full", others })))} />)
  expect(await stateHeading("That window is full")).toBeInTheDocument()
  expect(screen.getByRole("link", { name: others[0]?.label })).toHaveAttribute("href", others[0]?.link)
  expect(screen.queryByRole("link", { name: others[1]?.label })).toBeNull()
  expect(screen.getByRole("link", { name: `Call ${lead.name}` })).toHaveAttribute("href", lead.tel)
})

test("full with no other window free: says to call", async () => {
  render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ state: "full", others: [] })))} />)
  expect(await screen.findByText(/No other window the customer picked is free/)).toBeInTheDocument()
})

describe("a window held for a $49 booking", () => {
  const words = frame.texts.confirm
  const values = { name: lead.name, window: WINDOW.label }

  /** The held preview, then a tap on "Release this window" answered with `state`. */
  async function release(state: "released" | "not_held", notified = true) {
    const call = answering(ok(confirmAnswer({ held: true })), ok(confirmAnswer({ state, notified })))
    render(<ConfirmPage {...frame} call={call} />)
    expect(await stateHeading(`Confirm ${WINDOW.label}?`)).toBeInTheDocument()
    expect(screen.getByText(fill(words.heldText, values))).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Confirm this window" })).toBeEnabled()
    await userEvent.setup().click(screen.getByRole("button", { name: "Release this window" }))
    expect(call).toHaveBeenLastCalledWith("confirm-window", { token: "tok", confirm: true, release: true })
    return call
  }

  test("a window not held offers no release", async () => {
    render(<ConfirmPage {...frame} call={answering(ok(confirmAnswer({ held: false })))} />)
    expect(await stateHeading(`Confirm ${WINDOW.label}?`)).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Release this window" })).toBeNull()
    expect(screen.queryByText(fill(words.heldText, values))).toBeNull()
  })

  test("released: the window is free again and a message is on its way to the customer", async () => {
    await release("released")
    expect(await stateHeading(`Released: ${WINDOW.label}`)).toBeInTheDocument()
    expect(
      screen.getByText(`${lead.name} is being sent a message that it is no longer held for them.`, { exact: false }),
    ).toBeInTheDocument()
    expect(screen.queryByRole("button")).toBeNull()
  })

  test("released with no message possible: says none could be sent and to call", async () => {
    await release("released", false)
    expect(await stateHeading(`Released: ${WINDOW.label}`)).toBeInTheDocument()
    expect(screen.getByText(fill(words.releasedUntoldText, values))).toBeInTheDocument()
    expect(screen.queryByText(/is being sent a message/)).toBeNull()
  })

  test("not held any more: says nothing was released, and changes nothing", async () => {
    await release("not_held")
    expect(await stateHeading("Nothing to release")).toBeInTheDocument()
    expect(
      screen.getByText(
        `This link no longer holds a window for ${lead.name}, so nothing was released and nothing was changed.`,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole("button")).toBeNull()
  })

  test("while the release is under way only its button says so, both are disabled, and a second tap sends nothing", async () => {
    let reply: (result: CallResult) => void = () => undefined
    const call = answering(ok(confirmAnswer({ held: true })))
    call.mockImplementationOnce(() => new Promise<CallResult>((resolve) => (reply = resolve)))
    render(<ConfirmPage {...frame} call={call} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole("button", { name: "Release this window" }))
    expect(screen.getByRole("button", { name: "Releasing…" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Confirm this window" })).toBeDisabled()
    expect(screen.queryByRole("button", { name: "Confirming…" })).toBeNull()
    await user.click(screen.getByRole("button", { name: "Releasing…" }))
    expect(call).toHaveBeenCalledTimes(2)
    act(() => reply(ok(confirmAnswer({ state: "released", notified: true }))))
    expect(await stateHeading(`Released: ${WINDOW.label}`)).toBeInTheDocument()
  })

  test("a held window can still be confirmed, without a release", async () => {
    const appointment = { windowId: WINDOW.id, label: WINDOW.label, by: "Dana", at: "2026-11-27T15:00:00.000Z" }
    const call = answering(ok(confirmAnswer({ held: true })), ok(confirmAnswer({ state: "confirmed", appointment })))
    render(<ConfirmPage {...frame} call={call} />)
    await userEvent.setup().click(await screen.findByRole("button", { name: "Confirm this window" }))
    expect(await stateHeading(`Booked: ${WINDOW.label}`)).toBeInTheDocument()
    expect(call).toHaveBeenLastCalledWith("confirm-window", { token: "tok", confirm: true })
  })
})
