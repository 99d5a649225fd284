import { useEffect, useState } from "react"
import { fetchCalendar, type Calendar } from "./calendar"

/** The picker's calendar: loading, ready, or unavailable (the form then sends without windows). */
export type CalendarState = { status: "loading" } | { status: "ready"; calendar: Calendar } | { status: "unavailable" }

/** Fetches the calendar once, after the form has loaded (never during the build). */
export function useArrivalCalendar(load: () => Promise<Calendar | null> = fetchCalendar): CalendarState {
  const [state, setState] = useState<CalendarState>({ status: "loading" })
  useEffect(() => {
    let active = true
    void load().then((calendar) => {
      if (active) setState(calendar ? { status: "ready", calendar } : { status: "unavailable" })
    })
    return () => {
      active = false
    }
  }, [load])
  return state
}

export const calendarIn = (state: CalendarState): Calendar | null => (state.status === "ready" ? state.calendar : null)
