/**
 * The company's clock, shared by the site (the wizard's same-day check) and the functions (when the
 * office is alerted): what day and time it is in its time zone, whether it is open, and when it next
 * opens. Wall times are turned into instants through Intl, so daylight-saving changes are exact.
 */
export interface OpeningHours {
  readonly days: readonly string[]
  readonly opens: string
  readonly closes: string
}

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterFor = (timeZone: string) => {
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

interface WallClock {
  day: string
  year: number
  month: number
  date: number
  /** Minutes since local midnight. */
  minutes: number
  seconds: number
}

function wallClock(at: Date, timeZone: string): WallClock {
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

/** Weekday name and minutes since midnight of an instant, in a time zone. */
export function zonedClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const { day, minutes } = wallClock(at, timeZone)
  return { day, minutes }
}

const toMinutes = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number)
  return h * 60 + m
}

/** Open from the opening time inclusive to the closing time exclusive. */
export function isOpenAt(hours: readonly OpeningHours[], at: Date, timeZone: string): boolean {
  const { day, minutes } = zonedClock(at, timeZone)
  return hours.some((h) => h.days.includes(day) && minutes >= toMinutes(h.opens) && minutes < toMinutes(h.closes))
}

/** Same-day service: before the cutoff hour on one of its days, in the company's time zone. */
export function isSameDayAvailable(
  rule: { readonly cutoffHour: number; readonly days: readonly string[] },
  at: Date,
  timeZone: string,
): boolean {
  const { day, minutes } = zonedClock(at, timeZone)
  return rule.days.includes(day) && minutes < rule.cutoffHour * 60
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
 * time (within the coming week); null when no day has hours.
 */
export const nextOpening = (hours: readonly OpeningHours[], at: Date, timeZone: string): Date | null =>
  isOpenAt(hours, at, timeZone) ? at : nextOpeningAfter(hours, at, timeZone)

/** Date.getUTCDay()'s days by the names Intl gives in en-US (making a formatter per call cost a lead 0.3 ms). */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

/** The first opening time strictly after `at` (tomorrow's when it is open now); null when no day has hours. */
export function nextOpeningAfter(hours: readonly OpeningHours[], at: Date, timeZone: string): Date | null {
  const today = wallClock(at, timeZone)
  for (let offset = 0; offset <= 7; offset++) {
    // Noon of the day `offset` days on: a calendar day, whatever the daylight-saving change.
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.date + offset, 12))
    const day = WEEKDAYS[noon.getUTCDay()] ?? ""
    const opens = hours
      .filter((h) => h.days.includes(day))
      .map((h) => toMinutes(h.opens))
      .sort((a, b) => a - b)
    for (const minutes of opens) {
      const opening = instantOf(noon.getUTCFullYear(), noon.getUTCMonth() + 1, noon.getUTCDate(), minutes, timeZone)
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
