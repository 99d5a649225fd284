/**
 * The windows a request names, as they stand when it arrives: each kept with why it could no longer be
 * offered, if it could not (full, past, too soon, closed that day, further than offered, or no such
 * window in the data). Nothing is refused for it: the visitor's wish is kept for the office, which
 * confirms another window by phone.
 */
import type { Db } from "../db.ts"
import { windowStatus, type WindowUnavailable } from "../kernel/arrival-windows.ts"
import { bookedCounts } from "./capacity.ts"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "./window-plan.ts"

export interface PreferredWindow {
  id: string
  /** The window's instants (ISO 8601, UTC); absent for an id the data does not know. */
  startsAt?: string
  endsAt?: string
  /** Why it cannot be confirmed as it stands; absent when it can. */
  unavailable?: WindowUnavailable | "full" | "over_limit"
}

export async function preferredWindows(
  db: Pick<Db, "query">,
  ids: readonly string[],
  at: Date,
): Promise<PreferredWindow[]> {
  const unique = [...new Set(ids)]
  const booked = await bookedCounts(db, unique)
  return unique.map((id, i) => {
    const { window, unavailable } = windowStatus(WINDOW_SCHEDULE, WINDOW_PLAN, id, at)
    if (!window) return { id, unavailable: "unknown" }
    const times = { id, startsAt: window.startsAt, endsAt: window.endsAt }
    // More than the data allows now (a page from before a change): kept, but not for confirming.
    const why =
      unavailable ??
      ((booked.get(id) ?? 0) >= window.visits ? "full" : i >= WINDOW_PLAN.maxChoices ? "over_limit" : undefined)
    return why ? { ...times, unavailable: why } : times
  })
}

/** Keeps a request's windows with its lead, as they stand now (a wizard's later call keeps the first call's); resolves to them. */
export async function keepPreferredWindows(
  tx: Pick<Db, "query">,
  leadId: string,
  ids: readonly string[],
  at: Date,
): Promise<PreferredWindow[]> {
  if (ids.length === 0) return []
  const windows = await preferredWindows(tx, ids, at)
  await tx.query(`update leads set preferred_windows = coalesce(preferred_windows, $2::text::jsonb) where id = $1`, [
    leadId,
    JSON.stringify(windows),
  ])
  return windows
}
