/**
 * Opening hours: every hours text and the "open now" check come from the
 * published hours in data/site.yaml, read in the company's time zone.
 */
import type { OpeningHours } from "../../supabase/functions/_shared/kernel/business-hours"

export type { OpeningHours }

/** The one list of weekdays, in week order: the data schema of the hours and every hours text use it. */
export const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

const short = (day: string) => day.slice(0, 3)

/** "08:00" → "8am", "13:30" → "1:30pm", "12:00" → "12pm". */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number)
  const suffix = h >= 12 ? "pm" : "am"
  const hour12 = h % 12 === 0 ? 12 : h % 12
  return `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""}${suffix}`
}

/** ["Monday" … "Friday"] → "Mon–Fri"; gaps are listed: "Mon, Wed". */
export function formatDays(days: readonly string[]): string {
  const indexes = days.map((d) => WEEK.indexOf(d as (typeof WEEK)[number])).sort((a, b) => a - b)
  const runs: number[][] = []
  for (const i of indexes) {
    const run = runs[runs.length - 1]
    if (run && run[run.length - 1] === i - 1) run.push(i)
    else runs.push([i])
  }
  return runs
    .map((run) => {
      const first = short(WEEK[run[0] ?? 0] ?? "")
      const last = short(WEEK[run[run.length - 1] ?? 0] ?? "")
      return run.length === 1 ? first : run.length === 2 ? `${first}, ${last}` : `${first}–${last}`
    })
    .join(", ")
}

export interface HoursLine {
  days: string
  time: string
}

/** One line per group of days, in week order: { days: "Mon–Fri", time: "8am–6pm" }. */
export const hoursLines = (hours: readonly OpeningHours[]): HoursLine[] =>
  [...hours]
    .sort((a, b) => WEEK.indexOf(a.days[0] as (typeof WEEK)[number]) - WEEK.indexOf(b.days[0] as (typeof WEEK)[number]))
    .map((h) => ({ days: formatDays(h.days), time: `${formatClock(h.opens)}–${formatClock(h.closes)}` }))

/** "Mon–Fri 8am–6pm · Sat 9am–4pm · Sun 9am–1pm" */
export const hoursSummary = (hours: readonly OpeningHours[]): string =>
  hoursLines(hours)
    .map((line) => `${line.days} ${line.time}`)
    .join(" · ")

/** schema.org OpeningHoursSpecification entries for the business JSON-LD. */
export const openingHoursSpecification = (hours: readonly OpeningHours[]) =>
  hours.map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: [...h.days], opens: h.opens, closes: h.closes }))
