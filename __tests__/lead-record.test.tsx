import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import fc from "fast-check"
import type { ReactNode } from "react"
import { attributionSchema } from "../supabase/functions/_shared/kernel/attribution.ts"
import { consentSchema } from "../supabase/functions/_shared/kernel/consent.ts"
import { ContactForm } from "../src/components/forms/contact-form"
import { ContactFormShell } from "../src/components/forms/contact-form-shell"
import { ToastProvider } from "../src/components/ui/toaster"
import { captureAttribution } from "../src/lib/attribution/attribution-record"
import type { CallResult } from "../src/lib/leads/api"
import type { LeadResult } from "../src/lib/leads/lead-outcome"
import { consentFor } from "../src/lib/leads/consent-record"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { contactFormTexts, leadTexts, readData } from "./fixtures/data"
import { sentRequest } from "./fixtures/leads"

const labels = contactFormTexts()
const consentData = readData<{ current: string; sms: { current: string } }>("lead-consent.yaml")
const texts = leadTexts()
const accepted: CallResult = { ok: true, data: { success: true, message: "Thanks", error: null } }

const withTexts = (ui: ReactNode) =>
  render(
    <ToastProvider dismissLabel="Dismiss">
      <LeadTextsContext.Provider value={texts}>{ui}</LeadTextsContext.Provider>
    </ToastProvider>,
  )

beforeEach(() => {
  window.localStorage.clear()
})

/** Types a valid message into the contact form on screen. */
async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), "Ann Lee")
  await user.type(screen.getByLabelText(/^Email/), "ann@example.com")
  await user.type(screen.getByLabelText(/^Phone/), "914-555-0100")
  await user.type(screen.getByLabelText(/^Message/), "Ants by the sink")
}

async function sendContact({ tick }: { tick: boolean }) {
  const call = jest.fn(() => Promise.resolve(accepted))
  withTexts(<ContactForm labels={labels} phone={{ display: "(914) 555-0123" }} call={call} />)
  const user = userEvent.setup()
  await fillContact(user)
  if (tick) await user.click(screen.getByRole("checkbox", { name: texts.sms.label }))
  const before = Date.now()
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
  await waitFor(() => {
    expect(call).toHaveBeenCalled()
  })
  return { body: sentRequest(call)[1], before }
}

test("the consent sentence and the SMS opt-in come from data/lead-consent.yaml, with the company's name and the links", () => {
  withTexts(<ContactFormShell labels={labels} />)
  expect(texts.consent.version).toBe(consentData.current)
  expect(texts.sms.version).toBe(consentData.sms.current)
  expect(screen.getByText(texts.consent.text)).toBeInTheDocument()
  expect(texts.sms.text).toContain("Westchester Family Pest Control")
  expect(texts.sms.text).not.toContain("{company}")
  for (const words of ["Msg & data rates may apply", "STOP", "HELP", "frequency"])
    expect(texts.sms.text).toContain(words)
  expect(screen.getByText(texts.sms.text, { exact: false })).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms")
  expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy")
  // Prerendered: drawn, unticked and disabled like every other field until the live form loads.
  expect(screen.getByRole("checkbox", { name: texts.sms.label })).not.toBeChecked()
  expect(screen.getByRole("checkbox", { name: texts.sms.label })).toBeDisabled()
})

test("the SMS opt-in is unticked and optional; unticked, the body has the consent without sms", async () => {
  const { body, before } = await sendContact({ tick: false })
  expect(screen.getByRole("checkbox", { name: texts.sms.label })).not.toBeRequired()
  const consent = body.consent as { version: string; at: string; sms?: unknown }
  expect(Object.keys(consent)).toEqual(["version", "at"])
  expect(consent.version).toBe(consentData.current)
  const at = Date.parse(consent.at)
  expect(at).toBeGreaterThanOrEqual(before)
  expect(at).toBeLessThanOrEqual(Date.now())
  expect(consentSchema.validateSync(body.consent, { strict: true })).toEqual(body.consent)
  expect(body).not.toHaveProperty("attribution")
  expect(body).not.toHaveProperty("smsConsent")
})

test("ticked, the body has consent.sms with the SMS version and the same time, and the stored campaign touches", async () => {
  captureAttribution({
    url: "https://www.example.test/offers/?utm_source=google&utm_campaign=fall&gclid=Cj0K_abc",
    referrer: "https://www.google.com/",
    now: new Date(Date.now() - 60_000),
  })
  const { body } = await sendContact({ tick: true })
  const consent = body.consent as { at: string }
  expect(body.consent).toEqual({
    version: consentData.current,
    at: consent.at,
    sms: { version: consentData.sms.current, at: consent.at },
  })
  expect(attributionSchema.validateSync(body.attribution, { strict: true })).toEqual(body.attribution)
  expect(body.attribution).toMatchObject({
    first: {
      utm_source: "google",
      utm_campaign: "fall",
      gclid: "Cj0K_abc",
      referrer: "www.google.com",
    },
    last: { utm_source: "google", landing_path: "/offers/" },
  })
})

test("whatever the time and the tick, the consent a form sends is one the contract accepts", () => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
      fc.boolean(),
      (at, tick) => {
        const consent = consentFor(texts, tick, at)
        expect(consentSchema.validateSync(consent, { strict: true })).toEqual(consent)
        expect(consent.sms !== undefined).toBe(tick)
      },
    ),
  )
})

test("sent again after a failure, a submission carries the same consent time; ticking the opt-in then makes a new submission", async () => {
  const kept: CallResult = { ok: false, reason: "network", message: "offline" }
  const call = jest.fn<Promise<LeadResult>, [string, Record<string, unknown>]>(() =>
    Promise.resolve({ ok: false, reason: "queued", cause: kept }),
  )
  withTexts(<ContactForm labels={labels} phone={{ display: "(914) 555-0123" }} call={call} />)
  const user = userEvent.setup()
  await fillContact(user)
  const send = async (times: number) => {
    await user.click(screen.getByRole("button", { name: labels.submitLabel }))
    await waitFor(() => {
      expect(call).toHaveBeenCalledTimes(times)
    })
    return call.mock.calls[times - 1]![1]
  }
  const first = await send(1)
  // Time passes between the two presses; the consent was given at the first.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const again = await send(2)
  expect(again.submissionId).toBe(first.submissionId)
  expect(again.consent).toEqual(first.consent)
  await user.click(screen.getByRole("checkbox", { name: texts.sms.label }))
  const ticked = await send(3)
  expect(ticked.submissionId).not.toBe(first.submissionId)
  expect(ticked.consent).toMatchObject({ sms: { version: consentData.sms.current } })
})
