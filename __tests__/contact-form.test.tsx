import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ContactForm } from "../src/components/forms/contact-form"
import { ToastProvider } from "../src/components/ui/toaster"
import type { CallResult } from "../src/lib/leads/api"
import { keptCalls, outboxSend } from "./fixtures/answers"
import { contactFormTexts } from "./fixtures/data"
import { CONTACT_FIELD_NAMES } from "../supabase/functions/_shared/kernel/contract"
import { SUBMISSION_FIELDS } from "./fixtures/leads"

const labels = contactFormTexts()

function renderForm(call: jest.Mock) {
  render(
    <ToastProvider dismissLabel="Dismiss">
      <ContactForm labels={labels} phone={{ display: "(914) 555-0123" }} call={call} />
    </ToastProvider>,
  )
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), "Ann Lee")
  await user.type(screen.getByLabelText(/^Email/), "ann@example.com")
  await user.type(screen.getByLabelText(/^Phone/), "914-555-0100")
  await user.type(screen.getByLabelText(/^Message/), "Ants by the sink")
}

test("fields are labelled, required, typed, and the message box is at least 120px", () => {
  renderForm(jest.fn())
  expect(screen.getByLabelText(/^Name/)).toBeRequired()
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute("type", "email")
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("type", "tel")
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("autocomplete", "tel")
  expect(screen.getByLabelText(/^Message/).className).toContain("min-h-[120px]")
})

test("invalid fields get a message next to them and nothing is sent", async () => {
  const call = jest.fn()
  renderForm(call)
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Email/), "ann.example.com")
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument()
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true")
  expect(screen.getByText("Please enter your name")).toBeInTheDocument()
  expect(call).not.toHaveBeenCalled()
})

test("success: Sending... while busy, the toast with the server's message, fields cleared", async () => {
  let resolve: (r: CallResult) => void = () => undefined
  const call = jest.fn(() => new Promise<CallResult>((r) => (resolve = r)))
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  await waitFor(() => {
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled()
  })
  expect(call).toHaveBeenCalledWith(
    "process-contact",
    expect.objectContaining({
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "914-555-0100",
      message: "Ants by the sink",
      ...SUBMISSION_FIELDS,
    }),
    // The fields a refusal may name for the visitor to fix (the form's declared fields); any other refusal is kept and re-sent.
    new Set(CONTACT_FIELD_NAMES),
  )
  resolve({ ok: true, data: { success: true, message: "Thank you, Ann! We'll reply within 24 hours.", error: null } })
  const toast = await screen.findByRole("status")
  expect(toast).toHaveTextContent("Message sent successfully! 📧")
  expect(toast).toHaveTextContent("Thank you, Ann! We'll reply within 24 hours.")
  await waitFor(() => {
    expect(screen.getByLabelText(/^Name/)).toHaveValue("")
  })
  expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled()
})

test("an outcome lets go of the field typed in, so a phone's keyboard closes and its toast shows", async () => {
  const call = jest.fn(() =>
    Promise.resolve<CallResult>({
      ok: true,
      data: { success: true, message: "Thank you, Ann! We'll reply within 24 hours.", error: null },
    }),
  )
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  // A phone's "Go" key: Enter in a field sends the form, the keyboard still open on that field.
  await user.click(screen.getByLabelText(/^Phone/))
  await user.keyboard("{Enter}")
  await screen.findByRole("status")
  expect(call).toHaveBeenCalledTimes(1)
  expect(screen.getByLabelText(/^Phone/)).not.toHaveFocus()
})

const refusal = (status: number, fields?: Record<string, string>): CallResult => ({
  ok: false,
  reason: "http",
  status,
  data: { success: false, error: "refused", ...(fields ? { fields } : {}) },
})

test.each([
  ["a 500", refusal(500)],
  ["a 403 (the page's origin not allowed)", refusal(403)],
  ["a 401 (a rotated key)", refusal(401)],
  ["a 400 naming no field of this form (a list the functions do not know)", refusal(400, { consent: "Unknown" })],
  ["success not true", { ok: true, data: { success: false, error: "no" } } as const],
])("an answer the visitor cannot act on (%s): kept for re-sending, told so, fields kept", async (_name, answer) => {
  localStorage.clear()
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const { send } = outboxSend([answer])
  renderForm(send)
  const user = userEvent.setup()
  await fill(user)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  expect(await screen.findByRole("status")).toHaveTextContent("Saved, not sent yet")
  expect(screen.queryByRole("alert")).toBeNull()
  expect(keptCalls().map(({ name, body }) => [name, body.name, body.message])).toEqual([
    ["process-contact", "Ann Lee", "Ants by the sink"],
  ])
  expect(screen.getByLabelText(/^Message/)).toHaveValue("Ants by the sink")
  localStorage.clear()
  jest.restoreAllMocks()
})

test("a 400 naming this form's field: the message next to it, the destructive toast, nothing kept, fields kept", async () => {
  localStorage.clear()
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const { send } = outboxSend([refusal(400, { email: "Please enter a valid email address" })])
  renderForm(send)
  const user = userEvent.setup()
  await fill(user)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  expect(await screen.findByRole("alert")).toHaveTextContent("Failed to send message.")
  expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument()
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true")
  expect(keptCalls()).toEqual([])
  expect(screen.getByLabelText(/^Message/)).toHaveValue("Ants by the sink")
  jest.restoreAllMocks()
})

test("a thrown error (neither sent nor kept): the destructive toast with the phone, fields kept", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  renderForm(jest.fn(() => Promise.reject(new Error("SecurityError"))))
  const user = userEvent.setup()
  await fill(user)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  const alert = await screen.findByRole("alert")
  expect(alert).toHaveTextContent("Error")
  expect(alert).toHaveTextContent("Failed to send message. Please try calling us directly at (914) 555-0123.")
  expect(screen.getByLabelText(/^Name/)).toHaveValue("Ann Lee")
  expect(screen.getByLabelText(/^Message/)).toHaveValue("Ants by the sink")
  jest.restoreAllMocks()
})

test("the backend out of reach: the message is kept for re-sending, the visitor is told so, and a second try reuses its submissionId", async () => {
  const call = jest.fn(() =>
    Promise.resolve({
      ok: false,
      reason: "queued",
      cause: { ok: false, reason: "network", message: "offline" },
    } as const),
  )
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  const notice = await screen.findByRole("status")
  expect(notice).toHaveTextContent("Saved, not sent yet")
  expect(notice).toHaveTextContent(
    "Your message hasn't reached us yet. It is saved on this device and will be sent automatically as soon as we can be reached (while our site is open in this browser). If it's urgent, call us at (914) 555-0123.",
  )
  expect(screen.queryByRole("alert")).toBeNull()
  expect(screen.getByLabelText(/^Message/)).toHaveValue("Ants by the sink")
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(2)
  })
  const ids = call.mock.calls.map((args) => (args as unknown as [string, { submissionId: string }])[1].submissionId)
  expect(ids[0]).toBe(ids[1])
  await user.type(screen.getByLabelText(/^Message/), " and the porch")
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(3)
  })
  expect((call.mock.calls[2] as unknown as [string, { submissionId: string }])[1].submissionId).not.toBe(ids[0])
})

test.each([
  ["an address with no top-level domain", "john@gmail"],
  ["two dots in a row", "a..b@x.com"],
  ["a dot at the end of the name", "ann.@example.com"],
])("the backend's e-mail rule is shown next to the field: %s", async (_case, address) => {
  const call = jest.fn()
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  await user.clear(screen.getByLabelText(/^Email/))
  await user.type(screen.getByLabelText(/^Email/), address)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument()
  expect(call).not.toHaveBeenCalled()
})

test("a name made only of zero-width characters is not a name", async () => {
  const call = jest.fn()
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  await user.clear(screen.getByLabelText(/^Name/))
  await user.type(screen.getByLabelText(/^Name/), "\u200B\u200D\uFEFF")
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  expect(await screen.findByText("Please enter your name")).toBeInTheDocument()
  expect(call).not.toHaveBeenCalled()
})

test("the time spent in the form is sent as elapsed milliseconds from the browser's monotonic clock", async () => {
  const clock = jest.spyOn(performance, "now").mockReturnValue(1_000)
  const call = jest.fn(() =>
    Promise.resolve<CallResult>({ ok: true, data: { success: true, message: "ok", error: null } }),
  )
  renderForm(call)
  const user = userEvent.setup()
  await fill(user)
  clock.mockReturnValue(43_500)
  await user.click(screen.getByRole("button", { name: "Send Message" }))
  await waitFor(() => {
    expect(call).toHaveBeenCalledWith(
      "process-contact",
      expect.objectContaining({ formFillMs: 42_500 }),
      expect.anything(),
    )
  })
  clock.mockRestore()
})
