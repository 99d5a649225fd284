/**
 * What each form promised the visitor (data/response-promises.yaml), and the deadline it sets the office:
 * `minutes` from when the request came in, or, for a promise made for business hours (the offer
 * callback's "5-10 minutes"), from the next opening when it came in while the office was closed.
 */
import { fill } from "../kernel/escape.ts"
import { LEAD_MESSAGES, RESPONSE_PROMISES } from "../kernel/site-data.generated.ts"
import { isOfficeOpen, openingAfter } from "./office-hours.ts"

export type PromisedKind = keyof typeof RESPONSE_PROMISES

export interface LeadPromise {
  /** As the visitor read it: "within 5-10 minutes during business hours". */
  text: string
  minutes: number
  /** When the office must have answered by. */
  deadline: Date
}

export function promiseFor(kind: PromisedKind, receivedAt: Date): LeadPromise {
  const promise: { text: string; minutes: number; businessHours?: boolean } = RESPONSE_PROMISES[kind]
  const start = promise.businessHours && !isOfficeOpen(receivedAt) ? openingAfter(receivedAt) : receivedAt
  return {
    text: promise.text,
    minutes: promise.minutes,
    deadline: new Date(start.getTime() + promise.minutes * 60_000),
  }
}

/**
 * Minutes between escalation steps inside business hours: the configured wait, or less, so that the whole
 * on-call list has been alerted once before the promise runs out (10 minutes and three contacts: every 3).
 */
export const stepMinutesWithin = (promise: LeadPromise, contacts: number, configured: number) =>
  Math.max(1, Math.min(configured, Math.floor(promise.minutes / Math.max(1, contacts))))

const DURATIONS = LEAD_MESSAGES.officeAlerts.durations

const count = (n: number, one: string, many: string) => fill(n === 1 ? one : many, { n: String(n) })

/** How long from `from` to `to`, in words: "45 minutes", "19 hours", "2 days 3 hours" (rounded down). */
export function waitedText(from: Date, to: Date): string {
  const minutes = Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000))
  if (minutes < 60) return count(minutes, DURATIONS.minute, DURATIONS.minutes)
  const hours = Math.floor(minutes / 60)
  if (hours < 48) {
    const rest = minutes % 60
    return [count(hours, DURATIONS.hour, DURATIONS.hours), rest ? count(rest, DURATIONS.minute, DURATIONS.minutes) : ""]
      .filter(Boolean)
      .join(" ")
  }
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  return [count(days, DURATIONS.day, DURATIONS.days), rest ? count(rest, DURATIONS.hour, DURATIONS.hours) : ""]
    .filter(Boolean)
    .join(" ")
}
