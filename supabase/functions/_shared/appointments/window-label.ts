/** A window as people read it, on the company's clock: "Tue, Dec 1, 8:00 AM to 11:00 AM". */
import { labelWindow, type ArrivalWindow } from "../kernel/arrival-windows.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"

export const windowLabel = (window: Pick<ArrivalWindow, "startsAt" | "endsAt">): string =>
  labelWindow(window, COMPANY.timeZone, LEAD_MESSAGES.appointments.windowLabel)

/** A confirmed visit's window, labelled the same way. */
export const appointmentLabel = (appointment: { startsAt: Date; endsAt: Date }) =>
  windowLabel({ startsAt: appointment.startsAt.toISOString(), endsAt: appointment.endsAt.toISOString() })
