/**
 * Opening hours: every hours text and the "open now" check come from the
 * published hours in data/site.yaml, read in the company's time zone.
 */
import type { OpeningHours } from "../../supabase/functions/_shared/kernel/business-hours"
import {
  clockText,
  DEFAULT_LANGUAGE,
  LANGUAGE_FORMS,
  type Language,
} from "../../supabase/functions/_shared/kernel/languages"

export type { OpeningHours }

/** The one list of weekdays, in week order: the data schema of the hours and every hours text use it. */
export const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

/** 2024-01-01, a Monday: the week Intl names the days of. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12)

/**
 * A day's short name: English's first three letters ("Mon"); another language's from Intl, lowercase and
 * without a trailing period ("lun", "sáb"), so the page's prerendered text and the browser's agree.
 */
function short(day: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return day.slice(0, 3)
  const index = WEEK.indexOf(day as (typeof WEEK)[number])
  const name = new Intl.DateTimeFormat(LANGUAGE_FORMS[language].tag, { weekday: "short", timeZone: "UTC" }).format(
    new Date(A_MONDAY + index * 86_400_000),
  )
  return name.replace(/\.$/, "").toLocaleLowerCase(LANGUAGE_FORMS[language].tag)
}

/**
 * "08:00" → "8am", "13:30" → "1:30pm", "12:00" → "12pm" on English's short clock (a whole hour drops its
 * ":00"); "8:00 a. m.", "1:30 p. m." on Spanish's one clock (the same as its windows and messages); "13:30" on a
 * 24-hour clock. Which clock, and its words: the language's forms say.
 */
export function formatClock(time: string, language: Language = DEFAULT_LANGUAGE): string {
  const [h = 0, m = 0] = time.split(":").map(Number)
  const minutes = `:${String(m).padStart(2, "0")}`
  const { clock, dayPeriods } = LANGUAGE_FORMS[language]
  if (clock) return clockText(h * 60 + m, clock)
  return dayPeriods ? `${h % 12 || 12}${m ? minutes : ""}${dayPeriods[h < 12 ? 0 : 1]}` : `${h}${minutes}`
}

/** "8am–6pm"; with times that hold spaces, spaced: "8:00 a. m. – 6:00 p. m." (unspaced, "a. m.–6:00" reads as one word). */
export const formatRange = (opens: string, closes: string, language: Language = DEFAULT_LANGUAGE): string => {
  const [from, to] = [formatClock(opens, language), formatClock(closes, language)]
  return from.includes(" ") ? `${from} – ${to}` : `${from}–${to}`
}

/** ["Monday" … "Friday"] → "Mon–Fri" (Spanish "lun–vie"); gaps are listed: "Mon, Wed". */
export function formatDays(days: readonly string[], language: Language = DEFAULT_LANGUAGE): string {
  const indexes = days.map((d) => WEEK.indexOf(d as (typeof WEEK)[number])).sort((a, b) => a - b)
  const runs: number[][] = []
  for (const i of indexes) {
    const run = runs[runs.length - 1]
    if (run && run[run.length - 1] === i - 1) run.push(i)
    else runs.push([i])
  }
  return runs
    .map((run) => {
      const first = short(WEEK[run[0] ?? 0] ?? "", language)
      const last = short(WEEK[run[run.length - 1] ?? 0] ?? "", language)
      return run.length === 1 ? first : run.length === 2 ? `${first}, ${last}` : `${first}–${last}`
    })
    .join(", ")
}

export interface HoursLine {
  days: string
  time: string
}

/** One line per group of days, in week order: { days: "Mon–Fri", time: "8am–6pm" } (Spanish { "lun–vie", "8:00 a. m. – 6:00 p. m." }). */
export const hoursLines = (hours: readonly OpeningHours[], language: Language = DEFAULT_LANGUAGE): HoursLine[] =>
  [...hours]
    .sort((a, b) => WEEK.indexOf(a.days[0] as (typeof WEEK)[number]) - WEEK.indexOf(b.days[0] as (typeof WEEK)[number]))
    .map((h) => ({
      days: formatDays(h.days, language),
      time: formatRange(h.opens, h.closes, language),
    }))

/** "Mon–Fri 8am–6pm · Sat 9am–4pm · Sun 9am–1pm"; Spanish "lun–vie 8:00 a. m. – 6:00 p. m. · sáb …". */
export const hoursSummary = (hours: readonly OpeningHours[], language: Language = DEFAULT_LANGUAGE): string =>
  hoursLines(hours, language)
    .map((line) => `${line.days} ${line.time}`)
    .join(" · ")

/** schema.org OpeningHoursSpecification entries for the business JSON-LD. */
export const openingHoursSpecification = (hours: readonly OpeningHours[]) =>
  hours.map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: [...h.days], opens: h.opens, closes: h.closes }))
