/** A window as people read it, on the company's clock: "Tue, Dec 1, 8:00 AM to 11:00 AM". */
import type { ArrivalWindow } from "../kernel/arrival-windows.ts"
import { fill } from "../kernel/escape.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY.timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
})
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY.timeZone, hour: "numeric", minute: "2-digit" })

export function windowLabel(window: Pick<ArrivalWindow, "startsAt" | "endsAt">): string {
  const starts = new Date(window.startsAt)
  return fill(LEAD_MESSAGES.appointments.windowLabel, {
    day: dayFormat.format(starts),
    start: timeFormat.format(starts),
    end: timeFormat.format(new Date(window.endsAt)),
  })
}

/** A confirmed visit's window, labelled the same way. */
export const appointmentLabel = (appointment: { startsAt: Date; endsAt: Date }) =>
  windowLabel({ startsAt: appointment.startsAt.toISOString(), endsAt: appointment.endsAt.toISOString() })
