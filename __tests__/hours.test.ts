import { formatClock, formatDays, hoursLines, hoursSummary, openingHoursSpecification } from "../src/lib/hours"
import { isOpenAt, isSameDayAvailable } from "../src/lib/zoned-clock"
import { LANGUAGE_FORMS } from "../supabase/functions/_shared/kernel/languages"
import { readData } from "./fixtures/data"

const site = readData<{
  hours: Array<{ days: string[]; opens: string; closes: string }>
  closedDates: Array<{ date: string; name: string }>
  timeZone: string
  sameDayService: { cutoffHour: number; days: string[] }
}>("site.yaml")

describe("hours text", () => {
  test.each([
    ["08:00", "8am"],
    ["12:00", "12pm"],
    ["13:30", "1:30pm"],
    ["00:00", "12am"],
    ["18:05", "6:05pm"],
  ])("%s reads %s", (time, text) => expect(formatClock(time)).toBe(text))

  test("consecutive days collapse into a range, gaps are listed", () => {
    expect(formatDays(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])).toBe("Mon–Fri")
    expect(formatDays(["Saturday"])).toBe("Sat")
    expect(formatDays(["Monday", "Wednesday", "Thursday", "Friday"])).toBe("Mon, Wed–Fri")
    expect(formatDays(["Saturday", "Sunday"])).toBe("Sat, Sun")
  })

  test("the published hours read as the spec lists them, in week order", () => {
    const lines = hoursLines([...site.hours].reverse()).map(({ days, time }) => `${days} ${time}`)
    expect(lines).toEqual(["Mon–Fri 8am–6pm", "Sat 9am–4pm", "Sun 9am–1pm"])
    expect(hoursSummary(site.hours)).toBe("Mon–Fri 8am–6pm · Sat 9am–4pm · Sun 9am–1pm")
  })

  test("each language's clock is its forms': English's short one, Spanish's stated es-US clock", () => {
    expect(LANGUAGE_FORMS.en.dayPeriods).toEqual(["am", "pm"])
    expect(new Intl.DateTimeFormat("es-US", { hour: "numeric" }).resolvedOptions().hourCycle).toBe("h12")
    expect(LANGUAGE_FORMS.es.clock?.dayPeriods).toEqual(["a. m.", "p. m."])
  })

  test.each([
    ["08:00", "8:00 a. m."],
    ["12:00", "12:00 p. m."],
    ["13:30", "1:30 p. m."],
    ["00:00", "12:00 a. m."],
  ])("in Spanish %s reads %s, as its windows and messages write it", (time, text) =>
    expect(formatClock(time, "es")).toBe(text),
  )

  test("in Spanish: the days' short names and es-US times, a range spaced around its dash; English stays as it was", () => {
    expect(formatDays(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "es")).toBe("lun–vie")
    expect(formatDays(["Saturday", "Sunday"], "es")).toBe("sáb, dom")
    expect(hoursSummary(site.hours, "es")).toBe(
      "lun–vie 8:00 a. m. – 6:00 p. m. · sáb 9:00 a. m. – 4:00 p. m. · dom 9:00 a. m. – 1:00 p. m.",
    )
    expect(hoursSummary(site.hours, "en")).toBe(hoursSummary(site.hours))
  })

  test("schema.org opening hours keep the 24-hour times", () => {
    expect(openingHoursSpecification(site.hours)[1]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Saturday"],
      opens: "09:00",
      closes: "16:00",
    })
  })
})

/** [the time in UTC, the expected answer, what that time is in New York] */
type Instant = [iso: string, expected: boolean, note: string]

/** The answer to a yes/no question about the hours, at each of these instants. */
function answersAt(question: string, answer: (at: Date) => boolean, instants: Instant[]) {
  describe(`${question}, in New York time`, () => {
    test.each(instants)("%s: %s (%s)", (iso, expected) => expect(answer(new Date(iso))).toBe(expected))
  })
}

// 2026-11-23 is a Monday (that week's Thursday is Thanksgiving: holidays.test.ts); New York is UTC-5 in
// November and UTC-4 in July.
answersAt("open now", (at) => isOpenAt(site, at), [
  ["2026-11-23T12:59:00Z", false, "Mon 7:59am"],
  ["2026-11-23T13:00:00Z", true, "Mon 8:00am, opening minute"],
  ["2026-11-23T22:59:00Z", true, "Mon 5:59pm"],
  ["2026-11-23T23:00:00Z", false, "Mon 6:00pm, closed at closing time"],
  ["2026-11-28T20:30:00Z", true, "Sat 3:30pm"],
  ["2026-11-28T21:00:00Z", false, "Sat 4:00pm"],
  ["2026-11-29T17:59:00Z", true, "Sun 12:59pm"],
  ["2026-11-29T18:00:00Z", false, "Sun 1:00pm"],
  ["2026-07-06T12:30:00Z", true, "Mon 8:30am in summer time"],
])
answersAt("same-day service", (at) => isSameDayAvailable(site.sameDayService, site, at), [
  ["2026-11-23T16:59:00Z", true, "Mon 11:59am"],
  ["2026-11-23T17:00:00Z", false, "Mon 12:00pm"],
  ["2026-11-28T14:00:00Z", true, "Sat 9:00am"],
  ["2026-11-29T14:00:00Z", false, "Sun 9:00am"],
])
