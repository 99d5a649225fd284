/** How a window is named to the visitor: "Tue, Dec 1 · 8:00 AM–11:00 AM", on the calendar's clock. */
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { labelWindow, windowDay } from "../../../supabase/functions/_shared/kernel/arrival-windows.ts"
import type { Language } from "../../../supabase/functions/_shared/kernel/languages.ts"
import type { Calendar, CalendarWindow } from "./calendar"
import type { WindowTexts } from "./window-texts"

/** A window as the picker names it (data/arrival-windows.yaml's texts.windowLabel), on the calendar's clock. */
export const windowLabel = (window: CalendarWindow, timeZone: string, format: string, language?: Language) =>
  labelWindow(window, timeZone, format, language)

/** The chosen windows' labels, in the calendar's order; ids the calendar no longer lists are left out. */
export const chosenLabels = (
  calendar: Calendar | null,
  ids: readonly string[],
  format: string,
  language?: Language,
): string[] =>
  calendar
    ? calendar.windows.filter((w) => ids.includes(w.id)).map((w) => windowLabel(w, calendar.timeZone, format, language))
    : []

/** The ids worth sending: those the calendar offers now (a kept choice from an older calendar, or none when it failed, is dropped). */
export const offeredChoice = (calendar: Calendar | null, ids: readonly string[]): string[] =>
  calendar
    ? calendar.windows
        .filter((w) => w.free > 0 && ids.includes(w.id))
        .map((w) => w.id)
        .slice(0, calendar.maxChoices)
    : []

/** The thank-you line naming the windows, in the singular after one, or null when none was picked. */
export const thankYouLine = (
  texts: Pick<WindowTexts, "thankYouLine" | "thankYouLineOne">,
  labels: readonly string[],
) =>
  labels.length > 0
    ? fill(labels.length === 1 ? texts.thankYouLineOne : texts.thankYouLine, { windows: labels.join("; ") })
    : null

/** The windows grouped by day, in order: what the picker lists. */
export function windowsByDay(
  calendar: Calendar,
  language?: Language,
): Array<{ date: string; day: string; windows: CalendarWindow[] }> {
  const days = new Map<string, CalendarWindow[]>()
  for (const window of calendar.windows) days.set(window.date, [...(days.get(window.date) ?? []), window])
  return [...days].map(([date, windows]) => ({
    date,
    day: windows[0] ? windowDay(windows[0], calendar.timeZone, language) : date,
    windows,
  }))
}
