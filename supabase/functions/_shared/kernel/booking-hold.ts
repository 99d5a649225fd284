/**
 * What became of a $49 booking's arrival window, as the functions answer it and every text says it (the
 * page's thank-you and toast, the e-mail, the SMS): "held", a visit of the window is held for the visitor
 * (it is booked); "taken", the window picked was just taken, so the office calls to choose a time; "call",
 * no window was held (none picked, or none could be), so the price is reserved and the time chosen on the call.
 */
export const BOOKING_HOLD_STATES = ["held", "taken", "call"] as const
export type BookingHoldState = (typeof BOOKING_HOLD_STATES)[number]

export type BookingHold = { state: "held"; window: string } | { state: "taken" | "call"; window?: undefined }

/** The states that name no window. */
const isUnheld = (value: unknown): value is "taken" | "call" => value === "taken" || value === "call"

/**
 * The hold an answer names (its `booking` field); an answer without one (an older backend, a lead kept on the
 * device and sent later) reads as "call", the one sentence that is true whatever happened.
 */
export function bookingHoldOf(answer: Readonly<Record<string, unknown>>): BookingHold {
  const booking = answer.booking
  if (typeof booking !== "object" || booking === null) return { state: "call" }
  const state: unknown = "state" in booking ? booking.state : undefined
  const window: unknown = "window" in booking ? booking.window : undefined
  if (state === "held") return typeof window === "string" ? { state, window } : { state: "call" }
  return isUnheld(state) ? { state } : { state: "call" }
}
