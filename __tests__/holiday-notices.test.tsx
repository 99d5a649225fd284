/**
 * The hours displays on a closed date (data/site.yaml's closedDates): "Closed today for Thanksgiving" in
 * the header, the mobile menu, the top banner and the contact page, read in the browser after hydration
 * (the prerendered HTML cannot know the day), and the coming closures on the contact page.
 */
import { act, render, screen, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import { renderToString } from "preact-render-to-string"
import { ContactPage, type ContactContent } from "../src/components/contact/contact-page"
import { OfferThankYou } from "../src/components/offer/offer-thank-you"
import { OfferFooter } from "../src/components/offer/offer-footer"
import { headerProps } from "../src/components/layout/header-props"
import { SiteHeader } from "../src/components/layout/site-header"
import { TopBanner } from "../src/components/layout/top-banner"
import { hoursLines } from "../src/lib/hours"
import { holidayProps, readData, siteData } from "./fixtures/data"

const data = siteData()
const { company } = data
const CLOSED = "Closed today for Thanksgiving"
// Thursday November 26 2026, 10am in New York; the Friday after, 10am.
const THANKSGIVING_10AM = new Date("2026-11-26T15:00:00Z")
const FRIDAY_10AM = new Date("2026-11-27T15:00:00Z")

/** Only the date is faked: Preact's effects still run on the real timers. */
const today = (at: Date) => {
  jest.useFakeTimers({ now: at, doNotFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "queueMicrotask"] })
}
afterEach(() => {
  jest.useRealTimers()
})

const banner = () => (
  <TopBanner message={company.sameDayService.banner} phone={company.phone} holidays={holidayProps()} />
)

describe("on Thanksgiving", () => {
  beforeEach(() => {
    today(THANKSGIVING_10AM)
  })

  test("the header says so beside the hours, and so does the mobile menu's hours", async () => {
    render(<SiteHeader {...headerProps(data, "/")} />)
    expect(await screen.findByText(CLOSED)).toBeInTheDocument()
    // The hours stay beside it, each group of days on its own unbroken span.
    for (const line of ["Mon–Fri 8am–6pm", "Sat 9am–4pm", "Sun 9am–1pm"])
      expect(screen.getByText(line)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }))
    expect(within(screen.getByRole("dialog")).getByText(CLOSED)).toBeInTheDocument()
  })

  test("the top banner says the office is closed instead of promising same-day service", async () => {
    render(banner())
    expect(await screen.findByText(CLOSED)).toBeInTheDocument()
    // The promise stays only to keep the banner's height: hidden from sight and from screen readers.
    expect(screen.getByText(company.sameDayService.banner)).toHaveAttribute("aria-hidden", "true")
    expect(screen.getByText(company.sameDayService.banner)).toHaveClass("invisible")
  })

  test("the prerendered banner is the ordinary one, and hydrating it then shows the closure", async () => {
    const html = renderToString(banner())
    expect(html).toContain(company.sameDayService.banner)
    expect(html).not.toContain("Closed today")
    const container = document.createElement("div")
    container.innerHTML = html
    document.body.append(container)
    render(banner(), { container, hydrate: true })
    expect(await screen.findByText(CLOSED)).toBeInTheDocument()
    container.remove()
  })

  test("the offer pages' footer and thank-you screen say so under the hours", async () => {
    window.scrollTo = jest.fn()
    const hours = hoursLines(company.hours)
    render(
      <>
        <OfferFooter
          companyName={company.name}
          tagline={company.tagline}
          phone={company.phone}
          email={company.email}
          website={{ label: "Website", url: "https://www.example.test/" }}
          hours={hours}
          holidays={holidayProps()}
          towns={company.footerTowns}
          labels={{ hoursHeading: "Hours", areasHeading: "Areas" }}
        />
        <OfferThankYou
          heading="Thank You!"
          text="We'll call"
          hoursHeading="Hours"
          hours={hours}
          holidays={holidayProps()}
          emergencyText="Emergency?"
          phone={company.phone}
          callLabel="Call"
        />
      </>,
    )
    expect(await screen.findAllByText(CLOSED)).toHaveLength(2)
  })

  test("the contact page says so under the hours and lists the coming closures", async () => {
    render(
      <ContactPage
        heading="Contact"
        intro="Intro"
        content={readData<ContactContent>("contact-page.yaml")}
        phone={company.phone}
        email={company.email}
        hours={hoursLines(company.hours)}
        holidays={holidayProps()}
      />,
    )
    expect(await screen.findByText(CLOSED)).toBeInTheDocument()
    const coming = screen.getByText(company.closedTexts.upcomingHeading).parentElement!
    expect(
      within(coming)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Closed Thu, Nov 26 for Thanksgiving",
      "Open 8am–12pm on Thu, Dec 24 for Christmas Eve",
      "Closed Fri, Dec 25 for Christmas Day",
    ])
  })
})

test("on the Friday after, no notice: the header and banner are as every day", async () => {
  today(FRIDAY_10AM)
  render(
    <>
      {banner()}
      <SiteHeader {...headerProps(data, "/")} />
    </>,
  )
  await act(() => Promise.resolve())
  expect(screen.getByText(company.sameDayService.banner)).toBeInTheDocument()
  expect(screen.queryByText(/Closed today/)).not.toBeInTheDocument()
})
