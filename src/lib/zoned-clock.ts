/**
 * The company's clock: apart from hours.ts, whose texts every page's layout loads: only the estimate
 * wizard asks the clock. One rule for the site and the functions (which alert the office by it).
 */
export { isOpenAt, isSameDayAvailable, zonedClock } from "../../supabase/functions/_shared/kernel/business-hours"
