/** How a window is named to the visitor: "Tue, Dec 1 · 8:00 AM–11:00 AM", on the calendar's clock. */
import type { Calendar, CalendarWindow } from "./calendar"

/** Fills the {placeholders} of data/arrival-windows.yaml's texts.windowLabel. */
export const fillWindowText = (format: string, values: Readonly<Record<string, string>>) =>
  format.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

/** "Tue, Dec 1": a window's day, as its group's heading says it too. */
export const dayLabel = (window: CalendarWindow, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(
    new Date(window.startsAt),
  )

export function windowLabel(window: CalendarWindow, timeZone: string, format: string): string {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
  return fillWindowText(format, {
    day: dayLabel(window, timeZone),
    start: time.format(new Date(window.startsAt)),
    end: time.format(new Date(window.endsAt)),
  })
}

/** The chosen windows' labels, in the calendar's order; ids the calendar no longer lists are left out. */
export const chosenLabels = (calendar: Calendar | null, ids: readonly string[], format: string): string[] =>
  calendar
    ? calendar.windows.filter((w) => ids.includes(w.id)).map((w) => windowLabel(w, calendar.timeZone, format))
    : []

/** The ids worth sending: those the calendar offers now (a kept choice from an older calendar, or none when it failed, is dropped). */
export const offeredChoice = (calendar: Calendar | null, ids: readonly string[]): string[] =>
  calendar
    ? calendar.windows
        .filter((w) => w.free > 0 && ids.includes(w.id))
        .map((w) => w.id)
        .slice(0, calendar.maxChoices)
    : []

/** The thank-you line naming the windows, or null when none was picked. */
export const thankYouLine = (line: string, labels: readonly string[]) =>
  labels.length > 0 ? fillWindowText(line, { windows: labels.join("; ") }) : null

/** The windows grouped by day, in order: what the picker lists. */
export function windowsByDay(calendar: Calendar): Array<{ date: string; day: string; windows: CalendarWindow[] }> {
  const days = new Map<string, CalendarWindow[]>()
  for (const window of calendar.windows) days.set(window.date, [...(days.get(window.date) ?? []), window])
  return [...days].map(([date, windows]) => ({
    date,
    day: windows[0] ? dayLabel(windows[0], calendar.timeZone) : date,
    windows,
  }))
}
