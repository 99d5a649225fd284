import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Form, Formik } from "formik"
import { TextField } from "../src/components/forms/text-field"
import { ToastProvider } from "../src/components/ui/toaster"
import type { LeadResult } from "../src/lib/leads/lead-outbox"
import { useLeadForm, type SendLead } from "../src/lib/leads/use-lead-form"
import { recordGtag, SUBMISSION_FIELDS } from "./fixtures/leads"

const INITIAL = { name: "", phone: "", website: "" }

/** The smallest lead form: two fields, sent to one function, with a text for each outcome. */
function TestForm({ call }: { call: SendLead }) {
  const lead = useLeadForm<typeof INITIAL, { full_name: string; phone: string }>({
    form: "test",
    lead: (fields: { name: string; phone: string }) => ({ full_name: fields.name.trim(), phone: fields.phone }),
    send: (body, post) => post("process-simple-lead", body),
    tracking: (body) => ({ params: { kind: "test" }, accepted: { named: body.full_name !== "" } }),
    notices: {
      accepted: (answer) => ({ title: "Thanks", description: String(answer.message) }),
      pending: { title: "Saved, not sent yet" },
      refused: { title: "Not sent" },
    },
    contractFields: { name: "full_name" },
    call,
  })
  return (
    <Formik initialValues={INITIAL} onSubmit={lead.onSubmit}>
      <Form onFocus={lead.onFocus}>
        <TextField name="name" label="Name" />
        <TextField name="phone" label="Phone" />
        <button type="submit" disabled={lead.submitting}>
          {lead.submitting ? "Sending" : "Send"}
        </button>
      </Form>
    </Formik>
  )
}

const { events } = recordGtag()

async function send(answers: LeadResult[]) {
  const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.resolve(answers.shift() ?? answers[0]!))
  render(
    <ToastProvider>
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
  expect(call).toHaveBeenCalledWith("process-simple-lead", {
    full_name: "Ann Lee",
    phone: "914 555 0100",
    ...SUBMISSION_FIELDS,
  })
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

test("refused (a 4xx): the error notice, the backend's message next to its field, values kept", async () => {
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

test("an answer that is not a success is refused: success must be true and carry no error", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  await send([{ ok: true, data: { success: true, error: "refused" } }])
  expect(await screen.findByRole("alert")).toHaveTextContent("Not sent")
  expect(screen.queryByRole("status")).toBeNull()
})

test("form_start is tracked once, on the first focus inside the form", async () => {
  render(
    <ToastProvider>
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
