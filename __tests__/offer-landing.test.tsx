import { act, fireEvent, render, screen, waitFor, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import { OfferLanding } from "../src/components/offer/offer-landing"
import { callFunction, type CallResult } from "../src/lib/leads/api"
import { installPhoneCallTracking } from "../src/lib/phone-clicks"
import { reportPhoneClick } from "../src/lib/phone-call-report"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { leadTexts } from "./fixtures/data"
import { fill } from "../supabase/functions/_shared/kernel/escape.ts"
import { CUSTOMER_TEXTS } from "../supabase/functions/_shared/kernel/site-data.generated.ts"
import { recordGtag, SUBMISSION_FIELDS, UNTICKED_CONSENT } from "./fixtures/leads"
import { ADS_TARGET, offerLandingProps } from "./fixtures/offer"

jest.mock("../src/lib/leads/api", () => ({
  ...jest.requireActual<typeof import("../src/lib/leads/api")>("../src/lib/leads/api"),
  callFunction: jest.fn(),
}))
const call = callFunction as jest.MockedFunction<typeof callFunction>

const gtag = recordGtag()
beforeEach(() => {
  call.mockReset()
  window.scrollTo = jest.fn()
  window.localStorage.clear()
  window.history.replaceState(null, "", "/offer/yonkers39/")
})

const renderOffer = (key = "yonkers39") =>
  render(
    <LeadTextsContext.Provider value={leadTexts()}>
      <OfferLanding {...offerLandingProps(key)} />
    </LeadTextsContext.Provider>,
  )

/** The live form has replaced the prerendered, disabled one. */
const liveForm = async () => {
  await waitFor(() => {
    expect(screen.getByRole("button", { name: "Request My Callback" })).toBeEnabled()
  })
  return screen.getByRole("button", { name: "Request My Callback" }).closest("form")!
}

/** Types a name and phone into the live form and sends it. */
async function sendCallback(name = "Ann Lee", phone = "9145550100") {
  await liveForm()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Name/), name)
  await user.type(screen.getByLabelText(/^Phone/), phone)
  await user.click(screen.getByRole("button", { name: "Request My Callback" }))
}

const exitThroughTop = () => fireEvent.mouseOut(document, { clientY: 0, relatedTarget: null })

test("shows every block of the offer page with the offer's own data", () => {
  renderOffer()
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Pest Control in Yonkers — Express Pest Fix")
  expect(screen.getByText("Treatment + inspection for entry points & conducive conditions.")).toBeInTheDocument()
  for (const badge of ["Pet & Kid Safe", "Same/Next-Day Available", "Family-Owned 20+ Years"])
    expect(screen.getByText(badge)).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "Call Now: (914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(screen.getByText("$39 with coupon YON39")).toBeInTheDocument()
  expect(
    screen.getAllByText("Special rate covers general pests only. Excludes: bed bugs, termites, fleas, bees, wildlife"),
  ).toHaveLength(3)
  const whatYouGet = screen.getByRole("region", { name: "What You Get" })
  expect(within(whatYouGet).getAllByRole("listitem")).toHaveLength(3)
  const plans = screen.getByRole("region", { name: "Ongoing Protection Options" })
  for (const plan of ["C•ARE", "C•ARE+", "C•AREMAX"])
    expect(within(plans).getByRole("heading", { name: plan })).toBeInTheDocument()
  expect(within(plans).queryByRole("button")).toBeNull()
  expect(within(plans).queryByRole("radio")).toBeNull()
  expect(screen.getAllByRole("img", { name: "5 out of 5 stars" })).toHaveLength(3)
  expect(screen.getByText("Licensed & Insured")).toBeInTheDocument()
  expect(screen.getByRole("heading", { name: "Prefer a Callback?" })).toBeInTheDocument()
  expect(screen.getByText("By submitting, you agree to be contacted by phone/text.")).toBeInTheDocument()
  expect(screen.getByRole("button", { name: "What is included in the $39 visit?" })).toHaveAttribute(
    "aria-expanded",
    "true",
  )
  expect(screen.getByRole("link", { name: "info@westchesterfamilypest.example" })).toHaveAttribute(
    "href",
    "mailto:info@westchesterfamilypest.example",
  )
  expect(screen.getByRole("link", { name: "Visit our website" })).toHaveAttribute("href", "https://www.example.test/")
  expect(screen.getAllByText("Mon–Fri")).not.toHaveLength(0)
  expect(screen.getByText("New Rochelle")).toBeInTheDocument()
  expect(screen.queryByRole("dialog")).toBeNull()
})

test("the top bar is for md screens and up, the bottom call bar below md", () => {
  renderOffer()
  const topBar = screen.getByTestId("offer-top-bar")
  expect(topBar).toHaveClass("hidden", "md:block", "sticky")
  expect(topBar).toHaveTextContent("Mention coupon YON39 for $39 pricing")
  const bottomBar = screen.getByTestId("offer-mobile-bar")
  expect(bottomBar).toHaveClass("sticky", "bottom-0", "md:hidden")
  expect(bottomBar).toHaveTextContent("Call today for same or next day service!")
})

test("FAQ: one answer open at a time, and the open one closes", async () => {
  renderOffer()
  const user = userEvent.setup()
  const first = screen.getByRole("button", { name: "What is included in the $39 visit?" })
  const second = screen.getByRole("button", { name: "Is the treatment safe for kids and pets?" })
  await user.click(second)
  expect(second).toHaveAttribute("aria-expanded", "true")
  expect(first).toHaveAttribute("aria-expanded", "false")
  await user.click(second)
  expect(second).toHaveAttribute("aria-expanded", "false")
})

test("callback: city prefilled, name and phone required, address and notes optional", async () => {
  renderOffer()
  await liveForm()
  expect(screen.getByRole("textbox", { name: "City" })).toHaveValue("Yonkers")
  expect(screen.getByLabelText(/^Name/)).toBeRequired()
  expect(screen.getByLabelText(/^Phone/)).toBeRequired()
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("type", "tel")
  expect(screen.getByRole("textbox", { name: "Address" })).not.toBeRequired()
  expect(screen.getByRole("textbox", { name: "What's bugging you?" })).not.toBeRequired()
})

test("callback: a blank name or phone (spaces count as blank) is told beside its field, and nothing is sent", async () => {
  renderOffer()
  await liveForm()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Name/), "   ")
  await user.click(screen.getByRole("button", { name: "Request My Callback" }))
  expect(await screen.findByText("Please enter your name")).toBeInTheDocument()
  expect(screen.getByLabelText(/^Name/)).toHaveAttribute("aria-invalid", "true")
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("aria-invalid", "true")
  expect(screen.getByRole("textbox", { name: "Address" })).not.toHaveAttribute("aria-invalid", "true")
  await user.clear(screen.getByLabelText(/^Name/))
  await user.type(screen.getByLabelText(/^Name/), "Ann Lee")
  await user.type(screen.getByLabelText(/^Phone/), "  ")
  await user.click(screen.getByRole("button", { name: "Request My Callback" }))
  await waitFor(() => {
    expect(screen.queryByText("Please enter your name")).toBeNull()
  })
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("aria-invalid", "true")
  expect(call).not.toHaveBeenCalled()
})

test("callback: a phone without 10 digits gets a message next to it and nothing is sent", async () => {
  renderOffer()
  await sendCallback("Ann Lee", "555-01")
  expect(await screen.findByText("Please enter a phone number with at least 10 digits")).toBeInTheDocument()
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("aria-invalid", "true")
  expect(call).not.toHaveBeenCalled()
})

test("callback success: the exact §7 payload with UTM fallbacks, Submitting... while busy, then the thank-you screen replaces the page", async () => {
  window.history.replaceState(null, "", "/offer/yonkers39/?utm_term=roach+control&utm_source=")
  let resolve: (r: CallResult) => void = () => undefined
  call.mockImplementation(() => new Promise<CallResult>((r) => (resolve = r)))
  renderOffer()
  await liveForm()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Name/), " Ann Lee ")
  await user.type(screen.getByLabelText(/^Phone/), "(914) 555-0100")
  await user.type(screen.getByRole("textbox", { name: "Address" }), "12 Elm St")
  await user.type(screen.getByRole("textbox", { name: "What's bugging you?" }), "Roaches in the kitchen")
  await user.click(screen.getByRole("button", { name: "Request My Callback" }))
  await waitFor(() => {
    expect(screen.getByRole("button", { name: "Submitting..." })).toBeDisabled()
  })
  expect(call).toHaveBeenCalledTimes(1)
  const [name, body] = call.mock.calls[0]!
  expect(name).toBe("process-simple-lead")
  // The fixed values of the callback row.
  const fixed = { email: "", property_type: "residential", service_plan: "one-time", pests: ["general"], zip_code: "" }
  const typed = { full_name: "Ann Lee", phone: "(914) 555-0100", street_address: "12 Elm St", city: "Yonkers" }
  const campaign = { utm_source: "facebook", utm_campaign: "yonkers39", utm_term: "roach control" }
  expect(body).toEqual({
    ...typed,
    ...fixed,
    special_offer: "Express Pest Fix - $39",
    ...campaign,
    notes: "Roaches in the kitchen",
    ...SUBMISSION_FIELDS,
    ...UNTICKED_CONSENT,
  })
  const form = { form: "offer_callback", offer: "Express Pest Fix", price: "$39", city: "Yonkers" }
  expect(gtag.events("form_submit")).toEqual([["event", "form_submit", form]])
  expect(JSON.stringify(gtag.calls().filter(([command]) => command === "event"))).not.toContain("555-0100")

  act(() => {
    resolve({ ok: true, data: { success: true } })
  })
  expect(await screen.findByRole("heading", { level: 1, name: "Thank You!" })).toBeInTheDocument()
  // The promise and the reference the request was sent with (the visitor's e-mail and the office say the same).
  expect(
    screen.getByText(
      `One of our team will call you within 5-10 minutes during business hours. Your reference: ${String(body.reference)}.`,
    ),
  ).toBeInTheDocument()
  expect(body.reference).toMatch(/^WEB\d{6}$/)
  expect(screen.getByText("Sat")).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(screen.getByRole("link", { name: "Call (914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(screen.queryByRole("heading", { name: "Prefer a Callback?" })).toBeNull()
  expect(screen.queryByRole("form")).toBeNull()
  expect(screen.getByRole("status")).toHaveTextContent(
    "Request Submitted!We'll call you within 5-10 minutes during business hours.",
  )
  expect(gtag.events("conversion")).toEqual([
    ["event", "conversion", { send_to: ADS_TARGET, value: 39, currency: "USD" }],
  ])
  // The lead is worth the offer's price; the phone goes to Ads in E.164.
  expect(gtag.events("generate_lead")).toEqual([["event", "generate_lead", { ...form, value: 39, currency: "USD" }]])
  expect(gtag.calls()).toContainEqual([
    "set",
    "user_data",
    { phone_number: "+19145550100", address: { first_name: "Ann", city: "Yonkers", country: "US" } },
  ])
})

test("callback from another town: the thank-you shows the answer's note of the offer there, in the page's words", async () => {
  // The backend's sentence for City "White Plains" on the Yonkers page: the White Plains offer instead.
  const note = fill(CUSTOMER_TEXTS.en.messages.responses.outsideOffer, {
    towns: "Yonkers",
    place: "White Plains",
    offer: "Complete Pest Shield",
    offerPrice: "$59",
  })
  call.mockResolvedValue({ ok: true, data: { success: true, outsideOffer: note } })
  renderOffer()
  await sendCallback()
  const thankYou = await screen.findByRole("heading", { level: 1, name: "Thank You!" })
  expect(within(thankYou.closest("section")!).getByText(note)).toBeInTheDocument()
})

test("callback from the offer's own town: no note on the thank-you", async () => {
  call.mockResolvedValue({ ok: true, data: { success: true } })
  renderOffer()
  await sendCallback()
  const thankYou = await screen.findByRole("heading", { level: 1, name: "Thank You!" })
  expect(within(thankYou.closest("section")!).queryByText(/this offer is only for homes in/)).toBeNull()
})

test("UTM values in the address win over the offer's", async () => {
  window.history.replaceState(null, "", "/offer/yonkers39/?utm_source=google&utm_campaign=spring")
  call.mockResolvedValue({ ok: true, data: { success: true } })
  renderOffer()
  await sendCallback()
  await waitFor(() => {
    expect(call).toHaveBeenCalled()
  })
  expect(call.mock.calls[0]![1]).toMatchObject({ utm_source: "google", utm_campaign: "spring", utm_term: "" })
})

test("callback refused for a field of the form (a 400 naming full_name): the error notice, the message next to Name, the form kept filled and editable, nothing kept", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  call.mockResolvedValue({
    ok: false,
    reason: "http",
    status: 400,
    data: { success: false, error: "invalid", fields: { full_name: "Please enter your name" } },
  })
  renderOffer()
  await sendCallback()
  const alert = await screen.findByRole("alert")
  expect(alert).toHaveTextContent("Error")
  expect(alert).toHaveTextContent("Please try calling us directly or try again.")
  expect(await screen.findByText("Please enter your name")).toBeInTheDocument()
  expect(screen.getByLabelText(/^Name/)).toHaveValue("Ann Lee")
  expect(screen.getByRole("button", { name: "Request My Callback" })).toBeEnabled()
  expect(gtag.events("conversion")).toEqual([])
  expect(window.localStorage.getItem("lead-outbox.v1")).toBeNull()
})

test.each([
  ["a network failure", () => Promise.resolve<CallResult>({ ok: false, reason: "network", message: "offline" })],
  ["a 503", () => Promise.resolve<CallResult>({ ok: false, reason: "http", status: 503, data: null })],
  ["a thrown error", async () => Promise.reject(new Error("boom"))],
  ["a 403", () => Promise.resolve<CallResult>({ ok: false, reason: "http", status: 403, data: null })],
  [
    "a 400 naming no field of the form",
    () =>
      Promise.resolve<CallResult>({
        ok: false,
        reason: "http",
        status: 400,
        data: { success: false, error: "invalid", fields: { pests: "Unknown pest" } },
      }),
  ],
])(
  "callback not delivered (%s): kept on this device for re-sending, the visitor told so, the form kept",
  async (_name, impl) => {
    call.mockImplementation(impl)
    renderOffer()
    await sendCallback()
    const notice = await screen.findByRole("status")
    expect(notice).toHaveTextContent("Saved, not sent yet")
    expect(notice).toHaveTextContent("For a faster answer, call (914) 555-0123.")
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Ann Lee")
    const keptBody: unknown = expect.objectContaining({ full_name: "Ann Lee", special_offer: "Express Pest Fix - $39" })
    const kept = JSON.parse(window.localStorage.getItem("lead-outbox.v1") ?? "[]") as Array<{
      name: string
      body: { full_name: string }
    }>
    expect(kept).toEqual([
      expect.objectContaining({
        name: "process-simple-lead",
        body: keptBody,
      }),
    ])
  },
)

test("exit intent: opens when the pointer leaves through the top, closes with Continue Reading, reopens on a later exit", async () => {
  renderOffer()
  fireEvent.mouseOut(document, { clientY: 300, relatedTarget: null })
  expect(screen.queryByRole("dialog")).toBeNull()
  exitThroughTop()
  const dialog = await screen.findByRole("dialog", { name: "Wait! Don't Leave Yet" })
  expect(dialog).toHaveAttribute("aria-modal", "true")
  expect(within(dialog).getByRole("link", { name: "Call (914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(
    within(dialog).getByText(
      "Get Express Pest Fix pest control in Yonkers for just $39. Mention coupon YON39 when you call.",
    ),
  ).toBeInTheDocument()
  await userEvent.setup().click(within(dialog).getByRole("button", { name: "Continue Reading" }))
  expect(screen.queryByRole("dialog")).toBeNull()
  exitThroughTop()
  expect(await screen.findByRole("dialog", { name: "Wait! Don't Leave Yet" })).toBeInTheDocument()
  fireEvent.keyDown(document, { key: "Escape" })
  expect(screen.queryByRole("dialog")).toBeNull()
})

test("exit intent: never once the callback is submitted", async () => {
  call.mockResolvedValue({ ok: true, data: { success: true } })
  renderOffer()
  await sendCallback()
  await screen.findByRole("heading", { name: "Thank You!" })
  exitThroughTop()
  expect(screen.queryByRole("dialog")).toBeNull()
})

test("a phone click on an offer page reports the call and an Ads conversion worth the offer's price", () => {
  const uninstall = installPhoneCallTracking(document, reportPhoneClick)
  renderOffer("yonkers149")
  screen.getByRole("link", { name: "Call Now: (914) 555-0123" }).addEventListener("click", (e) => {
    e.preventDefault()
  })
  fireEvent.click(screen.getByRole("link", { name: "Call Now: (914) 555-0123" }))
  expect(gtag.events("phone_call")).toEqual([
    ["event", "phone_call", expect.objectContaining({ phone_number: "+19145550123", link_location: "offer-hero" })],
  ])
  expect(gtag.events("conversion")).toEqual([
    ["event", "conversion", { send_to: ADS_TARGET, value: 149, currency: "USD" }],
  ])
  uninstall()
})
