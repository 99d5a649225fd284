import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { EstimateWizard } from "../src/components/estimate/estimate-wizard"
import { ContactForm } from "../src/components/forms/contact-form"
import { ToastProvider } from "../src/components/ui/toaster"
import type { CallResult } from "../src/lib/leads/api"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { installPhoneCallTracking } from "../src/lib/phone-clicks"
import { reportPhoneClick } from "../src/lib/phone-call-report"
import { offerAttributes } from "../src/lib/tracking-attributes"
import { contactFormTexts, estimateWizardTexts, leadTexts } from "./fixtures/data"
import { recordGtag, typeWizardContact } from "./fixtures/leads"
import { wizardProps } from "./fixtures/wizard"

const gtag = recordGtag()
const texts = leadTexts()
const wizardTexts = estimateWizardTexts()
const accepted: CallResult = { ok: true, data: { success: true, message: "Thanks", reference: "r", error: null } }
const PERSONAL = ["ann@example.com", "555-0100", "5550100", "Ann", "maria", "5550142", "Fox Meadow"]

const withTexts = (ui: React.ReactNode) =>
  render(
    <ToastProvider dismissLabel="Dismiss">
      <LeadTextsContext.Provider value={texts}>{ui}</LeadTextsContext.Provider>
    </ToastProvider>,
  )

/** No event parameter carries what the visitor typed (Analytics forbids personal data there). */
function expectNoPersonalDataInEvents() {
  const events = JSON.stringify(gtag.calls().filter(([command]) => command === "event"))
  for (const value of PERSONAL) expect(events).not.toContain(value)
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

test("contact: user data set before form_submit, generate_lead with the contact value and currency from data", async () => {
  const labels = contactFormTexts()
  withTexts(
    <ContactForm
      labels={labels}
      phone={{ display: "(914) 555-0123" }}
      call={jest.fn(() => Promise.resolve(accepted))}
    />,
  )
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Name/), "Ann Lee")
  await user.type(screen.getByLabelText(/^Email/), "ann@example.com")
  await user.type(screen.getByLabelText(/^Phone/), "914-555-0100")
  await user.type(screen.getByLabelText(/^Message/), "Ants by the sink")
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
  await waitFor(() => {
    expect(gtag.events("generate_lead")).toHaveLength(1)
  })
  const commands = gtag.calls().map(([command, name]) => `${String(command)}:${String(name)}`)
  expect(commands.indexOf("set:user_data")).toBeLessThan(commands.indexOf("event:form_submit"))
  expect(gtag.calls()).toContainEqual(["set", "user_data", { email: "ann@example.com", phone_number: "+19145550100" }])
  expect(gtag.events("generate_lead")).toEqual([
    ["event", "generate_lead", { form: "contact", value: texts.values.contact, currency: texts.values.currency }],
  ])
  expectNoPersonalDataInEvents()
})

test("wizard: one wizard_step per step shown (step 4 only for non-annual plans, back and forth each), user data, generate_lead with the estimate value", async () => {
  const call = jest.fn(() => Promise.resolve(accepted))
  withTexts(<EstimateWizard {...wizardProps(call, () => new Date("2026-11-23T15:00:00Z"))} />)
  const user = userEvent.setup()
  const next = () => user.click(screen.getByRole("button", { name: "Next" }))
  await user.click(screen.getByRole("radio", { name: "Single-Family Home (up to 3BR)" }))
  await next()
  await user.click(screen.getByRole("radio", { name: "C•ARE" }))
  await next()
  await user.click(screen.getByRole("checkbox", { name: "Ants" }))
  await next() // an annual plan: step 5, step 4 is skipped
  await user.click(screen.getByRole("button", { name: "Previous" })) // back to 3
  await next()
  await next()
  // The state as typed in lower case.
  await typeWizardContact(user, "Maria Lopez", "ny")
  await waitFor(() => {
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled()
  })
  await next()
  await user.click(screen.getByRole("button", { name: "Get My Free Estimate" }))
  await screen.findByRole("heading", { name: wizardTexts.thankYou.heading })

  const names = wizardTexts.stepNames
  const shown = [1, 2, 3, 5, 3, 5, 6, 7, 8]
  // The thank-you view's event comes from an effect after the view is drawn.
  await waitFor(() => {
    expect(gtag.events("wizard_step")).toEqual(
      shown.map((n) => ["event", "wizard_step", { step_number: n, step_name: names[n - 1] }]),
    )
  })
  expect(gtag.calls()).toContainEqual([
    "set",
    "user_data",
    {
      email: "maria@example.com",
      phone_number: "+19145550142",
      address: {
        first_name: "Maria",
        last_name: "Lopez",
        street: "12 Fox Meadow Rd",
        city: "Scarsdale",
        region: "NY",
        postal_code: "10583",
        country: "US",
      },
    },
  ])
  const [[, , params]] = gtag.events("generate_lead") as [[string, string, Record<string, unknown>]]
  expect(params).toMatchObject({ form: "estimate", value: texts.values.estimate, currency: texts.values.currency })
  expectNoPersonalDataInEvents()
})

test("a phone call on an offer page carries the offer's key, name and value", () => {
  document.body.innerHTML = `<div id="root"><a id="call" href="tel:+19145550123">Call</a></div><a id="plain" href="tel:+19145550123">Call</a>`
  const root = document.getElementById("root")!
  for (const [name, value] of Object.entries(
    offerAttributes({ key: "yonkers39", name: "Express Pest Fix", value: 39 }),
  ))
    root.setAttribute(name, value)
  const uninstall = installPhoneCallTracking(document, reportPhoneClick)
  document.getElementById("call")?.click()
  document.getElementById("plain")?.click()
  uninstall()
  expect(gtag.events("phone_call")).toEqual([
    [
      "event",
      "phone_call",
      expect.objectContaining({ offer_key: "yonkers39", offer_name: "Express Pest Fix", value: 39 }),
    ],
    ["event", "phone_call", { phone_number: "+19145550123", link_location: "page", page_path: "/" }],
  ])
})
