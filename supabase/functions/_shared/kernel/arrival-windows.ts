/**
 * Arrival windows: when a technician can arrive, from data/arrival-windows.yaml, on the
 * company's clock (daylight saving exact). A window is named by its local date and start,
 * "2026-12-01@08:00", the same in the browser, the functions and the office's links. It exists on a
 * date when its weekday lists it and it fits inside that date's opening hours (none on a holiday, a short
 * day's only when they fit). It is offered when it starts at least `noticeMinutes` after now, within
 * `daysAhead` days, and today's only while same-day service is (before the QUICK-KNOCK cut-off, on its
 * days). The site and the functions share this file (the kernel).
 */
import {
  calendarDaysFrom,
  isSameDayAvailable,
  localTimeOn,
  openingSpans,
  zonedClock,
  zonedDate,
  type BusinessSchedule,
} from "./business-hours.ts"
import { fill } from "./escape.ts"
import { clockText, DEFAULT_LANGUAGE, LANGUAGE_FORMS, type Language } from "./languages.ts"

export interface WindowRule {
  readonly start: string
  readonly end: string
  readonly visits: number
}

/** data/arrival-windows.yaml as the code reads it. */
export interface WindowPlan {
  readonly daysAhead: number
  readonly noticeMinutes: number
  readonly maxChoices: number
  readonly weekdays: Readonly<Record<string, readonly WindowRule[]>>
}

/** The schedule, and when same-day service is offered (site.yaml's sameDayService). */
export interface WindowSchedule extends BusinessSchedule {
  readonly sameDayCutoffHour: number
  readonly sameDayDays: readonly string[]
}

export interface ArrivalWindow {
  /** "2026-12-01@08:00": the local date and start. */
  id: string
  date: string
  day: string
  start: string
  end: string
  /** The window's instants, ISO 8601 in UTC. */
  startsAt: string
  endsAt: string
  /** How many visits it can take. */
  visits: number
}

/** What a window id looks like: nothing else is one (the contract refuses it, as no browser of ours sends it). */
export const WINDOW_ID = /^(\d{4}-\d{2}-\d{2})@((?:[01]\d|2[0-3]):[0-5]\d)$/

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number)
  return hours * 60 + minutes
}

/** The windows of one calendar date: its weekday's, those that fit inside the date's opening hours. */
export function windowsOn(schedule: BusinessSchedule, plan: WindowPlan, date: string, day: string): ArrivalWindow[] {
  const spans = openingSpans(schedule, date, day)
  return (plan.weekdays[day] ?? [])
    .filter((w) => spans.some((s) => minutesOf(w.start) >= s.opens && minutesOf(w.end) <= s.closes))
    .map((w) => ({
      id: `${date}@${w.start}`,
      date,
      day,
      start: w.start,
      end: w.end,
      startsAt: localTimeOn(date, minutesOf(w.start), schedule.timeZone).toISOString(),
      endsAt: localTimeOn(date, minutesOf(w.end), schedule.timeZone).toISOString(),
      visits: w.visits,
    }))
}

const sameDayRule = (schedule: WindowSchedule) => ({
  cutoffHour: schedule.sameDayCutoffHour,
  days: schedule.sameDayDays,
})

/** Why a window cannot be offered at `at`, or null when it can. */
export type WindowUnavailable = "unknown" | "past" | "too_soon" | "same_day_closed" | "too_far"

function whyNot(schedule: WindowSchedule, plan: WindowPlan, window: ArrivalWindow, at: Date): WindowUnavailable | null {
  const starts = Date.parse(window.startsAt)
  if (starts <= at.getTime()) return "past"
  const today = zonedDate(at, schedule.timeZone)
  if (window.date === today && !isSameDayAvailable(sameDayRule(schedule), schedule, at)) return "same_day_closed"
  if (starts < at.getTime() + plan.noticeMinutes * 60_000) return "too_soon"
  const last = calendarDaysFrom(at, schedule.timeZone, plan.daysAhead).at(-1)?.date ?? today
  if (window.date > last) return "too_far"
  return null
}

/** The windows offered at `at`, soonest first (their free visits are the functions' to count). */
export function offeredWindows(schedule: WindowSchedule, plan: WindowPlan, at: Date): ArrivalWindow[] {
  return calendarDaysFrom(at, schedule.timeZone, plan.daysAhead)
    .flatMap(({ date, day }) => windowsOn(schedule, plan, date, day))
    .filter((w) => whyNot(schedule, plan, w, at) === null)
}

/**
 * Formatters by language, time zone and kind, each made once: making one costs about 0.4 ms, using it
 * microseconds, and the office's messages label every window a lead picked.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatter = (tag: string, timeZone: string, kind: "weekday" | "day" | "time") => {
  const key = `${tag} ${timeZone} ${kind}`
  let made = formatters.get(key)
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      kind === "weekday"
        ? { weekday: "long" }
        : kind === "day"
          ? { weekday: "short", month: "short", day: "numeric" }
          : { hour: "numeric", minute: "2-digit" }
    made = new Intl.DateTimeFormat(tag, { timeZone, ...options })
    formatters.set(key, made)
  }
  return made
}

/** The weekday of a calendar date (YYYY-MM-DD), by its noon in UTC: a calendar fact, no time zone needed. */
const weekdayOf = (date: string) => formatter("en-US", "UTC", "weekday").format(new Date(`${date}T12:00:00Z`))

/**
 * A window id as it stands at `at`: the window, or null with `unknown` when the data has no such window
 * (a date that is no calendar date, a start no rule has, a holiday); otherwise the window and why it can
 * no longer be offered, if it cannot.
 */
export function windowStatus(
  schedule: WindowSchedule,
  plan: WindowPlan,
  id: string,
  at: Date,
): { window: ArrivalWindow | null; unavailable: WindowUnavailable | null } {
  const match = WINDOW_ID.exec(id)
  const date = match?.[1]
  if (
    !date ||
    Number.isNaN(Date.parse(`${date}T12:00:00Z`)) ||
    new Date(`${date}T12:00:00Z`).toISOString().slice(0, 10) !== date
  )
    return { window: null, unavailable: "unknown" }
  const window = windowsOn(schedule, plan, date, weekdayOf(date)).find((w) => w.id === id) ?? null
  if (!window) return { window: null, unavailable: "unknown" }
  return { window, unavailable: whyNot(schedule, plan, window, at) }
}

/** A window's day as people read it in `language`, on `timeZone`'s clock: "Tue, Dec 1", "mar, 1 de dic". */
export const windowDay = (
  window: Pick<ArrivalWindow, "startsAt">,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
) => formatter(LANGUAGE_FORMS[language].tag, timeZone, "day").format(new Date(window.startsAt))

/**
 * A window named by `template` (data's; it may use {day}, {start} and {end}) on `timeZone`'s clock: the site's
 * picker ("Tue, Dec 1 · 8:00 AM–11:00 AM") and the office's and visitor's messages say it with their own words.
 */
export function labelWindow(
  window: Pick<ArrivalWindow, "startsAt" | "endsAt">,
  timeZone: string,
  template: string,
  language: Language = DEFAULT_LANGUAGE,
) {
  return fill(template, {
    day: windowDay(window, timeZone, language),
    start: timeOfDay(new Date(window.startsAt), timeZone, language),
    end: timeOfDay(new Date(window.endsAt), timeZone, language),
  })
}

/** An instant's time on `timeZone`'s clock as `language` writes it: its stated clock ("8:00 a. m."), else Intl's ("8:00 AM"). */
export function timeOfDay(at: Date, timeZone: string, language: Language = DEFAULT_LANGUAGE): string {
  const { clock, tag } = LANGUAGE_FORMS[language]
  return clock ? clockText(zonedClock(at, timeZone).minutes, clock) : formatter(tag, timeZone, "time").format(at)
}
