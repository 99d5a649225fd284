import { act, fireEvent, render, screen, waitFor, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import { offerBookingSchema } from "../supabase/functions/_shared/kernel/contract.ts"
import { CUSTOMER_TEXTS } from "../supabase/functions/_shared/kernel/site-data.generated.ts"
import { BookingFormShell } from "../src/components/scarsdale-offer/booking-form-shell"
import { CountdownTimer } from "../src/components/scarsdale-offer/countdown-timer"
import { ScarsdaleOfferPage } from "../src/components/scarsdale-offer/scarsdale-offer-page"
import type { CallResult } from "../src/lib/leads/api"
import { OUTBOX_KEY } from "../src/lib/leads/lead-outbox"
import { scarsdaleOfferContent } from "../src/components/scarsdale-offer/offer-content"
import { keptCalls, outboxSend } from "./fixtures/answers"
import { ADS_CONVERSION_TARGET, scarsdaleOfferData, siteData, windowTexts } from "./fixtures/data"
import { LeadProviders } from "./fixtures/lead-providers"
import { recordGtag, sentRequest, SUBMISSION_FIELDS, UNTICKED_CONSENT } from "./fixtures/leads"

const content = scarsdaleOfferContent(scarsdaleOfferData())
const { company } = siteData()

const BOOKED: CallResult = {
  ok: true,
  data: { success: true, message: "Your $49 visit has been booked!", reference: "lead-1" },
}
const ERROR_TEXT = "Something went wrong. Please call us directly at (914) 555-0123"

const gtag = recordGtag()
const gtagEvents = gtag.events
afterEach(() => {
  jest.useRealTimers()
})

function renderPage(call: jest.Mock = jest.fn(() => Promise.resolve(BOOKED))) {
  render(
    <LeadProviders>
      <ScarsdaleOfferPage
        content={content}
        windowTexts={windowTexts()}
        company={company}
        adsConversionTarget={ADS_CONVERSION_TARGET}
        call={call}
      />
    </LeadProviders>,
  )
  return call
}

/** user-event's hover moves fire mouseouts that look like leaving the window; only the tests below should. */
const setupUser = () => userEvent.setup({ skipHover: true })

const submitButton = () => screen.getByRole("button", { name: "Book My $49 Visit" })
const field = {
  fullName: () => screen.getByLabelText(/^Full Name/),
  phone: () => screen.getByLabelText(/^Phone/),
  email: () => screen.getByLabelText(/^Email/),
  address: () => screen.getByLabelText(/^Property Address/),
}

/** The live (Formik) form has replaced the disabled prerendered shell. */
const liveForm = () =>
  waitFor(() => {
    expect(submitButton()).toBeEnabled()
  })

async function fillBooking(
  user: ReturnType<typeof userEvent.setup>,
  values = {
    fullName: "Rachel Marsh",
    phone: "(914) 555-0199",
    email: "rachel@example.com",
    address: "12 Fox Meadow Road",
  },
) {
  await liveForm()
  await user.type(field.fullName(), values.fullName)
  await user.type(field.phone(), values.phone)
  await user.type(field.email(), values.email)
  await user.type(field.address(), values.address)
}

/** Renders the page, books with the usual values and waits for the thank-you view; returns its heading. */
async function bookVisit() {
  renderPage()
  const user = setupUser()
  await fillBooking(user)
  await user.click(submitButton())
  return screen.findByRole("heading", { name: content.thankYou.callHeading })
}

const exitThroughTop = () => fireEvent.mouseOut(document.documentElement, { relatedTarget: null, clientY: 0 })

describe("the countdown", () => {
  test("starts at 23:59:59, ticks each second and stops at 00:00:00 without starting again", () => {
    jest.useFakeTimers()
    render(<CountdownTimer label={content.hero.countdownLabel} start={content.hero.countdownStart} />)
    const timer = screen.getByRole("timer", { name: "Offer ends in:" })
    expect(timer).toHaveTextContent("23:59:59")
    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(timer).toHaveTextContent("23:59:58")
    act(() => {
      jest.advanceTimersByTime(61_000)
    })
    expect(timer).toHaveTextContent("23:58:57")
    act(() => {
      jest.advanceTimersByTime(24 * 3600 * 1000)
    })
    expect(timer).toHaveTextContent("00:00:00")
    expect(jest.getTimerCount()).toBe(0)
    act(() => {
      jest.advanceTimersByTime(10_000)
    })
    expect(timer).toHaveTextContent("00:00:00")
  })

  test("the page's hero shows it from the data's start", () => {
    renderPage()
    expect(screen.getByRole("timer")).toHaveTextContent("23:59:59")
    expect(screen.getByRole("heading", { level: 1, name: content.hero.heading })).toBeInTheDocument()
    for (const text of ["$49", "Regular value $389", "Save $150", "Only 15 spots remaining"])
      expect(screen.getByText(text)).toBeInTheDocument()
  })
})

describe("the page", () => {
  test("the prerendered form is a disabled shell with the same required, typed fields", () => {
    render(<BookingFormShell texts={content.form} />)
    for (const input of Object.values(field)) {
      expect(input()).toBeDisabled()
      expect(input()).toBeRequired()
    }
    expect(submitButton()).toBeDisabled()
  })

  test("the live form's fields are labelled, required and typed; the address asks for a Scarsdale property", async () => {
    renderPage()
    await liveForm()
    for (const input of Object.values(field)) expect(input()).toBeRequired()
    expect(field.phone()).toHaveAttribute("type", "tel")
    expect(field.email()).toHaveAttribute("type", "email")
    expect(screen.getByText("Property Address (Scarsdale)")).toBeInTheDocument()
  })

  test("credentials come from the company facts; years read 20+ since 2004; the sticky call button is for small screens only", () => {
    renderPage()
    const credentials = screen.getByRole("region", { name: content.credentials.heading })
    expect(within(credentials).getByText(company.licenseNumber)).toBeInTheDocument()
    expect(within(credentials).getByText("$2M liability coverage")).toBeInTheDocument()
    expect(within(credentials).getByText("20+ Years in business, since 2004")).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent("15+")
    const sticky = screen.getByRole("link", { name: "Call Now: (914) 555-0123" })
    expect(sticky).toHaveAttribute("href", "tel:+19145550123")
    expect(sticky.closest("[data-placement='sticky-call']")?.className).toMatch(
      /\bsticky\b.*\bbottom-0\b.*\bmd:hidden\b/,
    )
    for (const excluded of ["bed bugs", "fleas", "termites", "bees", "hornets"])
      expect(screen.getByText(/^Excluded:/)).toHaveTextContent(excluded)
    expect(screen.getByRole("region", { name: content.testimonials.heading }).querySelectorAll("li")).toHaveLength(3)
  })
})

describe("booking", () => {
  test("sends exactly the typed fields plus the fixed Scarsdale values, which the shared contract accepts", async () => {
    const call = renderPage()
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    await waitFor(() => {
      expect(call).toHaveBeenCalledTimes(1)
    })
    const [name, payload] = sentRequest(call)
    expect(name).toBe("process-simple-lead")
    const typed = { fullName: "Rachel Marsh", phone: "(914) 555-0199", streetAddress: "12 Fox Meadow Road" }
    const fixed = { city: "Scarsdale", zipCode: "10583", specialOffer: "$49 Scarsdale Starter Visit" }
    expect(payload).toEqual({
      ...typed,
      email: "rachel@example.com",
      ...fixed,
      ...SUBMISSION_FIELDS,
      ...UNTICKED_CONSENT,
    })
    await expect(offerBookingSchema.validate(payload, { strict: true })).resolves.toBeTruthy()
  })

  test("while busy the button is disabled and reads Securing Your Appointment...", async () => {
    let answer: (result: CallResult) => void = () => undefined
    renderPage(jest.fn(() => new Promise<CallResult>((resolve) => (answer = resolve))))
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    const busy = await screen.findByRole("button", { name: "Securing Your Appointment..." })
    expect(busy).toBeDisabled()
    act(() => {
      answer(BOOKED)
    })
    await screen.findByRole("heading", { name: content.thankYou.callHeading })
  })

  test("a window held (the answer's booking): the thank-you and the toast say booked, and the held next steps", async () => {
    const held: CallResult = {
      ok: true,
      data: { ...BOOKED.data, booking: { state: "held", window: "2026-03-04@08:00" } },
    }
    renderPage(jest.fn(() => Promise.resolve(held)))
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    const thankYou = await screen.findByRole("region", { name: content.thankYou.heading })
    expect(
      within(thankYou)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(content.thankYou.heldNextSteps)
    expect(screen.getByRole("status")).toHaveTextContent(
      /Your \$49 visit has been booked for .*We'll call you within 24 hours to confirm it\./,
    )
  })

  test("an address outside the offer's towns: the thank-you shows the answer's note of the offer instead", async () => {
    const note = CUSTOMER_TEXTS.en.messages.responses.outsideOffer
    const outside: CallResult = { ok: true, data: { ...BOOKED.data, outsideOffer: note } }
    renderPage(jest.fn(() => Promise.resolve(outside)))
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    const thankYou = await screen.findByRole("region", { name: content.thankYou.callHeading })
    expect(within(thankYou).getByText(note)).toBeInTheDocument()
  })

  test("an address inside the offer's towns: no note", async () => {
    await bookVisit()
    const thankYou = screen.getByRole("region", { name: content.thankYou.callHeading })
    expect(within(thankYou).queryByText(/only for homes in/)).not.toBeInTheDocument()
  })

  test("a window just taken: nothing says booked; the price is reserved and the office calls", async () => {
    const taken: CallResult = { ok: true, data: { ...BOOKED.data, booking: { state: "taken" } } }
    renderPage(jest.fn(() => Promise.resolve(taken)))
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    const thankYou = await screen.findByRole("region", { name: content.thankYou.callHeading })
    expect(within(thankYou).getByText(/just taken, so we could not hold it/)).toBeInTheDocument()
    expect(screen.getByRole("status")).toHaveTextContent(/just taken, so your visit is not booked yet/)
  })

  test("success: the thank-you view replaces the form, the success toast, and one Ads conversion of 49", async () => {
    const heading = await bookVisit()
    const thankYou = screen.getByRole("region", { name: content.thankYou.callHeading })
    expect(
      within(thankYou)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(content.thankYou.nextSteps)
    expect(within(thankYou).getByText(/Pest emergency\? Call us now:/)).toBeInTheDocument()
    // The booking's reference, the one its requests carried (and its e-mail names).
    expect(
      within(thankYou).getByText(
        /^We've received your request for the \$49 Scarsdale Starter Visit\. Your reference: WEB\d{6}\. We'll choose the time of your visit together on the call\.$/,
      ),
    ).toBeInTheDocument()
    expect(within(thankYou).getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
    await waitFor(() => {
      expect(heading).toHaveFocus()
    })
    expect(screen.queryByLabelText(/^Full Name/)).not.toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Book My $49 Visit" })).not.toBeInTheDocument()
    const toast = screen.getByRole("status")
    expect(toast).toHaveTextContent("Success!")
    // An answer naming no held window (this one) is told the price is reserved, the time chosen on the call.
    expect(toast).toHaveTextContent(
      "Your $49 price is reserved. We'll call you within 24 hours to choose the time of your visit.",
    )
    expect(gtagEvents("conversion")).toEqual([
      ["event", "conversion", { send_to: ADS_CONVERSION_TARGET, value: 49, currency: "USD" }],
    ])
    // The $49 booking is worth the offer's price.
    expect(gtagEvents("generate_lead")).toEqual([
      [
        "event",
        "generate_lead",
        { form: "scarsdale_49", offer: "$49 Scarsdale Starter Visit", value: 49, currency: "USD" },
      ],
    ])
  })

  test("the submission is tracked with the offer as event parameters and the visitor's details only as Ads user data", async () => {
    await bookVisit()
    expect(gtagEvents("form_submit")).toEqual([
      ["event", "form_submit", { form: "scarsdale_49", offer: "$49 Scarsdale Starter Visit", value: 49 }],
    ])
    expect(gtag.calls()).toContainEqual([
      "set",
      "user_data",
      {
        email: "rachel@example.com",
        phone_number: "+19145550199",
        address: {
          first_name: "Rachel",
          last_name: "Marsh",
          street: "12 Fox Meadow Road",
          city: "Scarsdale",
          postal_code: "10583",
          country: "US",
        },
      },
    ])
    const eventParams = JSON.stringify(gtag.calls().filter(([command]) => command === "event"))
    for (const personal of ["Rachel", "Marsh", "rachel@example.com", "555-0199", "Fox Meadow"])
      expect(eventParams).not.toContain(personal)
  })

  test.each([
    ["an HTTP error", { ok: false, reason: "http", status: 500, data: { success: false, error: "down" } } as const],
    ["a network failure", { ok: false, reason: "network", message: "Failed to fetch" } as const],
    ["an answer carrying an error", { ok: true, data: { error: "refused" } } as const],
    ["a 403 (the page's origin not allowed)", { ok: false, reason: "http", status: 403, data: null } as const],
  ])(
    "not taken (%s): kept on this device and the visitor told so, fields kept, no thank-you, no conversion",
    async (_case, answer) => {
      localStorage.clear()
      jest.spyOn(console, "error").mockImplementation(() => undefined)
      renderPage(outboxSend([answer]).send)
      const user = setupUser()
      await fillBooking(user)
      await user.click(submitButton())
      expect(await screen.findByRole("status")).toHaveTextContent("Saved, not sent yet")
      expect(keptCalls().map((entry) => entry.name)).toEqual(["process-simple-lead"])
      expect(field.fullName()).toHaveValue("Rachel Marsh")
      expect(submitButton()).toBeEnabled()
      expect(screen.queryByRole("heading", { name: content.thankYou.callHeading })).not.toBeInTheDocument()
      expect(gtagEvents("conversion")).toEqual([])
      localStorage.clear()
    },
  )

  test("a thrown error (neither sent nor kept): logged, the Error toast with the phone, fields kept, no thank-you, no conversion", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    renderPage(jest.fn(async () => Promise.reject(new Error("offline"))))
    const user = setupUser()
    await fillBooking(user)
    await user.click(submitButton())
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Error")
    expect(alert).toHaveTextContent(ERROR_TEXT)
    expect(logged).toHaveBeenCalled()
    expect(field.fullName()).toHaveValue("Rachel Marsh")
    expect(field.phone()).toHaveValue("(914) 555-0199")
    expect(field.email()).toHaveValue("rachel@example.com")
    expect(field.address()).toHaveValue("12 Fox Meadow Road")
    expect(submitButton()).toBeEnabled()
    expect(screen.queryByRole("heading", { name: content.thankYou.callHeading })).not.toBeInTheDocument()
    expect(gtagEvents("conversion")).toEqual([])
  })

  test.each([
    ["a name of only spaces", { fullName: "   " }, "Please enter your full name"],
    ["a short phone number", { phone: "555-01" }, "Please enter a phone number with at least 10 digits"],
    ["a bad email", { email: "rachel.example.com" }, "Please enter a valid email address"],
    ["an address of only spaces", { address: "  " }, "Please enter the property address"],
  ])("%s gets its message next to the field and never reaches the backend", async (_case, override, message) => {
    const call = renderPage()
    const user = setupUser()
    await fillBooking(user, {
      fullName: "Rachel Marsh",
      phone: "(914) 555-0199",
      email: "rachel@example.com",
      address: "12 Fox Meadow Road",
      ...override,
    })
    await user.click(submitButton())
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(call).not.toHaveBeenCalled()
  })

  test("form_start is sent on the first focus inside the form, once", async () => {
    renderPage()
    const user = setupUser()
    await liveForm()
    expect(gtagEvents("form_start")).toEqual([])
    await user.click(field.fullName())
    await user.click(field.phone())
    await user.click(field.fullName())
    expect(gtagEvents("form_start")).toEqual([["event", "form_start", { form: "scarsdale_49" }]])
  })
})

describe("the exit-intent popup", () => {
  const dialog = () => screen.queryByRole("dialog", { name: content.exitIntent.heading })

  test("opens when the pointer leaves through the top, Close hides it, and it never opens again", async () => {
    renderPage()
    fireEvent.mouseOut(document.documentElement, { relatedTarget: null, clientY: 300 })
    expect(dialog()).not.toBeInTheDocument()
    exitThroughTop()
    const open = await screen.findByRole("dialog", { name: content.exitIntent.heading })
    expect(within(open).getByText(content.exitIntent.text)).toBeInTheDocument()
    expect(within(open).getByRole("link", { name: "Call (914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
    await setupUser().click(within(open).getByRole("button", { name: "Close" }))
    expect(dialog()).not.toBeInTheDocument()
    exitThroughTop()
    exitThroughTop()
    expect(dialog()).not.toBeInTheDocument()
  })

  test("does not open once the visit is booked", async () => {
    await bookVisit()
    expect(dialog()).not.toBeInTheDocument()
    exitThroughTop()
    expect(dialog()).not.toBeInTheDocument()
  })
})

test("backend unreachable: the booking is kept on this device for re-sending and the visitor is told so, the form kept", async () => {
  localStorage.clear()
  renderPage(outboxSend([{ ok: false, reason: "network", message: "Failed to fetch" }]).send)
  const user = setupUser()
  await liveForm()
  await fillBooking(user)
  await user.click(submitButton())
  const notice = await screen.findByRole("status")
  expect(notice).toHaveTextContent("Saved, not sent yet")
  expect(notice).toHaveTextContent("To book right away, call us at (914) 555-0123.")
  expect(screen.queryByRole("alert")).toBeNull()
  expect(field.fullName()).toHaveValue("Rachel Marsh")
  const keptBody: unknown = expect.objectContaining({ specialOffer: "$49 Scarsdale Starter Visit" })
  const kept = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]") as Array<{
    name: string
    body: { specialOffer: string }
  }>
  expect(kept).toEqual([
    expect.objectContaining({
      name: "process-simple-lead",
      body: keptBody,
    }),
  ])
  localStorage.clear()
})
