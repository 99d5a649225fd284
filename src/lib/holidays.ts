/**
 * Closed dates (holidays) on the site: what the hours displays say today and about the coming ones, and
 * the business's special opening hours for search engines. Whether a date is closed is the kernel's
 * business-hours rule, the same the functions alert the office by.
 */
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import {
  closureOn,
  zonedDate,
  type BusinessSchedule,
  type ClosedDate,
} from "../../supabase/functions/_shared/kernel/business-hours"
import { formatRange } from "./hours"
import { DEFAULT_LANGUAGE, LANGUAGE_FORMS, type Language } from "../../supabase/functions/_shared/kernel/languages"

export type { BusinessSchedule, ClosedDate }

/** data/site.yaml's closedTexts: what a display says on and before a closed date. */
export interface ClosedTexts {
  readonly today: string
  readonly shortDayToday: string
  readonly upcomingHeading: string
  readonly upcoming: string
  readonly upcomingShortDay: string
}

/** The schedule part of the company's facts (its GraphQL shape carries more). */
export const scheduleOf = ({ hours, closedDates, timeZone }: BusinessSchedule): BusinessSchedule => ({
  hours,
  closedDates,
  timeZone,
})

/** "8am–12pm" (Spanish "8:00 a. m. – 12:00 p. m.") for a short day; undefined for a day closed throughout. */
const shortHours = ({ opens, closes }: ClosedDate, language: Language) =>
  opens && closes ? formatRange(opens, closes, language) : undefined

/** "Closed today for Thanksgiving" (or a short day's hours); undefined on an ordinary day. */
export function todayNotice(
  schedule: BusinessSchedule,
  texts: ClosedTexts,
  at: Date,
  language: Language = DEFAULT_LANGUAGE,
): string | undefined {
  const closure = closureOn(schedule, at)
  if (!closure) return undefined
  const hours = shortHours(closure, language)
  return hours ? fill(texts.shortDayToday, { name: closure.name, hours }) : fill(texts.today, { name: closure.name })
}

// A closed date is a calendar day: read it at noon UTC so no time zone moves it to its neighbour.
const dayOf = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_FORMS[language].tag, {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`))

/** "Closed Thu, Nov 26 for Thanksgiving" for each closed date from today on, the nearest first, dated in `language`. */
export function upcomingNotices(
  schedule: BusinessSchedule,
  texts: ClosedTexts,
  at: Date,
  limit = 3,
  language: Language = DEFAULT_LANGUAGE,
): string[] {
  const today = zonedDate(at, schedule.timeZone)
  return [...schedule.closedDates]
    .filter((c) => c.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit)
    .map((c) => {
      const hours = shortHours(c, language)
      const values = { name: c.name, date: dayOf(c.date, language) }
      return hours ? fill(texts.upcomingShortDay, { ...values, hours }) : fill(texts.upcoming, values)
    })
}

/**
 * schema.org special opening hours for each closed date: "00:00" to "00:00" is closed all day (Google's
 * documented form), a short day its own times.
 */
export const specialOpeningHoursSpecification = (closedDates: readonly ClosedDate[]) =>
  closedDates.map((c) => ({
    "@type": "OpeningHoursSpecification",
    name: c.name,
    validFrom: c.date,
    validThrough: c.date,
    ...(c.opens && c.closes ? { opens: c.opens, closes: c.closes } : { opens: "00:00", closes: "00:00" }),
  }))
