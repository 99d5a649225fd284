/** A moment as the office reads it, in the company's time zone: "Mon, Nov 23, 9:14 AM". */
export function formatOfficeTime(iso: string, timeZone: string): string {
  const date = new Date(iso)
  // A malformed date is shown as sent rather than as "Invalid Date".
  if (Number.isNaN(date.getTime())) return iso
  return (
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    })
      .format(date)
      // ICU puts a narrow no-break space before AM/PM; a plain space reads the same and searches alike.
      .replace(/\u202f/g, " ")
  )
}
