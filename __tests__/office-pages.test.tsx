import { act, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { AcknowledgePage } from "../src/components/office/acknowledge-page"
import { ReleasePage } from "../src/components/office/release-page"
import type { CallResult } from "../src/lib/leads/api"
import type { AcknowledgeAnswer } from "../src/lib/office/office-answers"
import { acknowledgeAnswer, officeFrame, releaseAnswer } from "./fixtures/office"

type AcknowledgeAnswerCrm = AcknowledgeAnswer["crm"]

const frame = officeFrame()

const ok = (data: Record<string, unknown>): CallResult => ({ ok: true, data })
const refused = (status: number, reason: string): CallResult => ({
  ok: false,
  reason: "http",
  status,
  data: { success: false, error: "Refused", reason },
})
const NETWORK_DOWN: CallResult = { ok: false, reason: "network", message: "Failed to fetch" }

/** A call that answers each request with the next result given. */
const answering = (...results: CallResult[]) => {
  const call = jest.fn<Promise<CallResult>, [string, Record<string, unknown>]>()
  for (const result of results) call.mockResolvedValueOnce(result)
  return call
}

const openLink = (hash: string) => window.history.replaceState(null, "", `/office/acknowledge/${hash}`)
/** The value shown next to a label in the lead's details. */
const detail = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent
const stateHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name })

afterEach(() => openLink(""))

/** A refused link's status and reason, and the heading the page then shows. */
const REFUSALS = [
  [400, "invalid", "This link is not valid"],
  [410, "expired", "This link has expired"],
  [404, "not_found", "This message is gone"],
] as const

/** What both pages show for a refused link: a clear page, no button. */
async function expectRefusedPage(
  Page: typeof AcknowledgePage | typeof ReleasePage,
  status: number,
  reason: string,
  heading: string,
) {
  openLink("#t=tok")
  render(<Page {...frame} call={answering(refused(status, reason))} />)
  expect(await stateHeading(heading)).toBeInTheDocument()
  expect(screen.queryByRole("button")).toBeNull()
}

/** A page whose first call fails on the network, past its "Try again" tap; returns the call (answered `answer` the second time). */
async function retriedAfterNetworkFailure(
  Page: typeof AcknowledgePage | typeof ReleasePage,
  answer: Record<string, unknown>,
) {
  openLink("#t=tok")
  const call = answering(NETWORK_DOWN, ok(answer))
  render(<Page {...frame} call={call} />)
  expect(await stateHeading("We couldn't reach the office system")).toBeInTheDocument()
  await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }))
  return call
}

describe("both pages", () => {
  test.each([
    ["no fragment", ""],
    ["nothing after #", "#"],
    ["an empty token", "#t="],
    ["no t= part", "#x=1"],
    ["a token cut inside a %-escape", "#t=abc%E2%8"],
  ])("%s: the link is incomplete and nothing is called", async (_name, hash) => {
    openLink(hash)
    const call = answering()
    const { unmount } = render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("This link is incomplete")).toBeInTheDocument()
    unmount()
    render(<ReleasePage {...frame} call={call} />)
    expect(await stateHeading("This link is incomplete")).toBeInTheDocument()
    expect(call).not.toHaveBeenCalled()
  })

  test("a token longer than any the functions issue is refused without a call", async () => {
    openLink(`#t=${"a".repeat(1025)}`)
    const call = answering()
    render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("This link is not valid")).toBeInTheDocument()
    expect(call).not.toHaveBeenCalled()
  })

  test("the frame names the company and its phone, and the page says what it is for, in one h1", async () => {
    openLink("")
    render(<ReleasePage {...frame} call={answering()} />)
    expect(screen.getByRole("heading", { level: 1, name: "Lead alert" })).toBeInTheDocument()
    expect(screen.getByText("Westchester Family Pest Control")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
    expect(await stateHeading("This link is incomplete")).toBeInTheDocument()
  })
})

describe("I'm on it (/office/acknowledge/)", () => {
  test("preview: the URL-decoded token is checked with confirm:false; the phone and e-mail can be tapped before taking it", async () => {
    openLink("#t=abc%2Bdef.sig")
    const call = answering(ok(acknowledgeAnswer()))
    render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("New lead: Ann Lee")).toBeInTheDocument()
    expect(call).toHaveBeenCalledWith("acknowledge-lead", { token: "abc+def.sig", confirm: false })
    expect(call).toHaveBeenCalledTimes(1)
    expect(screen.getByText("Yonkers Express Pest Fix - $39")).toBeInTheDocument()
    expect(screen.getByText("Offer callback")).toBeInTheDocument()
    expect(screen.getByText("Mon, Nov 23, 9:14 AM")).toBeInTheDocument()
    expect(screen.getByText("WEB123456")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "914-555-0142" })).toHaveAttribute("href", "tel:+19145550142")
    expect(screen.getByRole("link", { name: "Send a text" })).toHaveAttribute("href", "sms:+19145550142")
    expect(screen.getByRole("link", { name: "ann@example.com" })).toHaveAttribute("href", "mailto:ann@example.com")
    // The big call button comes with taking it, so the reader taps "I'm on it" first when they can.
    expect(screen.queryByRole("link", { name: "Call Ann Lee" })).toBeNull()
    expect(screen.getByRole("button", { name: "I'm on it" })).toBeEnabled()
    // An English request says nothing of a language.
    expect(screen.queryByText(/Prefers/)).toBeNull()
  })

  test('a Spanish request says "Prefers Spanish" first thing, before and after the tap', async () => {
    openLink("#t=tok")
    const spanish = { ...acknowledgeAnswer().lead, prefers: "Prefers Spanish: call back in Spanish" }
    const call = answering(
      ok(acknowledgeAnswer({ lead: spanish })),
      ok(acknowledgeAnswer({ lead: spanish, state: "acknowledged", acknowledgedBy: "Dana" })),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    const note = await screen.findByText("Prefers Spanish: call back in Spanish")
    // Above the button: read before the tap.
    expect(note.compareDocumentPosition(screen.getByRole("button", { name: "I'm on it" }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    await userEvent.setup().click(screen.getByRole("button", { name: "I'm on it" }))
    expect(await stateHeading("It's yours, Dana")).toBeInTheDocument()
    expect(screen.getByText("Prefers Spanish: call back in Spanish")).toBeInTheDocument()
  })

  test('taken from the office inbox: worded as a place, never "It\'s yours, Office inbox"', async () => {
    openLink("#t=tok")
    const call = answering(
      ok(acknowledgeAnswer({ to: "Office inbox", names: ["Office"] })),
      ok(
        acknowledgeAnswer({
          to: "Office inbox",
          names: ["Office"],
          state: "acknowledged",
          acknowledgedBy: "Office inbox",
        }),
      ),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    await userEvent.setup().click(await screen.findByRole("button", { name: "I'm on it" }))
    expect(await stateHeading("You're on it")).toBeInTheDocument()
    expect(screen.getByText(/It is recorded as taken from the Office inbox/)).toBeInTheDocument()
    expect(detail("Taken from")).toBe("Office inbox")
    expect(screen.queryByText(/yours, Office inbox/)).toBeNull()
    expect(screen.getByRole("link", { name: "Call Ann Lee" })).toHaveAttribute("href", "tel:+19145550142")
  })

  test("confirm: busy while saving, then the lead is theirs with a tap-to-call link", async () => {
    openLink("#t=tok")
    let answer: (result: CallResult) => void = () => undefined
    const call = answering(ok(acknowledgeAnswer()))
    call.mockImplementationOnce(() => new Promise<CallResult>((resolve) => (answer = resolve)))
    render(<AcknowledgePage {...frame} call={call} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole("button", { name: "I'm on it" }))
    expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled()
    await user.click(screen.getByRole("button", { name: "Saving…" }))
    expect(call).toHaveBeenCalledTimes(2)
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { token: "tok", confirm: true })
    act(() =>
      answer(
        ok(
          acknowledgeAnswer({ state: "acknowledged", acknowledgedBy: "Dana", acknowledgedAt: "2026-11-23T14:16:00Z" }),
        ),
      ),
    )
    expect(await stateHeading("It's yours, Dana")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Call Ann Lee" })).toHaveAttribute("href", "tel:+19145550142")
    expect(screen.getByRole("link", { name: "914-555-0142" })).toHaveAttribute("href", "tel:+19145550142")
    expect(screen.getByText("Mon, Nov 23, 9:16 AM")).toBeInTheDocument()
  })

  test("the call link dials the extension; a number the functions could not read gets no link, only its text", async () => {
    openLink("#t=tok")
    const taken = { state: "acknowledged" as const, acknowledgedBy: "Dana", acknowledgedAt: "2026-11-23T14:16:00Z" }
    const withExtension = {
      ...acknowledgeAnswer().lead,
      phone: "(914) 555-0142 ext. 12",
      tel: "tel:+19145550142;ext=12",
    }
    const { unmount } = render(
      <AcknowledgePage {...frame} call={answering(ok(acknowledgeAnswer({ ...taken, lead: withExtension })))} />,
    )
    expect(await screen.findByRole("link", { name: "Call Ann Lee" })).toHaveAttribute("href", "tel:+19145550142;ext=12")
    unmount()
    const unread = { ...acknowledgeAnswer().lead, phone: "555-555-5555", tel: null }
    render(<AcknowledgePage {...frame} call={answering(ok(acknowledgeAnswer({ ...taken, lead: unread })))} />)
    expect(await screen.findByText("555-555-5555")).toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "Call Ann Lee" })).not.toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "555-555-5555" })).not.toBeInTheDocument()
  })

  test("who takes it is chosen from the on-call list; then the outcome is recorded with a note, and can be changed", async () => {
    openLink("#t=tok")
    const lists = {
      names: ["Dana", "Eli", "Office"],
      outcomes: [
        { id: "reached", label: "Reached the customer" },
        { id: "booked", label: "Booked a visit" },
      ],
    }
    const taken = { state: "acknowledged" as const, acknowledgedBy: "Eli", acknowledgedAt: "2026-11-23T14:16:00Z" }
    const recorded = {
      ...taken,
      state: "outcome_recorded" as const,
      outcome: { value: "booked", label: "Booked a visit", note: "Thu 9-11", by: "Eli", at: "2026-11-23T14:30:00Z" },
    }
    const call = answering(
      ok(acknowledgeAnswer({ ...lists, to: "Office inbox" })),
      ok(acknowledgeAnswer({ ...lists, ...taken, to: "Office inbox" })),
      ok(acknowledgeAnswer({ ...lists, ...recorded, to: "Office inbox" })),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole("combobox", { name: "Who is taking it?" }), "Eli")
    await user.click(screen.getByRole("button", { name: "I'm on it" }))
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { by: "Eli", token: "tok", confirm: true })
    expect(await stateHeading("It's yours, Eli")).toBeInTheDocument()

    const form = screen.getByRole("form", { name: "What came of it?" })
    const save = within(form).getByRole("button", { name: "Save outcome" })
    expect(save).toBeDisabled()
    await user.click(within(form).getByRole("radio", { name: "Booked a visit" }))
    await user.type(within(form).getByRole("textbox", { name: "Note (optional)" }), "Thu 9-11")
    await user.click(save)
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", {
      by: "Eli",
      outcome: "booked",
      note: "Thu 9-11",
      token: "tok",
      confirm: true,
    })
    expect(await stateHeading("Outcome saved")).toBeInTheDocument()
    expect(detail("Outcome")).toBe("Booked a visit")
    expect(detail("Note")).toBe("Thu 9-11")
    // The recorded outcome is chosen, and the button now changes it.
    const again = screen.getByRole("form", { name: "What came of it?" })
    expect(within(again).getByRole("radio", { name: "Booked a visit" })).toBeChecked()
    expect(within(again).getByRole("button", { name: "Change outcome" })).toBeEnabled()
  })

  test("already acknowledged by someone else: who and when, nothing to tap, no call button (the number stays a link)", async () => {
    openLink("#t=tok")
    const call = answering(
      ok(
        acknowledgeAnswer({
          state: "already_acknowledged",
          acknowledgedBy: "Marco",
          acknowledgedAt: "2026-07-06T13:20:00Z",
        }),
      ),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("Someone is already on it")).toBeInTheDocument()
    expect(detail("Taken by")).toBe("Marco")
    expect(detail("Taken at")).toBe("Mon, Jul 6, 9:20 AM")
    expect(screen.queryByRole("button")).toBeNull()
    expect(screen.queryByRole("link", { name: /Call/ })).toBeNull()
    expect(screen.getByRole("link", { name: "914-555-0142" })).toHaveAttribute("href", "tel:+19145550142")
  })

  test("already acknowledged by the reader (the link opened again): the call link is back", async () => {
    openLink("#t=tok")
    const call = answering(
      ok(
        acknowledgeAnswer({
          state: "already_acknowledged",
          acknowledgedBy: "Dana",
          acknowledgedAt: "2026-11-23T14:16:00Z",
        }),
      ),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("Someone is already on it")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Call Ann Lee" })).toHaveAttribute("href", "tel:+19145550142")
  })

  test.each(REFUSALS)("%i %s: a clear page, no button", (status, reason, heading) =>
    expectRefusedPage(AcknowledgePage, status, reason, heading),
  )

  test("network failure, then retry: the same preview is sent again and the lead shows", async () => {
    const call = await retriedAfterNetworkFailure(AcknowledgePage, acknowledgeAnswer())
    expect(await stateHeading("New lead: Ann Lee")).toBeInTheDocument()
    expect(call.mock.calls).toEqual([
      ["acknowledge-lead", { token: "tok", confirm: false }],
      ["acknowledge-lead", { token: "tok", confirm: false }],
    ])
  })

  test("a tap that did not get through is retried as a tap (confirm:true); a call that throws counts as not through", async () => {
    openLink("#t=tok")
    const call = answering(ok(acknowledgeAnswer()))
    call.mockRejectedValueOnce(new Error("Loading chunk 12 failed"))
    call.mockResolvedValueOnce(ok(acknowledgeAnswer({ state: "acknowledged", acknowledgedBy: "Dana" })))
    render(<AcknowledgePage {...frame} call={call} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole("button", { name: "I'm on it" }))
    expect(await stateHeading("We couldn't reach the office system")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Try again" }))
    expect(await stateHeading("It's yours, Dana")).toBeInTheDocument()
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { token: "tok", confirm: true })
  })

  test("a 5xx, a gateway's 404 without the contract's reason, or a malformed answer can be retried", async () => {
    openLink("#t=tok")
    const call = answering(
      { ok: false, reason: "http", status: 503, data: { success: false, error: "Down" } },
      { ok: false, reason: "http", status: 404, data: null },
      ok({ success: true, state: "ready" }),
      ok(acknowledgeAnswer()),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    const user = userEvent.setup()
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await stateHeading("We couldn't reach the office system")).toBeInTheDocument()
      await user.click(screen.getByRole("button", { name: "Try again" }))
    }
    expect(await stateHeading("New lead: Ann Lee")).toBeInTheDocument()
  })

  test("another link pasted into the same tab (only the fragment changes) is checked in turn", async () => {
    openLink("#t=first")
    const call = answering(
      ok(acknowledgeAnswer()),
      ok(acknowledgeAnswer({ lead: { ...acknowledgeAnswer().lead, name: "Cy Ortiz" } })),
    )
    render(<AcknowledgePage {...frame} call={call} />)
    expect(await stateHeading("New lead: Ann Lee")).toBeInTheDocument()
    act(() => {
      openLink("#t=second")
      window.dispatchEvent(new HashChangeEvent("hashchange"))
    })
    expect(await stateHeading("New lead: Cy Ortiz")).toBeInTheDocument()
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { token: "second", confirm: false })
  })
})

describe("Not spam (/office/release/)", () => {
  test("preview shows the message and why it was filed as spam; the tap releases it", async () => {
    openLink("#t=spam-tok")
    const call = answering(
      ok(releaseAnswer()),
      ok(releaseAnswer({ state: "released", releasedAt: "2026-11-23T14:30:00Z", reference: "WEB654321" })),
    )
    render(<ReleasePage {...frame} call={call} />)
    expect(await stateHeading("Not spam? Bo Park")).toBeInTheDocument()
    expect(call).toHaveBeenCalledWith("release-spam", { token: "spam-tok", confirm: false })
    expect(screen.getByText("Sent too fast (bot check)")).toBeInTheDocument()
    expect(screen.getByText("Contact form")).toBeInTheDocument()
    expect(screen.getByText("Mon, Nov 23, 9:14 AM")).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole("button", { name: "Not spam" }))
    expect(await stateHeading("Released")).toBeInTheDocument()
    expect(call).toHaveBeenLastCalledWith("release-spam", { token: "spam-tok", confirm: true })
    expect(screen.getByText("WEB654321")).toBeInTheDocument()
    expect(screen.getByText("Mon, Nov 23, 9:30 AM")).toBeInTheDocument()
    expect(screen.queryByRole("button")).toBeNull()
  })

  test("already released: when and as which lead; nothing changed", async () => {
    openLink("#t=spam-tok")
    const call = answering(
      ok(releaseAnswer({ state: "already_released", releasedAt: "2026-11-22T15:00:00Z", reference: "WEB111222" })),
    )
    render(<ReleasePage {...frame} call={call} />)
    const heading = await stateHeading("Already released")
    expect(within(heading.parentElement ?? document.body).getByText(/nothing was changed/)).toBeInTheDocument()
    expect(screen.getByText("WEB111222")).toBeInTheDocument()
    expect(screen.getByText("Sun, Nov 22, 10:00 AM")).toBeInTheDocument()
    expect(screen.queryByRole("button")).toBeNull()
  })

  test.each(REFUSALS)("%i %s: a clear page, no button", (status, reason, heading) =>
    expectRefusedPage(ReleasePage, status, reason, heading),
  )

  test("network failure, then retry", async () => {
    const call = await retriedAfterNetworkFailure(ReleasePage, releaseAnswer())
    expect(await stateHeading("Not spam? Bo Park")).toBeInTheDocument()
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2))
  })
})

describe("I'm on it: where the outcome went (the CRM)", () => {
  const lists = { names: ["Dana"], outcomes: [{ id: "booked", label: "Booked a visit" }] }
  const taken = { ...lists, state: "already_acknowledged" as const, acknowledgedBy: "Dana" }
  const recorded = (crm: AcknowledgeAnswerCrm, state: "outcome_recorded" | "already_acknowledged") =>
    acknowledgeAnswer({
      ...taken,
      state,
      crm,
      outcome: { value: "booked", label: "Booked a visit", note: null, by: "Dana", at: "2026-11-23T14:30:00Z" },
    })

  /** Takes the page to "Outcome saved" with the save answered `crm`; later looks answered `later`. */
  async function saved(crm: AcknowledgeAnswerCrm, ...later: AcknowledgeAnswerCrm[]) {
    openLink("#t=tok")
    const call = answering(
      ok(acknowledgeAnswer(taken)),
      ok(recorded(crm, "outcome_recorded")),
      ...later.map((state) => ok(recorded(state, "already_acknowledged"))),
    )
    render(<AcknowledgePage {...frame} call={call} crmRecheckMs={[0, 0, 0]} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole("radio", { name: "Booked a visit" }))
    await user.click(screen.getByRole("button", { name: "Save outcome" }))
    expect(await stateHeading("Outcome saved")).toBeInTheDocument()
    // The thank-you says what was done; where the copy went is the status line's to say.
    expect(screen.getByText("Thank you, Dana. The outcome of Ann Lee's request is recorded.")).toBeInTheDocument()
    return call
  }

  test("no CRM set up: the page says the outcome was not sent anywhere, and never 'sent on'", async () => {
    const call = await saved("not_configured")
    expect(screen.getByRole("status")).toHaveTextContent(
      "Not sent to a customer system: none is set up. The outcome is kept here, on the board and in the weekly report.",
    )
    expect(screen.queryByText(/Sent on to the customer system/)).toBeNull()
    // Nothing is on its way, so nothing is looked at again.
    expect(call).toHaveBeenCalledTimes(2)
  })

  test("queued: 'on its way', then looked at again (a preview) until the CRM has it: 'sent on'", async () => {
    const call = await saved("queued", "queued", "sent")
    expect(await screen.findByText("Sent on to the customer system.")).toBeInTheDocument()
    expect(screen.getByRole("status")).toHaveTextContent("Sent on to the customer system.")
    // Still the saved page: a later look changes only that line.
    expect(screen.getByRole("heading", { level: 2, name: "Outcome saved" })).toBeInTheDocument()
    expect(call).toHaveBeenCalledTimes(4)
    expect(call).toHaveBeenLastCalledWith("acknowledge-lead", { token: "tok", confirm: false })
  })

  test("queued and never taken within the looks: it stays 'on its way', which is still true", async () => {
    const call = await saved("queued", "queued", "queued", "queued")
    await waitFor(() => expect(call).toHaveBeenCalledTimes(5))
    expect(screen.getByRole("status")).toHaveTextContent("On its way to the customer system.")
  })

  test("the CRM gave up: the page says so, and that the office was e-mailed it", async () => {
    openLink("#t=tok")
    render(<AcknowledgePage {...frame} call={answering(ok(recorded("failed", "already_acknowledged")))} />)
    expect(await screen.findByRole("status")).toHaveTextContent(
      "The customer system did not take it. The office was e-mailed the outcome, to enter it there by hand.",
    )
  })
})
