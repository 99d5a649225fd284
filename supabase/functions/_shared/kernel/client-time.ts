/**
 * Times a browser sends (when consent was given, when a campaign visit happened) come from the visitor's
 * clock, which can be anything: year 0000 (Postgres has no year 0), 1900, 9999, +275760, a leap second.
 * The contract takes any time-shaped text (a visitor cannot fix their clock); what is stored as "when" is
 * the server's receipt time, and the browser's time is kept beside it only when it can be right.
 * Yup-free, like attribution-values.ts.
 */
import { isIsoInstant } from "./attribution-values.ts"

/** What a time field takes: short, and only the characters an ISO time has (any clock, no free text). */
export const CLIENT_TIME_MAX_LENGTH = 40
export const CLIENT_TIME_PATTERN = /^[0-9A-Za-z:.+-]*$/

/** No lead of this site was sent before this; an earlier time is a wrong clock. */
export const EARLIEST_CLIENT_TIME = Date.parse("2020-01-01T00:00:00.000Z")
/** A clock running fast by more than a day (time zones and drift included) is wrong too. */
export const MAX_CLIENT_AHEAD_MS = 24 * 60 * 60 * 1000

/**
 * The browser's time as a UTC instant, or null when it cannot be right: not a real ISO instant (a leap
 * second, 2026-02-30, an expanded year), before 2020, or more than a day after the server received it.
 */
export function clientInstant(value: string | undefined, receivedAt: Date): string | null {
  if (value === undefined || !isIsoInstant(value)) return null
  const time = Date.parse(value)
  return time >= EARLIEST_CLIENT_TIME && time <= receivedAt.getTime() + MAX_CLIENT_AHEAD_MS
    ? new Date(time).toISOString()
    : null
}
