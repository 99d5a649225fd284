import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { LeadForm } from "../src/components/forms/lead-form"
import { TextField } from "../src/components/forms/text-field"
import { backendConfig } from "../src/lib/backend-config"
import { TurnstileField } from "../src/components/forms/turnstile-field"
import { useToast } from "../src/components/ui/toast-item"
import { ToastProvider } from "../src/components/ui/toaster"
import type { LeadResult } from "../src/lib/leads/lead-outcome"
import { useLeadForm, type SendLead } from "../src/lib/leads/use-lead-form"
import { TURNSTILE_SCRIPT_URL } from "../src/lib/turnstile/load-turnstile"
import { useTurnstile } from "../src/lib/turnstile/use-turnstile"
import { LEAD_MESSAGES } from "../supabase/functions/_shared/kernel/site-data.generated"
import { LanguageContext } from "../src/lib/i18n/language"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { leadTexts } from "./fixtures/data"
import { TestLeadForm } from "./fixtures/lead-form-frame"
import { callbackLead, recordGtag, type CallbackLead } from "./fixtures/leads"
import { turnstileStandIn } from "./fixtures/turnstile-stand-in"

const MISSING = "Please complete the anti-spam check."
const INITIAL = { name: "", website: "" }

/** The smallest lead form with the widget hooked up as LeadForm does it. */
function TestForm({ call, siteKey, waitMs }: { call: SendLead; siteKey: string; waitMs: number }) {
  const turnstile = useTurnstile("booking", siteKey, waitMs)
  const lead = useLeadForm<typeof INITIAL, CallbackLead>({
    form: "booking",
    lead: callbackLead,
    send: (body, post) => post("process-simple-lead", body),
    notices: {
      accepted: () => ({ title: "Thanks" }),
      pending: { title: "Saved" },
      sent: { title: "Sent" },
      refused: { title: "Not sent" },
    },
    call,
    turnstile,
    toast: useToast(),
  })
  return (
    <TestLeadForm lead={lead} initialValues={INITIAL}>
      <TextField name="website" label="Other" />
      <TurnstileField turnstile={turnstile} />
      <button type="submit">Send</button>
    </TestLeadForm>
  )
}

recordGtag()
const accepted: LeadResult = { ok: true, data: { success: true, message: "ok", reference: "r" } }

function setup(siteKey: string, answers: LeadResult[] = [accepted], waitMs = 0) {
  const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.resolve(answers.shift() ?? accepted))
  render(
    <ToastProvider dismissLabel="Dismiss">
      <TestForm call={call} siteKey={siteKey} waitMs={waitMs} />
    </ToastProvider>,
  )
  const user = userEvent.setup()
  return { call, user, submit: () => user.click(screen.getByRole("button", { name: "Send" })) }
}

const scripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>("script")].filter((s) => s.src.includes("turnstile"))

/** The first test loads the real script tag; the others find window.turnstile already there, as a page does after. */
let standIn = turnstileStandIn()

afterEach(() => {
  standIn = turnstileStandIn()
  window.turnstile = standIn.api
})

test("with no site key nothing renders and nothing loads, and the body carries no token", async () => {
  delete window.turnstile
  const { call, user, submit } = setup("")
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  expect(scripts()).toEqual([])
  expect(document.querySelector("[data-turnstile]")).toBeNull()
  await submit()
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(1)
  })
  expect(call.mock.calls[0]![1]).not.toHaveProperty("turnstileToken")
})

test("the script loads once, on the first focus, and the widget renders explicitly above the submit button", async () => {
  delete window.turnstile
  const { user } = setup("1x00000000000000000000AA")
  expect(scripts()).toEqual([])
  await user.click(screen.getByRole("textbox", { name: "Name" }))
  await user.click(screen.getByRole("textbox", { name: "Other" }))
  expect(scripts().map((s) => s.src)).toEqual([TURNSTILE_SCRIPT_URL])
  window.turnstile = standIn.api
  act(() => {
    fireEvent.load(scripts()[0]!)
  })
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  const [widget] = standIn.widgets
  expect(widget!.options).toMatchObject({ sitekey: "1x00000000000000000000AA", action: "booking" })
  expect(Object.keys(widget!.options)).toEqual(
    expect.arrayContaining(["callback", "expired-callback", "error-callback"]),
  )
  const button = screen.getByRole("button", { name: "Send" })
  expect(widget!.container.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  // Named and described from data for screen readers; Cloudflare labels its iframe inside.
  expect(await screen.findByRole("group", { name: LEAD_MESSAGES.turnstile.label })).toBe(widget!.container)
  expect(widget!.container).toHaveAccessibleDescription(expect.stringContaining(LEAD_MESSAGES.turnstile.description))
})

test("submitting before the widget has a token shows the server's words next to it and sends nothing", async () => {
  const { call, user, submit } = setup("1x00000000000000000000AA")
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  await submit()
  expect(await screen.findByText(MISSING)).toBeInTheDocument()
  expect(LEAD_MESSAGES.turnstile.missing).toBe(MISSING)
  expect(call).not.toHaveBeenCalled()
  // Once the check passes, the message goes and the form sends.
  act(() => {
    standIn.solve("stand-in-pass-1")
  })
  await waitFor(() => {
    expect(screen.queryByText(MISSING)).toBeNull()
  })
  await submit()
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(1)
  })
})

test("a submit while the widget is still checking waits for its answer, then sends with that token", async () => {
  const { call, user, submit } = setup("1x00000000000000000000AA", [accepted], 60_000)
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  const submitted = submit()
  await waitFor(() => {
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument()
  })
  expect(call).not.toHaveBeenCalled()
  act(() => {
    standIn.solve("stand-in-pass-late")
  })
  await submitted
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(1)
  })
  expect(call.mock.calls[0]![1]).toMatchObject({ turnstileToken: "stand-in-pass-late" })
  expect(screen.queryByText(MISSING)).toBeNull()
})

test("the token goes in the body, and the widget is reset after the send (tokens are single-use)", async () => {
  const { call, user, submit } = setup("1x00000000000000000000AA")
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  act(() => {
    standIn.solve("stand-in-pass-7")
  })
  await submit()
  await waitFor(() => {
    expect(standIn.widgets[0]!.resets).toBe(1)
  })
  expect(call.mock.calls[0]![1]).toMatchObject({ full_name: "Ann", turnstileToken: "stand-in-pass-7" })
})

test("a server refusal naming turnstileToken shows its message by the widget and resets it", async () => {
  const failed = LEAD_MESSAGES.turnstile.failed
  const refusal: LeadResult = {
    ok: false,
    reason: "http",
    status: 400,
    data: { success: false, error: failed, fields: { turnstileToken: failed } },
  }
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const { user, submit } = setup("1x00000000000000000000AA", [refusal])
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  act(() => {
    standIn.solve("stand-in-pass-2")
  })
  await submit()
  const message = await screen.findByText(failed)
  expect(message).toHaveAttribute("aria-live", "polite")
  expect(standIn.widgets[0]!.resets).toBe(1)
})

test("an expired token is dropped and the widget fetches a new one", async () => {
  const { call, user, submit } = setup("1x00000000000000000000AA")
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann")
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  const widget = standIn.widgets[0]!
  act(() => {
    standIn.solve("stand-in-pass-3")
    widget.token = undefined
    widget.options["expired-callback"]?.()
  })
  expect(widget.resets).toBe(1)
  await submit()
  expect(await screen.findByText(MISSING)).toBeInTheDocument()
  expect(call).not.toHaveBeenCalled()
})

test("LeadForm (contact, $49 booking, callback) renders the widget above its submit button when the build has a key", async () => {
  backendConfig.turnstileSiteKey = "1x00000000000000000000AA"
  try {
    const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.resolve(accepted))
    render(
      <ToastProvider dismissLabel="Dismiss">
        <LeadForm<typeof INITIAL, CallbackLead>
          config={{
            form: "callback",
            lead: callbackLead,
            send: (lead, post) => post("process-simple-lead", lead),
            notices: {
              accepted: () => ({ title: "Thanks" }),
              pending: { title: "Saved" },
              sent: { title: "Sent" },
              refused: { title: "No" },
            },
            call,
          }}
          initialValues={INITIAL}
          validate={() => ({})}
          submitLabel="Request My Callback"
          busyLabel="Sending"
        >
          <TextField name="name" label="Name" />
        </LeadForm>
      </ToastProvider>,
    )
    const user = userEvent.setup()
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Rita")
    await waitFor(() => {
      expect(standIn.widgets).toHaveLength(1)
    })
    const [widget] = standIn.widgets
    expect(widget!.options.action).toBe("callback")
    const button = screen.getByRole("button", { name: "Request My Callback" })
    expect(widget!.container.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    act(() => {
      standIn.solve("stand-in-pass-9")
    })
    await user.click(button)
    await waitFor(() => {
      expect(call).toHaveBeenCalledTimes(1)
    })
    expect(call.mock.calls[0]![1]).toMatchObject({ full_name: "Rita", turnstileToken: "stand-in-pass-9" })
  } finally {
    backendConfig.turnstileSiteKey = ""
  }
})

test("on a Spanish page the widget speaks Spanish: Cloudflare's own words (language) and ours (the page's texts)", async () => {
  const spanish = leadTexts("es")
  const call = jest.fn<Promise<LeadResult>, Parameters<SendLead>>(() => Promise.resolve(accepted))
  render(
    <LanguageContext.Provider value="es">
      <LeadTextsContext.Provider value={spanish}>
        <ToastProvider dismissLabel="Cerrar">
          <TestForm call={call} siteKey="1x00000000000000000000AA" waitMs={0} />
        </ToastProvider>
      </LeadTextsContext.Provider>
    </LanguageContext.Provider>,
  )
  await userEvent.setup().click(screen.getByRole("textbox", { name: "Name" }))
  await waitFor(() => {
    expect(standIn.widgets).toHaveLength(1)
  })
  expect(standIn.widgets[0]!.options).toMatchObject({ language: "es" })
  expect(await screen.findByRole("group", { name: spanish.turnstile.label })).toBe(standIn.widgets[0]!.container)
  expect(spanish.turnstile.label).not.toBe(LEAD_MESSAGES.turnstile.label)
})
