import { cleanup, render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import fc from "fast-check"
import { TextField } from "../src/components/forms/text-field"
import { useToast } from "../src/components/ui/toast-item"
import { ToastProvider } from "../src/components/ui/toaster"
import type { LeadResult } from "../src/lib/leads/lead-outcome"
import { useLeadForm, type SendLead } from "../src/lib/leads/use-lead-form"
import { OUTBOX_SENT_EVENT, type OutboxSentDetail } from "../src/lib/leads/outbox-key"
import { answerArb, isAccepted, keptCalls, namesShownField, outboxSend } from "./fixtures/answers"
import { TestLeadForm } from "./fixtures/lead-form-frame"
import { callbackLead, recordGtag, SUBMISSION_FIELDS, type CallbackLead } from "./fixtures/leads"

const INITIAL = { name: "", phone: "", website: "" }

/** The smallest lead form: two fields, sent to one function, with a text for each outcome. */
function TestForm({ call, initial = INITIAL }: { call: SendLead; initial?: typeof INITIAL }) {
  const lead = useLeadForm<typeof INITIAL, CallbackLead>({
    form: "test",
    lead: callbackLead,
    send: (body, post) => post("process-simple-lead", body),
    tracking: (body) => ({ params: { kind: "test" }, accepted: { named: body.full_name !== "" } }),
    notices: {
      accepted: (answer) => ({ title: "Thanks", description: String(answer.message) }),
      pending: { title: "Saved, not sent yet" },
      sent: { title: "Sent now", description: "Your saved request has reached us" },
      refused: { title: "Not sent" },
    },
    contractFields: { name: "full_name" },
    call,
    toast: useToast(),
  })
  return (
    <TestLeadForm lead={lead} initialValues={initial}>
      <TextField name="phone" label="Phone" />
      <button type="submit" disabled={lead.submitting}>
        {lead.submitting ? "Sending" : "Send"}
      </button>
    </TestLeadForm>
  )
}

const { events } = recordGtag()

async function send(answers: LeadResult[]) {
  const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.resolve(answers.shift() ?? answers[0]!))
  render(
    <ToastProvider dismissLabel="Dismiss">
      <TestForm call={call} />
    </ToastProvider>,
  )
  const user = userEvent.setup()
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann Lee")
  await user.type(screen.getByRole("textbox", { name: "Phone" }), "914 555 0100")
  const submit = () => user.click(screen.getByRole("button", { name: "Send" }))
  await submit()
  return { call, user, submit }
}

const sentIds = (call: jest.Mock<Promise<LeadResult>, Parameters<SendLead>>) =>
  call.mock.calls.map(([, body]) => body.submissionId)

test("accepted: the success notice with the answer, generate_lead, the form cleared and a new submission next time", async () => {
  const accepted: LeadResult = { ok: true, data: { success: true, message: "We'll call you", reference: "r" } }
  const { call, user, submit } = await send([accepted, accepted])
  expect(await screen.findByRole("status")).toHaveTextContent("ThanksWe'll call you")
  // With the fields this form shows a message next to (contract names): only a refusal naming one is not kept.
  expect(call).toHaveBeenCalledWith(
    "process-simple-lead",
    { ...callbackLead({ name: "Ann Lee", phone: "914 555 0100" }), ...SUBMISSION_FIELDS },
    new Set(["full_name", "phone"]),
  )
  expect(events("form_submit")).toEqual([["event", "form_submit", { form: "test", kind: "test" }]])
  expect(events("generate_lead")).toEqual([["event", "generate_lead", { form: "test", kind: "test", named: true }]])
  await waitFor(() => {
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("")
  })
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann Lee")
  await user.type(screen.getByRole("textbox", { name: "Phone" }), "914 555 0100")
  await submit()
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(2)
  })
  const [first, second] = sentIds(call)
  expect(second).not.toBe(first)
})

test("pending (kept in the outbox): the pending notice, no error, values kept, and an identical resend reuses the submissionId", async () => {
  const queued: LeadResult = {
    ok: false,
    reason: "queued",
    cause: { ok: false, reason: "network", message: "offline" },
  }
  const { call, submit } = await send([queued, queued])
  expect(await screen.findByRole("status")).toHaveTextContent("Saved, not sent yet")
  expect(screen.queryByRole("alert")).toBeNull()
  expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ann Lee")
  expect(events("generate_lead")).toEqual([])
  await submit()
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(2)
  })
  const [first, second] = sentIds(call)
  expect(second).toBe(first)
})

const outboxSent = (submissionIds: string[]) => {
  const detail: OutboxSentDetail = { submissionIds }
  window.dispatchEvent(new CustomEvent(OUTBOX_SENT_EVENT, { detail }))
}

test("pending, then the outbox has it accepted: the sent notice, once, only for this form's submission, and the form cleared for a new lead", async () => {
  const queued: LeadResult = {
    ok: false,
    reason: "queued",
    cause: { ok: false, reason: "network", message: "offline" },
  }
  const accepted: LeadResult = { ok: true, data: { success: true, message: "ok" } }
  const { call, user, submit } = await send([queued, accepted])
  expect(await screen.findByRole("status")).toHaveTextContent("Saved, not sent yet")
  const [id] = sentIds(call)
  // Another submission's call, or an event of that name from elsewhere, says nothing.
  outboxSent(["another-submission"])
  window.dispatchEvent(new Event(OUTBOX_SENT_EVENT))
  expect(screen.queryByText("Sent now")).toBeNull()
  expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ann Lee")

  outboxSent([String(id)])
  expect(await screen.findByText("Sent now")).toBeInTheDocument()
  expect(screen.getByText("Your saved request has reached us")).toBeInTheDocument()
  await waitFor(() => {
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("")
  })
  // Heard once: the worker's announcement of the same call after the page's says nothing more.
  outboxSent([String(id)])
  expect(screen.getAllByText("Sent now")).toHaveLength(1)
  // The next lead is a new submission.
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann Lee")
  await user.type(screen.getByRole("textbox", { name: "Phone" }), "914 555 0100")
  await submit()
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(2)
  })
  expect(sentIds(call)[1]).not.toBe(id)
})

test("refused (a 400 naming a field the form shows): the error notice, the backend's message next to its field, values kept", async () => {
  const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
  await send([
    {
      ok: false,
      reason: "http",
      status: 400,
      data: {
        success: false,
        error: "Some fields are missing or invalid",
        fields: { full_name: "Please enter your name" },
      },
    },
  ])
  expect(await screen.findByRole("alert")).toHaveTextContent("Not sent")
  expect(await screen.findByText("Please enter your name")).toBeInTheDocument()
  expect(screen.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true")
  expect(screen.getByRole("textbox", { name: "Phone" })).toHaveValue("914 555 0100")
  expect(logged).toHaveBeenCalled()
})

test("a 2xx that is not a success is no success: success must be true and carry no error; it is kept and the visitor told so", async () => {
  localStorage.clear()
  const { send: keep } = outboxSend([{ ok: true, data: { success: true, error: "refused" } }])
  render(
    <ToastProvider dismissLabel="Dismiss">
      <TestForm call={keep} initial={{ name: "Ann Lee", phone: "914 555 0100", website: "" }} />
    </ToastProvider>,
  )
  await userEvent.click(screen.getByRole("button", { name: "Send" }))
  expect(await screen.findByRole("status")).toHaveTextContent("Saved, not sent yet")
  expect(screen.queryByText("Thanks")).toBeNull()
  expect(keptCalls().map(({ name, body }) => [name, body.full_name])).toEqual([["process-simple-lead", "Ann Lee"]])
  localStorage.clear()
})

test("a send that threw (nothing sent, nothing kept): the error notice, never the pending one, values kept", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.reject(new Error("SecurityError")))
  render(
    <ToastProvider dismissLabel="Dismiss">
      <TestForm call={call} initial={{ name: "Ann Lee", phone: "914 555 0100", website: "" }} />
    </ToastProvider>,
  )
  await userEvent.click(screen.getByRole("button", { name: "Send" }))
  expect(await screen.findByRole("alert")).toHaveTextContent("Not sent")
  expect(screen.queryByText("Saved, not sent yet")).toBeNull()
  expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ann Lee")
})

test("every answer (each status 400–599, no answer, relay faults, 2xx with and without success, bodies naming the form's field, another or none) ends in exactly one state: success told after a 2xx, kept and told so, or a message next to the form's field with the values kept", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const shown = new Set(["full_name", "phone"])
  await fc.assert(
    fc.asyncProperty(answerArb(["full_name", "phone"]), async (answer) => {
      cleanup()
      localStorage.clear()
      const { send: keep, call } = outboxSend([answer])
      render(
        <ToastProvider dismissLabel="Dismiss">
          <TestForm call={keep} initial={{ name: "Ann Lee", phone: "914 555 0100", website: "" }} />
        </ToastProvider>,
      )
      await userEvent.click(screen.getByRole("button", { name: "Send" }))
      await waitFor(() => {
        expect(screen.getByRole("button", { name: "Send" })).toBeEnabled()
        expect(call).toHaveBeenCalledTimes(1)
      })
      const notices = document.body.textContent
      const told = { received: notices.includes("Thanks"), saved: notices.includes("Saved, not sent yet") }
      const fieldMessage = screen.queryAllByText(/^Please check (full_name|phone)$/)
      if (isAccepted(answer)) {
        expect(told).toEqual({ received: true, saved: false })
        expect(keptCalls()).toEqual([])
      } else if (namesShownField(answer, shown)) {
        expect(told).toEqual({ received: false, saved: false })
        expect(fieldMessage.length).toBeGreaterThan(0)
        expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ann Lee")
        expect(keptCalls()).toEqual([])
      } else {
        expect(told).toEqual({ received: false, saved: true })
        expect(fieldMessage).toEqual([])
        expect(keptCalls().map(({ name, body }) => [name, body.full_name])).toEqual([
          ["process-simple-lead", "Ann Lee"],
        ])
        expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ann Lee")
      }
    }),
    { numRuns: 120 },
  )
  cleanup()
  localStorage.clear()
})

test("form_start is tracked once, on the first focus inside the form", async () => {
  render(
    <ToastProvider dismissLabel="Dismiss">
      <TestForm call={jest.fn()} />
    </ToastProvider>,
  )
  const user = userEvent.setup()
  expect(events("form_start")).toEqual([])
  await user.click(screen.getByRole("textbox", { name: "Name" }))
  await user.click(screen.getByRole("textbox", { name: "Phone" }))
  await user.click(screen.getByRole("textbox", { name: "Name" }))
  expect(events("form_start")).toEqual([["event", "form_start", { form: "test" }]])
})
