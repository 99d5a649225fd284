/**
 * The company's clock: apart from hours.ts and holidays.ts (the hours displays every page's layout
 * shows), only the estimate wizard asks the clock. One rule for the site and the functions (which alert
 * the office by it), closed dates included.
 */
export {
  isOpenAt,
  isSameDayAvailable,
  zonedClock,
  type BusinessSchedule,
} from "../../supabase/functions/_shared/kernel/business-hours"
