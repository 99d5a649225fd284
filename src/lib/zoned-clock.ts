/**
 * The company's clock: what day and time it is in its time zone, whether it is open and whether
 * same-day service can still be booked. Apart from hours.ts, whose texts every page's layout loads:
 * only the estimate wizard asks the clock.
 */
import type { OpeningHours } from "./hours"

/** Weekday name and minutes since midnight of an instant, in a time zone. */
export function zonedClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return { day: get("weekday"), minutes: Number(get("hour")) * 60 + Number(get("minute")) }
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
