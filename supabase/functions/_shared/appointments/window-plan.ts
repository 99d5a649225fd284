/** The company's arrival windows as the functions read them: the schedule (site.yaml) and the plan (arrival-windows.yaml). */
import type { WindowPlan, WindowSchedule } from "../kernel/arrival-windows.ts"
import { ARRIVAL_WINDOWS, COMPANY } from "../kernel/site-data.generated.ts"

export const WINDOW_SCHEDULE: WindowSchedule = {
  timeZone: COMPANY.timeZone,
  hours: COMPANY.hours,
  closedDates: COMPANY.closedDates,
  sameDayCutoffHour: COMPANY.sameDayCutoffHour,
  sameDayDays: COMPANY.sameDayDays,
}

export const WINDOW_PLAN: WindowPlan = ARRIVAL_WINDOWS
