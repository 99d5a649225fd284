/** The office's business hours (data/site.yaml, its time zone) as the alerts and promises read them. */
import { isOpenAt, nextOpening } from "../kernel/business-hours.ts"
import { COMPANY } from "../kernel/site-data.generated.ts"

// COMPANY is the whole schedule: its hours, its closed dates (a holiday is after hours all day) and time zone.
export const isOfficeOpen = (at: Date) => isOpenAt(COMPANY, at)

/** The next opening time after `at`. */
export const openingAfter = (at: Date): Date => {
  const opening = nextOpening(COMPANY, at)
  // data/site.yaml always has hours (the schema requires them); a week on is the safe answer if not.
  return opening ?? new Date(at.getTime() + 7 * 24 * 3_600_000)
}

// Made once: a formatter costs about 0.4 ms to make and microseconds to use, and every lead's notice and alerts format times.
const OFFICE_WHEN = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY.timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
})

/** A time as the office reads it in a notice: "Thu, Nov 26, 2:45 PM" on the company's clock. */
export const officeWhen = (at: Date) => OFFICE_WHEN.format(at)
