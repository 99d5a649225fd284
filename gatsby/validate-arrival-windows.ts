/**
 * The check between data/arrival-windows.yaml and data/site.yaml: every weekday's arrival window lies
 * inside that weekday's opening hours, so no window is offered while nobody is at work. (Closed dates and
 * short days are the kernel's to apply: a window that does not fit a short day is simply not offered.)
 */
import type { DataFile, DataProblem } from "./data-problem"
import { isRecord } from "./data-problem"

const FILE = "arrival-windows.yaml"

const text = (value: unknown) => (typeof value === "string" ? value : "")

/** Site hours as "09:00-16:00" spans per weekday. */
function hoursByDay(site: unknown): Map<string, Array<{ opens: string; closes: string }>> {
  const byDay = new Map<string, Array<{ opens: string; closes: string }>>()
  const hours = isRecord(site) && Array.isArray(site.hours) ? site.hours : []
  for (const entry of hours) {
    if (!isRecord(entry) || !Array.isArray(entry.days)) continue
    for (const day of entry.days)
      byDay.set(text(day), [...(byDay.get(text(day)) ?? []), { opens: text(entry.opens), closes: text(entry.closes) }])
  }
  return byDay
}

export function validateArrivalWindows(files: readonly DataFile[]): DataProblem[] {
  const windows = files.find((f) => f.file === FILE)
  const site = files.find((f) => f.file === "site.yaml")
  if (!windows || !site || !isRecord(windows.content.weekdays)) return []
  const hours = hoursByDay(site.content)
  return Object.entries(windows.content.weekdays).flatMap(([day, list]) =>
    (Array.isArray(list) ? list : []).flatMap((window: unknown, i) => {
      if (!isRecord(window)) return []
      const [start, end] = [text(window.start), text(window.end)]
      const spans = hours.get(day) ?? []
      if (spans.some((s) => start >= s.opens && end <= s.closes)) return []
      const open = spans.map((s) => `${s.opens}-${s.closes}`).join(", ") || "closed"
      return [
        {
          file: FILE,
          entry: "arrival-windows",
          field: `weekdays.${day}[${i}]`,
          message: `${start}-${end} is not inside ${day}'s hours in data/site.yaml (${open}): nobody would be at work to take the visit`,
        },
      ]
    }),
  )
}
