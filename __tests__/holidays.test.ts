/**
 * Closed dates (data/site.yaml's closedDates) in the company's clock: closed all day in New York time,
 * skipped by "next opening", no same-day service, and what the hours displays and JSON-LD say.
 */
import {
  closureOn,
  isOpenAt,
  isSameDayAvailable,
  nextOpening,
  nextOpeningAfter,
  type BusinessSchedule,
} from "../supabase/functions/_shared/kernel/business-hours"
import { specialOpeningHoursSpecification, todayNotice, upcomingNotices } from "../src/lib/holidays"
import { THANKSGIVING_SPECIAL_HOURS } from "./fixtures/closed-dates"
import { companySchedule, siteData } from "./fixtures/data"

const company = companySchedule()
const texts = siteData().company.closedTexts
const sameDay = siteData().company.sameDayService
const at = (iso: string) => new Date(iso)
const iso = (date: Date | null) => date?.toISOString()

describe("Thanksgiving 2026 (Thursday November 26, New York UTC-5)", () => {
  test.each([
    ["2026-11-26T04:59:00Z", "Wed 11:59pm: still Wednesday", undefined],
    ["2026-11-26T05:00:00Z", "Thu midnight", "Thanksgiving"],
    ["2026-11-26T15:00:00Z", "Thu 10am", "Thanksgiving"],
    ["2026-11-27T04:59:00Z", "Thu 11:59pm", "Thanksgiving"],
    ["2026-11-27T05:00:00Z", "Fri midnight", undefined],
  ])("%s (%s) is closed for %s", (time, _note, name) => {
    expect(closureOn(company, at(time))?.name).toBe(name)
  })

  test("the office is closed all day, the same hours on the Wednesday before and the Friday after are open", () => {
    expect(isOpenAt(company, at("2026-11-25T15:00:00Z"))).toBe(true)
    for (const hour of ["13", "15", "20", "22"]) expect(isOpenAt(company, at(`2026-11-26T${hour}:00:00Z`))).toBe(false)
    expect(isOpenAt(company, at("2026-11-27T13:00:00Z"))).toBe(true)
  })

  test("the next opening skips it: Wednesday evening and Thanksgiving morning both wait for Friday 8am", () => {
    const fridayOpening = "2026-11-27T13:00:00.000Z"
    expect(iso(nextOpeningAfter(company, at("2026-11-25T23:00:00Z")))).toBe(fridayOpening)
    expect(iso(nextOpening(company, at("2026-11-26T14:00:00Z")))).toBe(fridayOpening)
    expect(iso(nextOpeningAfter(company, at("2026-11-26T13:00:00Z")))).toBe(fridayOpening)
  })

  test("no same-day service on Thanksgiving morning; the Friday after has it", () => {
    expect(isSameDayAvailable(sameDay, company, at("2026-11-26T14:00:00Z"))).toBe(false)
    expect(isSameDayAvailable(sameDay, company, at("2026-11-27T14:00:00Z"))).toBe(true)
  })
})

describe("a short day and the holiday after it: Christmas Eve until 12pm, closed Christmas Day", () => {
  test("open 8am–12pm on the 24th, closed the 25th, open again Saturday 9am", () => {
    expect(isOpenAt(company, at("2026-12-24T13:00:00Z"))).toBe(true)
    expect(isOpenAt(company, at("2026-12-24T16:59:00Z"))).toBe(true)
    expect(isOpenAt(company, at("2026-12-24T17:00:00Z"))).toBe(false)
    expect(iso(nextOpeningAfter(company, at("2026-12-24T17:00:00Z")))).toBe("2026-12-26T14:00:00.000Z")
  })

  test("same-day service before noon on the short day, none on Christmas Day", () => {
    expect(isSameDayAvailable(sameDay, company, at("2026-12-24T15:00:00Z"))).toBe(true)
    expect(isSameDayAvailable(sameDay, company, at("2026-12-25T15:00:00Z"))).toBe(false)
  })

  test("a short day that closes before the cutoff hour ends same-day service when it closes", () => {
    const early = {
      ...company,
      closedDates: [{ date: "2026-12-24", name: "Christmas Eve", opens: "08:00", closes: "10:00" }],
    }
    expect(isSameDayAvailable(sameDay, early, at("2026-12-24T14:59:00Z"))).toBe(true)
    expect(isSameDayAvailable(sameDay, early, at("2026-12-24T15:00:00Z"))).toBe(false)
  })
})

describe("closed dates in daylight-saving change weeks (exact in New York time)", () => {
  const withClosed = (...dates: string[]): BusinessSchedule => ({
    ...company,
    closedDates: dates.map((date) => ({ date, name: `Closed ${date}` })),
  })

  test("autumn: closed on the 25-hour Sunday of November 1 2026 and the Monday after", () => {
    const schedule = withClosed("2026-11-01", "2026-11-02")
    // 1:30am happens twice that Sunday (EDT, then EST): both are the closed Sunday.
    expect(closureOn(schedule, at("2026-11-01T05:30:00Z"))?.date).toBe("2026-11-01")
    expect(closureOn(schedule, at("2026-11-01T06:30:00Z"))?.date).toBe("2026-11-01")
    expect(closureOn(schedule, at("2026-11-01T04:00:00Z"))?.date).toBe("2026-11-01")
    expect(closureOn(schedule, at("2026-10-31T03:59:00Z"))).toBeUndefined()
    // Sunday 11:59pm EST is 04:59Z on Monday; midnight Monday EST is 05:00Z.
    expect(closureOn(schedule, at("2026-11-02T04:59:00Z"))?.date).toBe("2026-11-01")
    expect(closureOn(schedule, at("2026-11-02T05:00:00Z"))?.date).toBe("2026-11-02")
    expect(isOpenAt(schedule, at("2026-11-01T14:30:00Z"))).toBe(false)
    // From Saturday 4pm EDT: Sunday and Monday skipped, Tuesday 8am EST.
    expect(iso(nextOpeningAfter(schedule, at("2026-10-31T20:00:00Z")))).toBe("2026-11-03T13:00:00.000Z")
  })

  test("spring: closed on the 23-hour Sunday of March 14 2027 and the Monday after", () => {
    const schedule = withClosed("2027-03-14", "2027-03-15")
    expect(closureOn(schedule, at("2027-03-14T04:59:00Z"))).toBeUndefined()
    expect(closureOn(schedule, at("2027-03-14T05:00:00Z"))?.date).toBe("2027-03-14")
    // 1:59am EST, then straight to 3:00am EDT.
    expect(closureOn(schedule, at("2027-03-14T06:59:00Z"))?.date).toBe("2027-03-14")
    expect(closureOn(schedule, at("2027-03-14T07:00:00Z"))?.date).toBe("2027-03-14")
    expect(closureOn(schedule, at("2027-03-15T03:59:00Z"))?.date).toBe("2027-03-14")
    expect(closureOn(schedule, at("2027-03-15T04:00:00Z"))?.date).toBe("2027-03-15")
    // From Saturday 4pm EST: Tuesday 8am EDT (12:00Z, no longer 13:00Z).
    expect(iso(nextOpeningAfter(schedule, at("2027-03-13T21:00:00Z")))).toBe("2027-03-16T12:00:00.000Z")
  })

  test("a run of closed dates longer than a week still finds the opening after it", () => {
    const dates = Array.from({ length: 10 }, (_, i) => `2026-12-${String(20 + i).padStart(2, "0")}`)
    expect(iso(nextOpeningAfter(withClosed(...dates), at("2026-12-19T22:00:00Z")))).toBe("2026-12-30T13:00:00.000Z")
  })
})

describe("what the hours displays say", () => {
  test("today's notice: closed, a short day, or nothing", () => {
    expect(todayNotice(company, texts, at("2026-11-26T15:00:00Z"))).toBe("Closed today for Thanksgiving")
    expect(todayNotice(company, texts, at("2026-12-24T14:00:00Z"))).toBe("Open 8am–12pm today for Christmas Eve")
    expect(todayNotice(company, texts, at("2026-11-27T15:00:00Z"))).toBeUndefined()
  })

  test("the next three closed dates, today's included, with their weekday", () => {
    expect(upcomingNotices(company, texts, at("2026-11-26T15:00:00Z"))).toEqual([
      "Closed Thu, Nov 26 for Thanksgiving",
      "Open 8am–12pm on Thu, Dec 24 for Christmas Eve",
      "Closed Fri, Dec 25 for Christmas Day",
    ])
    expect(upcomingNotices(company, texts, at("2027-11-26T15:00:00Z"))).toEqual([
      "Closed Fri, Dec 24 for Christmas Day (observed)",
      "Closed Sat, Dec 25 for Christmas Day",
    ])
  })

  test("schema.org special opening hours: closed all day is 00:00–00:00, a short day its hours", () => {
    const special = specialOpeningHoursSpecification(company.closedDates)
    expect(special).toHaveLength(company.closedDates.length)
    expect(special[0]).toEqual(THANKSGIVING_SPECIAL_HOURS)
    expect(special[1]).toMatchObject({ validFrom: "2026-12-24", opens: "08:00", closes: "12:00" })
  })
})
