/**
 * A window as people read it, on the company's clock: "Tue, Dec 1, 8:00 AM to 11:00 AM"; the office reads
 * English, a visitor their own language (its words and its way of writing days and times).
 */
import { labelWindow, type ArrivalWindow } from "../kernel/arrival-windows.ts"
import { DEFAULT_LANGUAGE, type Language } from "../kernel/languages.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"

export const windowLabel = (
  window: Pick<ArrivalWindow, "startsAt" | "endsAt">,
  language: Language = DEFAULT_LANGUAGE,
): string => labelWindow(window, COMPANY.timeZone, CUSTOMER_TEXTS[language].messages.appointments.windowLabel, language)

/** A confirmed visit's window, labelled the same way. */
export const appointmentLabel = (
  appointment: { startsAt: Date; endsAt: Date },
  language: Language = DEFAULT_LANGUAGE,
) => windowLabel({ startsAt: appointment.startsAt.toISOString(), endsAt: appointment.endsAt.toISOString() }, language)
