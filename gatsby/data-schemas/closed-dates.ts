/** data/site.yaml's closed dates (holidays) and the texts the hours displays say about them. */
import { array, string } from "yup"
import { strictObject, text } from "./fields"

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const CLOCK_MESSAGE = "must be a 24-hour time such as 12:00"

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused, not rolled over to March). */
const isCalendarDate = (value: string | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "")
  if (!match) return false
  const [, y, m, d] = match.map(Number)
  const at = new Date(Date.UTC(y ?? 0, (m ?? 0) - 1, d ?? 0))
  return at.getUTCFullYear() === y && at.getUTCMonth() + 1 === m && at.getUTCDate() === d
}

const closedDate = () =>
  strictObject({
    date: string()
      .required()
      .test("calendar-date", "must be a date written YYYY-MM-DD, such as 2026-11-26", isCalendarDate),
    name: text(),
    // A short day (Christmas Eve until noon): open only from opens to closes.
    opens: string().matches(CLOCK, CLOCK_MESSAGE),
    closes: string().matches(CLOCK, CLOCK_MESSAGE),
  }).test("short-day", "a short day needs opens before closes", function (entry) {
    const { opens, closes } = entry
    if (opens === undefined && closes === undefined) return true
    if (opens === undefined || closes === undefined)
      return this.createError({
        path: `${this.path}.${opens === undefined ? "opens" : "closes"}`,
        message: "a short day needs both opens and closes (leave both out to close all day)",
      })
    return opens < closes || this.createError({ path: `${this.path}.closes`, message: "must be after opens" })
  })

/** Each date at most once: which name or hours would a repeated date mean? */
export const closedDates = () =>
  array()
    .of(closedDate())
    .required()
    .meta({
      cmsHint:
        "Days the office is closed, New York dates (YYYY-MM-DD), each once. For a short day give opens and closes (e.g. 08:00 and 12:00); leave both out to close all day.",
    })
    .test("unique-dates", "must list each date once", function (list) {
      const seen = new Map<string, number>()
      for (const [i, entry] of list.entries()) {
        const first = seen.get(entry.date)
        if (first !== undefined)
          return this.createError({
            path: `${this.path}[${i}].date`,
            message: `${entry.date} is also closedDates[${first}]'s date; list each date once`,
          })
        seen.set(entry.date, i)
      }
      return true
    })

/** What the hours displays say on and before a closed date ({name}, {date}, {hours} filled in). */
export const closedTexts = () =>
  strictObject({
    today: text(),
    shortDayToday: text(),
    upcomingHeading: text(),
    upcoming: text(),
    upcomingShortDay: text(),
  })
