/** The company's arrival windows as the functions read them: the schedule (site.yaml) and the plan (arrival-windows.yaml). */
import { windowStatus, type ArrivalWindow, type WindowPlan, type WindowSchedule } from "../kernel/arrival-windows.ts"
import { ARRIVAL_WINDOWS, COMPANY } from "../kernel/site-data.generated.ts"

export const WINDOW_SCHEDULE: WindowSchedule = {
  timeZone: COMPANY.timeZone,
  hours: COMPANY.hours,
  closedDates: COMPANY.closedDates,
  sameDayCutoffHour: COMPANY.sameDayCutoffHour,
  sameDayDays: COMPANY.sameDayDays,
}

export const WINDOW_PLAN: WindowPlan = ARRIVAL_WINDOWS

/** The window an id names, when it may be confirmed at all: not one the data does not know, nor one already past. */
export const confirmable = (id: string, at: Date): ArrivalWindow | null => {
  const { window, unavailable } = windowStatus(WINDOW_SCHEDULE, WINDOW_PLAN, id, at)
  return window && unavailable !== "past" ? window : null
}
