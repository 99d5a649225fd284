import { useEffect, useState } from "react"
import { fetchCalendar, type Calendar } from "./calendar"

/** The picker's calendar: loading, ready, or unavailable (the form then sends without windows). */
export type CalendarState = { status: "loading" } | { status: "ready"; calendar: Calendar } | { status: "unavailable" }

/** What a visitor does before using a form: any of these starts the calendar's fetch. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin"] as const

/**
 * Fetches the calendar once the visitor first interacts with the page (never during the build, and not for
 * a page only looked at: a page view costs the functions nothing, and an audit's load makes no request
 * that could fail in its console).
 */
export function useArrivalCalendar(load: () => Promise<Calendar | null> = fetchCalendar): CalendarState {
  const [state, setState] = useState<CalendarState>({ status: "loading" })
  useEffect(() => {
    let active = true
    const stop = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, start, true)
    }
    function start() {
      stop()
      void load().then((calendar) => {
        if (active) setState(calendar ? { status: "ready", calendar } : { status: "unavailable" })
      })
    }
    // A visitor who tapped or typed before this form loaded (the prerendered shell) has interacted already.
    if ("userActivation" in navigator && navigator.userActivation.hasBeenActive) start()
    else for (const type of INTERACTIONS) document.addEventListener(type, start, true)
    return () => {
      active = false
      stop()
    }
  }, [load])
  return state
}

export const calendarIn = (state: CalendarState): Calendar | null => (state.status === "ready" ? state.calendar : null)
