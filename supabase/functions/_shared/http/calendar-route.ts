/**
 * arrival-windows: the windows a form may offer now, with their free visits, for the picker on the
 * wizard's step 5, the $49 booking and the offer callback. Public and read-only (GET or POST, no body
 * read), cacheable for a few seconds by the browser and any cache between, and held as long in memory
 * (appointments/free-windows.ts), so a burst of page views costs one query. Each call is billed on
 * Supabase, so each address (and its wider networks) gets CALENDAR_RATE_LIMIT_MAX calls per window,
 * counted in memory (spam/memory-limit.ts): past it, 429 with Retry-After and no database work. A form
 * that cannot reach it sends its lead without windows: no lead is ever lost to the calendar.
 */
import { Hono, type Context } from "hono"
import { cachedFreeWindows, FREE_WINDOWS_TTL_MS } from "../appointments/free-windows.ts"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../appointments/window-plan.ts"
import { CALENDAR_FUNCTION } from "../functions.ts"
import { addressBudgets } from "../spam/address-limit.ts"
import { createMemoryLimit } from "../spam/memory-limit.ts"
import { tooMany, type AppContext, type Env } from "./context.ts"

export function calendarRoutes({ db, clock, config: { spam }, clientOf }: AppContext) {
  const free = cachedFreeWindows(db)
  const limit = createMemoryLimit(spam)
  const calendarSpam = { ...spam, rateLimitMax: spam.calendarRateLimitMax }
  const answer = async (c: Context<Env>) => {
    const wait = limit.take(addressBudgets(clientOf(c), calendarSpam), Date.now())
    if (wait !== null) return tooMany(c, wait)
    const windows = await free(clock())
    c.header("Cache-Control", `public, max-age=${FREE_WINDOWS_TTL_MS / 1000}`)
    return c.json({
      success: true,
      timeZone: WINDOW_SCHEDULE.timeZone,
      maxChoices: WINDOW_PLAN.maxChoices,
      windows,
    })
  }
  return new Hono<Env>().get(`/${CALENDAR_FUNCTION}`, answer).post(`/${CALENDAR_FUNCTION}`, answer)
}
