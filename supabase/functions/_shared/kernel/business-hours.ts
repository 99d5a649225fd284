/**
 * The company's clock, shared by the site (the wizard's same-day check, the hours displays) and the
 * functions (when the office is alerted): what day and time it is in its time zone, whether it is open,
 * and when it next opens. Wall times are turned into instants through Intl, so daylight-saving changes
 * are exact. Closed dates (holidays) are part of the schedule, so no caller can forget them.
 */
export interface OpeningHours {
  readonly days: readonly string[]
  readonly opens: string
  readonly closes: string
}

/** A holiday: closed all day, or, with opens and closes, open only then (a short day). */
export interface ClosedDate {
  /** The calendar date in the company's time zone, YYYY-MM-DD. */
  readonly date: string
  readonly name: string
  readonly opens?: string | null
  readonly closes?: string | null
}

/** Everything "open or not" depends on: the weekly hours, the closed dates, and the time zone they are in. */
export interface BusinessSchedule {
  readonly hours: readonly OpeningHours[]
  readonly closedDates: readonly ClosedDate[]
  readonly timeZone: string
}

const formatters = new Map<string, Intl.DateTimeFormat>()
/** Intl's formatter of the wall clock's fields in a zone (one per zone, kept). */
export const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Date.getUTCDay()'s days by the names Intl gives in en-US (making a formatter per call cost a lead 0.3 ms). */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

interface WallClock {
  day: string
  year: number
  month: number
  date: number
  /** Minutes since local midnight. */
  minutes: number
  seconds: number
}

/** The wall clock as Intl reads it: exact, and about 30 µs a call. */
function wallClockOfParts(at: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return {
    day: get("weekday"),
    year: Number(get("year")),
    month: Number(get("month")),
    date: Number(get("day")),
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    seconds: Number(get("second")),
  }
}

/** How far a time zone's wall clock is ahead of UTC at a whole second, in ms, as Intl reads it. */
function offsetAt(ms: number, timeZone: string): number {
  const seen = wallClockOfParts(new Date(ms), timeZone)
  return Date.UTC(seen.year, seen.month - 1, seen.date, 0, seen.minutes, seen.seconds) - ms
}

const QUARTER_MS = 15 * 60_000
/** Per time zone, the offset of each quarter hour asked about (null: it changes within that quarter). */
const offsets = new Map<string, Map<number, number | null>>()
const MAX_QUARTERS = 10_000

/**
 * The zone's offset throughout the quarter hour holding `ms`, or null when it changes within it. Read by
 * Intl at the quarter's first and last whole second and kept: a lead's notice, alerts and promises ask
 * the clock a few dozen times (formatToParts each time was a few percent of a lead's CPU). Zones change
 * their offset on whole seconds, never twice within a quarter hour.
 */
function quarterOffset(ms: number, timeZone: string): number | null {
  let zone = offsets.get(timeZone)
  if (!zone) offsets.set(timeZone, (zone = new Map<number, number | null>()))
  const quarter = Math.floor(ms / QUARTER_MS)
  const kept = zone.get(quarter)
  if (kept !== undefined) return kept
  const start = quarter * QUARTER_MS
  const [first, last] = [offsetAt(start, timeZone), offsetAt(start + QUARTER_MS - 1_000, timeZone)]
  const offset = first === last ? first : null
  if (zone.size >= MAX_QUARTERS) zone.clear()
  zone.set(quarter, offset)
  return offset
}

function wallClock(at: Date, timeZone: string): WallClock {
  const ms = at.getTime()
  const offset = Number.isFinite(ms) ? quarterOffset(ms, timeZone) : null
  if (offset === null) return wallClockOfParts(at, timeZone)
  // The wall clock read as if it were UTC: its fields are the zone's.
  const wall = new Date(ms + offset)
  return {
    day: WEEKDAYS[wall.getUTCDay()] ?? "",
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    date: wall.getUTCDate(),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    seconds: wall.getUTCSeconds(),
  }
}

/** Weekday name and minutes since midnight of an instant, in a time zone. */
export function zonedClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const { day, minutes } = wallClock(at, timeZone)
  return { day, minutes }
}

const toMinutes = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number)
  return h * 60 + m
}

const dateKey = (year: number, month: number, date: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`

/** The calendar date of an instant in a time zone, YYYY-MM-DD (how closed dates are written). */
export function zonedDate(at: Date, timeZone: string): string {
  const { year, month, date } = wallClock(at, timeZone)
  return dateKey(year, month, date)
}

/** The closed date an instant falls on, in the company's time zone (undefined on an ordinary day). */
export const closureOn = (schedule: BusinessSchedule, at: Date): ClosedDate | undefined => {
  const today = zonedDate(at, schedule.timeZone)
  return schedule.closedDates.find((c) => c.date === today)
}

export interface Span {
  opens: number
  closes: number
}

/** A day's opening spans, in minutes since midnight: a short day's own, none on a holiday, else the weekday's. */
function spansOf(schedule: BusinessSchedule, key: string, day: string): Span[] {
  const closure = schedule.closedDates.find((c) => c.date === key)
  if (closure)
    return closure.opens && closure.closes
      ? [{ opens: toMinutes(closure.opens), closes: toMinutes(closure.closes) }]
      : []
  return schedule.hours
    .filter((h) => h.days.includes(day))
    .map((h) => ({ opens: toMinutes(h.opens), closes: toMinutes(h.closes) }))
    .sort((a, b) => a.opens - b.opens)
}

/** A calendar date's opening spans in minutes since midnight (a short day's own, none on a holiday). */
export const openingSpans = (schedule: BusinessSchedule, date: string, day: string): readonly Span[] =>
  spansOf(schedule, date, day)

/** `count` calendar days from `at`'s on, on the time zone's clock: each date (YYYY-MM-DD) and weekday. */
export function calendarDaysFrom(at: Date, timeZone: string, count: number): Array<{ date: string; day: string }> {
  const today = wallClock(at, timeZone)
  return Array.from({ length: count }, (_, offset) => {
    // Noon of the day `offset` days on: a calendar day, whatever the daylight-saving change.
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.date + offset, 12))
    return {
      date: dateKey(noon.getUTCFullYear(), noon.getUTCMonth() + 1, noon.getUTCDate()),
      day: WEEKDAYS[noon.getUTCDay()] ?? "",
    }
  })
}

/** Open from the opening time inclusive to the closing time exclusive; never on a closed date. */
export function isOpenAt(schedule: BusinessSchedule, at: Date): boolean {
  const { day, year, month, date, minutes } = wallClock(at, schedule.timeZone)
  return spansOf(schedule, dateKey(year, month, date), day).some((s) => minutes >= s.opens && minutes < s.closes)
}

/**
 * Same-day service: before the cutoff hour on one of its days, in the company's time zone, while the
 * office is still to open or be open that day: never on a closed date, on a short day only before it closes.
 */
export function isSameDayAvailable(
  rule: { readonly cutoffHour: number; readonly days: readonly string[] },
  schedule: BusinessSchedule,
  at: Date,
): boolean {
  const { day, year, month, date, minutes } = wallClock(at, schedule.timeZone)
  if (!rule.days.includes(day) || minutes >= rule.cutoffHour * 60) return false
  return spansOf(schedule, dateKey(year, month, date), day).some((s) => minutes < s.closes)
}

/** The instant a wall time of a calendar day has in the time zone (corrected twice, for the offset of that very day). */
function instantOf(year: number, month: number, date: number, minutes: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, date, 0, minutes)
  let guess = wanted
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone)
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.date, 0, seen.minutes, seen.seconds)
    guess += wanted - seenAsUtc
  }
  return new Date(guess)
}

/**
 * The next instant the business is open: `at` itself when it is open then, else the next opening
 * time; null when no day has hours.
 */
export const nextOpening = (schedule: BusinessSchedule, at: Date): Date | null =>
  isOpenAt(schedule, at) ? at : nextOpeningAfter(schedule, at)

/**
 * The first opening time strictly after `at` (tomorrow's when it is open now), skipping closed dates;
 * null when no day has hours.
 */
export function nextOpeningAfter(schedule: BusinessSchedule, at: Date): Date | null {
  const { timeZone } = schedule
  const today = wallClock(at, timeZone)
  // A week finds every weekday; each closed date can push the opening one day further.
  const horizon = 7 + schedule.closedDates.length
  for (let offset = 0; offset <= horizon; offset++) {
    // Noon of the day `offset` days on: a calendar day, whatever the daylight-saving change.
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.date + offset, 12))
    const [year, month, date] = [noon.getUTCFullYear(), noon.getUTCMonth() + 1, noon.getUTCDate()]
    for (const span of spansOf(schedule, dateKey(year, month, date), WEEKDAYS[noon.getUTCDay()] ?? "")) {
      const opening = instantOf(year, month, date, span.opens, timeZone)
      if (opening.getTime() > at.getTime()) return opening
    }
  }
  return null
}

/** Midnight starting the calendar day `daysBefore` days before `at`'s, in the time zone (daylight saving exact). */
export function startOfDay(at: Date, timeZone: string, daysBefore = 0): Date {
  const today = wallClock(at, timeZone)
  const noon = new Date(Date.UTC(today.year, today.month - 1, today.date - daysBefore, 12))
  return instantOf(noon.getUTCFullYear(), noon.getUTCMonth() + 1, noon.getUTCDate(), 0, timeZone)
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0")

/** An instant as ISO 8601 with the time zone's offset of that instant: "2026-03-09T08:05:00-04:00". */
export function localIso(at: Date, timeZone: string): string {
  const { year, month, date, minutes, seconds } = wallClock(at, timeZone)
  const asUtc = Date.UTC(year, month - 1, date, 0, minutes, seconds)
  const offset = Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
  const sign = offset < 0 ? "-" : "+"
  const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(seconds)}`
  return `${zonedDate(at, timeZone)}T${time}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
}

/** Local midnight of a calendar date ("2026-03-09") in the time zone. */
export const localMidnight = (day: string, timeZone: string): Date => localTimeOn(day, 0, timeZone)

/** The instant of a wall time (minutes since midnight) on a calendar date ("2026-03-09") in the time zone. */
export function localTimeOn(day: string, minutes: number, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number)
  return instantOf(year, month, date, minutes, timeZone)
}

/**
 * Monday 00:00 of the week holding `at`, in the time zone: weeks are calendar weeks on the company's
 * clock, 167, 168 or 169 hours long across a daylight-saving change.
 */
export function weekStart(at: Date, timeZone: string): Date {
  const today = wallClock(at, timeZone)
  // getUTCDay of that calendar day at noon: Sunday 0 … Saturday 6; days back to Monday.
  const back = (new Date(Date.UTC(today.year, today.month - 1, today.date, 12)).getUTCDay() + 6) % 7
  return startOfDay(at, timeZone, back)
}

/** The Monday 00:00 `weeks` calendar weeks after (or before, when negative) the week holding `at`. */
export function weekStartAfter(at: Date, weeks: number, timeZone: string): Date {
  const monday = weekStart(at, timeZone)
  // Noon on that Monday plus whole days is always on the intended calendar day, whatever the DST change.
  return weekStart(new Date(monday.getTime() + 12 * 3_600_000 + weeks * 7 * 86_400_000), timeZone)
}
