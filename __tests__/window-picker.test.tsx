/**
 * The arrival-window picker in the three forms that offer it: the calendar loaded from the public
 * arrival-windows function, at most maxChoices windows, "Call me to schedule" the default (no
 * preferredWindows sent), the chosen windows in every request and on the review and thank-you views,
 * and a calendar that fails never holding a lead back.
 */
import { fireEvent, render, screen, waitFor, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import {
  estimateLeadSchema,
  estimateRequestSchema,
  offerBookingSchema,
  offerCallbackSchema,
} from "../supabase/functions/_shared/kernel/contract.ts"
import { EstimateWizard, STORAGE_KEY } from "../src/components/estimate/estimate-wizard"
import { OfferLanding } from "../src/components/offer/offer-landing"
import { ScarsdaleOfferPage } from "../src/components/scarsdale-offer/scarsdale-offer-page"
import { scarsdaleOfferContent } from "../src/components/scarsdale-offer/offer-content"
import { calendarOf, fetchCalendar } from "../src/lib/arrival-windows/calendar"
import { offeredChoice } from "../src/lib/arrival-windows/window-labels"
import { callFunction, type CallResult } from "../src/lib/leads/api"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { CALENDAR, LABELS, serveCalendar, stopServingCalendar } from "./fixtures/calendar"
import { leadTexts, scarsdaleOfferData, siteData, windowTexts } from "./fixtures/data"
import { LeadProviders } from "./fixtures/lead-providers"
import { sentRequest, typeWizardContact } from "./fixtures/leads"
import { offerLandingProps } from "./fixtures/offer"
import { wizardProps } from "./fixtures/wizard"

jest.mock("../src/lib/leads/api", () => ({
  ...jest.requireActual<typeof import("../src/lib/leads/api")>("../src/lib/leads/api"),
  callFunction: jest.fn(),
}))
const callbackCall = callFunction as jest.MockedFunction<typeof callFunction>

const texts = windowTexts()
const ACCEPTED: CallResult = { ok: true, data: { success: true, message: "ok", reference: "r" } }
/** The thank-you line after these windows (its singular after one). */
const THANK_YOU = (...labels: string[]) =>
  (labels.length === 1 ? texts.thankYouLineOne : texts.thankYouLine).replace("{windows}", labels.join("; "))
const MONDAY_10AM_NY = new Date("2026-11-23T15:00:00Z")

type User = ReturnType<typeof userEvent.setup>

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  callbackCall.mockReset()
  callbackCall.mockResolvedValue(ACCEPTED)
  window.scrollTo = jest.fn()
})
afterEach(stopServingCalendar)

const windowBox = (label: string) => screen.getByRole("checkbox", { name: label })
const callMe = () => screen.getByRole("checkbox", { name: texts.callMeLabel })
/** The picker has its calendar: the first window is listed. */
/** The calendar is fetched once the visitor first interacts with the page: a tap anywhere, then its first window. */
/**
 * The calendar is fetched once the visitor first interacts with the page: taps until `shown` is there (the
 * live form, and its listener, come after the prerendered shell).
 */
const tapUntil = (shown: () => HTMLElement) =>
  waitFor(() => {
    fireEvent.pointerDown(document.body)
    return shown()
  })
const calendarShown = () => tapUntil(() => screen.getByRole("checkbox", { name: LABELS.dec1Morning }))

describe("the calendar", () => {
  test("is asked for with the anon key, like a Supabase client, and checked field by field", async () => {
    const fetch = serveCalendar()
    await expect(fetchCalendar()).resolves.toEqual(calendarOf(CALENDAR))
    expect(calendarOf(CALENDAR)?.windows).toHaveLength(5)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toMatch(/\/functions\/v1\/arrival-windows$/)
    const headers = new Headers(init?.headers)
    expect(headers.get("apikey")).toBeTruthy()
    expect(headers.get("authorization")).toBe(`Bearer ${headers.get("apikey") ?? ""}`)
    expect(calendarOf({ ...CALENDAR, success: false })).toBeNull()
    expect(calendarOf({ ...CALENDAR, timeZone: "Mars/Olympus" })).toBeNull()
    expect(calendarOf({ ...CALENDAR, windows: [{ id: "2026-12-01@08:00" }] })).toBeNull()
    expect(calendarOf("<html>")).toBeNull()
  })

  test("only windows the calendar offers free now are sent, at most maxChoices; none without a calendar", () => {
    const calendar = calendarOf(CALENDAR)
    const ids = ["2026-12-02@11:00", "2026-11-30@08:00", ...CALENDAR.windows.map((w) => w.id)]
    expect(offeredChoice(calendar, ids)).toEqual(["2026-12-01@08:00", "2026-12-01@11:00", "2026-12-01@14:00"])
    expect(offeredChoice(calendar, ["2026-12-02@11:00"])).toEqual([])
    expect(offeredChoice(null, ["2026-12-01@08:00"])).toEqual([])
  })

  test("fails to null: a rejected fetch, a 500, a bad body", async () => {
    serveCalendar("reject")
    await expect(fetchCalendar()).resolves.toBeNull()
    serveCalendar(500)
    await expect(fetchCalendar()).resolves.toBeNull()
    serveCalendar("ok", { success: true })
    await expect(fetchCalendar()).resolves.toBeNull()
  })
})

describe("the estimate wizard", () => {
  function renderWizard() {
    const call = jest.fn((_name: string, _body: Record<string, unknown>) => Promise.resolve(ACCEPTED))
    render(
      <LeadProviders>
        <EstimateWizard {...wizardProps(call, () => MONDAY_10AM_NY)} />
      </LeadProviders>,
    )
    return call
  }
  const next = () => screen.getByRole("button", { name: "Next" })

  /** Steps 1 to 4; stays on step 5. */
  async function toStep5(user: User) {
    await user.click(screen.getByRole("radio", { name: "Apartment" }))
    await user.click(next())
    await user.click(screen.getByRole("radio", { name: "EZ-One" }))
    await user.click(next())
    await user.click(screen.getByRole("checkbox", { name: "Ants" }))
    await user.click(next())
    await user.click(next())
  }

  /** From step 5 to the review (step 7). */
  async function toReview(user: User) {
    await user.click(next())
    await typeWizardContact(user, "Maria Lopez")
    await waitFor(() => {
      expect(next()).toBeEnabled()
    })
    await user.click(next())
  }

  /** The review's row of arrival windows. */
  const reviewRow = () => screen.getByText(texts.reviewLabel).closest("div")!

  const submit = async (user: User) => {
    await user.click(screen.getByRole("button", { name: "Get My Free Estimate" }))
  }

  test("lists the free windows by day, at most three, 'Call me' clears them; the windows are reviewed, sent in all three calls and thanked for", async () => {
    serveCalendar()
    const call = renderWizard()
    const user = userEvent.setup()
    await toStep5(user)
    const picker = screen.getByRole("group", { name: texts.legend })
    expect(within(picker).getByText(texts.help)).toBeInTheDocument()
    await calendarShown()
    expect(callMe()).toBeChecked()
    // Grouped by day; the full window is not offered.
    expect(within(screen.getByRole("group", { name: "Tue, Dec 1" })).getAllByRole("checkbox")).toHaveLength(3)
    expect(within(screen.getByRole("group", { name: "Wed, Dec 2" })).getAllByRole("checkbox")).toHaveLength(1)
    await user.click(windowBox(LABELS.dec1Morning))
    expect(callMe()).not.toBeChecked()
    await user.click(callMe())
    expect(windowBox(LABELS.dec1Morning)).not.toBeChecked()
    expect(callMe()).toBeChecked()
    for (const label of [LABELS.dec1Morning, LABELS.dec1Afternoon, LABELS.dec2Morning])
      await user.click(windowBox(label))
    expect(windowBox(LABELS.dec1Midday)).toBeDisabled()
    expect(screen.getByText(texts.tooMany.replace("{max}", "3"))).toBeInTheDocument()
    await user.click(windowBox(LABELS.dec1Afternoon))
    expect(windowBox(LABELS.dec1Midday)).toBeEnabled()
    // Kept in this tab with the other answers.
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as { values?: { preferredWindows?: unknown } }
    expect(saved.values?.preferredWindows).toEqual(["2026-12-01@08:00", "2026-12-02@08:00"])

    await toReview(user)
    const chosen = `${LABELS.dec1Morning}; ${LABELS.dec2Morning}`
    expect(reviewRow()).toHaveTextContent(chosen)
    await submit(user)
    expect(await screen.findByText(THANK_YOU(LABELS.dec1Morning, LABELS.dec2Morning))).toBeInTheDocument()
    expect(call).toHaveBeenCalledTimes(3)
    for (const [, body] of call.mock.calls)
      expect(body.preferredWindows).toEqual(["2026-12-01@08:00", "2026-12-02@08:00"])
    // The bodies as sent pass the functions' own checks.
    expect(estimateLeadSchema.validateSync(sentRequest(call, 0)[1])).toBeTruthy()
    expect(estimateRequestSchema.validateSync(sentRequest(call, 1)[1])).toBeTruthy()
  })

  test("left at 'Call me to schedule': no preferredWindows in any call, the review says so, no thank-you line", async () => {
    serveCalendar()
    const call = renderWizard()
    const user = userEvent.setup()
    await toStep5(user)
    await calendarShown()
    await toReview(user)
    expect(reviewRow()).toHaveTextContent(texts.callMeLabel)
    await submit(user)
    await screen.findByRole("heading", { name: /Thank you/i })
    expect(call).toHaveBeenCalledTimes(3)
    for (const [, body] of call.mock.calls) expect(body).not.toHaveProperty("preferredWindows")
    expect(screen.queryByText(/You asked for/)).toBeNull()
  })

  test.each(["reject", 500] as const)(
    "a calendar that fails (%s) says the office will call, and the lead goes without windows",
    async (failure) => {
      serveCalendar(failure)
      const call = renderWizard()
      const user = userEvent.setup()
      await toStep5(user)
      expect(await screen.findByText(texts.unavailable)).toBeInTheDocument()
      expect(callMe()).toBeChecked()
      await toReview(user)
      await submit(user)
      await waitFor(() => {
        expect(call).toHaveBeenCalledTimes(3)
      })
      for (const [, body] of call.mock.calls) expect(body).not.toHaveProperty("preferredWindows")
    },
  )
})

describe("the $49 booking", () => {
  const content = scarsdaleOfferContent(scarsdaleOfferData())
  function renderBooking() {
    const call = jest.fn((_name: string, _body: Record<string, unknown>) => Promise.resolve(ACCEPTED))
    render(
      <LeadProviders>
        <ScarsdaleOfferPage
          content={content}
          windowTexts={texts}
          company={siteData().company}
          adsConversionTarget=""
          call={call}
        />
      </LeadProviders>,
    )
    return call
  }
  async function fillAndBook(user: User, pick: readonly string[]) {
    const button = () => screen.getByRole("button", { name: content.form.submitLabel })
    await waitFor(() => {
      expect(button()).toBeEnabled()
    })
    await user.type(screen.getByLabelText(/^Full Name/), "Rachel Marsh")
    await user.type(screen.getByLabelText(/^Phone/), "(914) 555-0199")
    await user.type(screen.getByLabelText(/^Email/), "rachel@example.com")
    await user.type(screen.getByLabelText(/^Property Address/), "12 Fox Meadow Road")
    for (const label of pick) await user.click(windowBox(label))
    await user.click(button())
  }

  test("sends the chosen windows and its thank-you view names them", async () => {
    serveCalendar()
    const call = renderBooking()
    const user = userEvent.setup({ skipHover: true })
    await calendarShown()
    await fillAndBook(user, [LABELS.dec1Midday])
    expect(await screen.findByText(THANK_YOU(LABELS.dec1Midday))).toBeInTheDocument()
    const [name, body] = sentRequest(call)
    expect(name).toBe("process-simple-lead")
    expect(body.preferredWindows).toEqual(["2026-12-01@11:00"])
    expect(offerBookingSchema.validateSync(body)).toBeTruthy()
  })

  test.each([["none picked", "ok"] as const, ["the calendar down (500)", 500] as const])(
    "%s: sent without preferredWindows, the price reserved (nothing held), no thank-you line",
    async (_case, serve) => {
      serveCalendar(serve)
      const call = renderBooking()
      const user = userEvent.setup({ skipHover: true })
      if (serve === 500) expect(await tapUntil(() => screen.getByText(texts.unavailable))).toBeInTheDocument()
      else await calendarShown()
      await fillAndBook(user, [])
      await screen.findByRole("heading", { name: content.thankYou.callHeading })
      expect(sentRequest(call)[1]).not.toHaveProperty("preferredWindows")
      expect(screen.queryByText(/You asked for/)).toBeNull()
    },
  )
})

describe("the offer callback", () => {
  const renderOffer = () =>
    render(
      <LeadTextsContext.Provider value={leadTexts()}>
        <OfferLanding {...offerLandingProps("yonkers39")} />
      </LeadTextsContext.Provider>,
    )
  async function request(user: User, pick: readonly string[]) {
    const button = () => screen.getByRole("button", { name: "Request My Callback" })
    await waitFor(() => {
      expect(button()).toBeEnabled()
    })
    await user.type(screen.getByLabelText(/^Name/), "Ann Lee")
    await user.type(screen.getByLabelText(/^Phone/), "9145550100")
    for (const label of pick) await user.click(windowBox(label))
    await user.click(button())
  }

  test("sends the chosen windows and its thank-you screen names them", async () => {
    window.history.replaceState(null, "", "/offer/yonkers39/")
    serveCalendar()
    renderOffer()
    const user = userEvent.setup()
    await calendarShown()
    await request(user, [LABELS.dec2Morning, LABELS.dec1Morning])
    expect(await screen.findByText(THANK_YOU(LABELS.dec1Morning, LABELS.dec2Morning))).toBeInTheDocument()
    const [name, body] = callbackCall.mock.calls[0]!
    expect(name).toBe("process-simple-lead")
    expect(body.preferredWindows).toEqual(["2026-12-01@08:00", "2026-12-02@08:00"])
    expect(offerCallbackSchema.validateSync(body)).toBeTruthy()
  })

  test("a calendar that cannot be reached: the callback goes without windows", async () => {
    window.history.replaceState(null, "", "/offer/yonkers39/")
    serveCalendar("reject")
    renderOffer()
    const user = userEvent.setup()
    expect(await tapUntil(() => screen.getByText(texts.unavailable))).toBeInTheDocument()
    await request(user, [])
    await waitFor(() => {
      expect(callbackCall).toHaveBeenCalledTimes(1)
    })
    expect(callbackCall.mock.calls[0]![1]).not.toHaveProperty("preferredWindows")
  })
})
