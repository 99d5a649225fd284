/**
 * The windows a visitor may pick now, with their free visits: those the kernel offers at `at`, less the
 * visits taken. A window with none free is left out, so a form never offers a full window. Asked by
 * every form that shows the picker: held in memory for a few seconds per process, so a burst of page
 * views costs one query.
 */
import type { Db } from "../db.ts"
import { offeredWindows, type ArrivalWindow } from "../kernel/arrival-windows.ts"
import { bookedCounts } from "./capacity.ts"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "./window-plan.ts"

export interface FreeWindow extends Omit<ArrivalWindow, "visits"> {
  free: number
}

/** How long an answer is reused: a window filled meanwhile is still refused kindly when a lead picks it (kept as a wish). */
export const FREE_WINDOWS_TTL_MS = 15_000

export async function freeWindows(db: Pick<Db, "query">, at: Date): Promise<FreeWindow[]> {
  const offered = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, at)
  const booked = await bookedCounts(
    db,
    offered.map((w) => w.id),
  )
  return offered.flatMap(({ visits, ...window }) => {
    const free = visits - (booked.get(window.id) ?? 0)
    return free > 0 ? [{ ...window, free }] : []
  })
}

/** freeWindows, reused for FREE_WINDOWS_TTL_MS (by the clock that asks). */
export function cachedFreeWindows(db: Pick<Db, "query">) {
  let held: { until: number; windows: Promise<FreeWindow[]> } | null = null
  return (at: Date): Promise<FreeWindow[]> => {
    if (held && at.getTime() < held.until && at.getTime() >= held.until - FREE_WINDOWS_TTL_MS) return held.windows
    const windows = freeWindows(db, at)
    held = { until: at.getTime() + FREE_WINDOWS_TTL_MS, windows }
    // A failed query is not kept: the next visitor asks again.
    windows.catch(() => {
      held = null
    })
    return windows
  }
}
