/**
 * A $49 booking's window, held at once: in the transaction that stores the lead, one visit of the first
 * window the visitor picked that still has room is taken (capacity.ts, never past the window's capacity)
 * and kept as the lead's hold (window_holds) until the office confirms it (confirm.ts: it becomes the
 * appointment), moves it (confirming another window gives this one's visit back) or releases it. What the
 * visitor is told follows from it (kernel/booking-hold.ts): "booked" only when a visit is held.
 */
import type { Db } from "../db.ts"
import type { ArrivalWindow } from "../kernel/arrival-windows.ts"
import type { BookingHold } from "../kernel/booking-hold.ts"
import { giveVisitBack, takeVisit } from "./capacity.ts"
import { confirmable } from "./window-plan.ts"
import type { PreferredWindow } from "./preferences.ts"

/** What holding came to: the answer's hold, and the window held (its times, for the texts that name it). */
export type HoldResult = { hold: BookingHold; window?: Pick<ArrivalWindow, "id" | "startsAt" | "endsAt"> }

export interface Hold {
  windowId: string
  startsAt: Date
  endsAt: Date
}

/**
 * Holds the first of `windows` (as keepPreferredWindows found them) with a free visit. None picked, or none
 * that could be held for another reason (too soon, unknown): "call", the time is chosen on the call. One
 * that was full, or filled by another booking a moment before: "taken".
 */
export async function holdWindow(
  tx: Pick<Db, "query">,
  leadId: string,
  windows: readonly PreferredWindow[],
  at: Date,
): Promise<HoldResult> {
  let taken = false
  for (const picked of windows) {
    if (picked.unavailable === "full") taken = true
    if (picked.unavailable) continue
    const window = confirmable(picked.id, at)
    if (!window) continue
    if (!(await takeVisit(tx, window))) {
      taken = true
      continue
    }
    await tx.query(
      `insert into window_holds (lead_id, window_id, starts_at, ends_at, held_at) values ($1, $2, $3, $4, $5)`,
      [leadId, window.id, window.startsAt, window.endsAt, at.toISOString()],
    )
    return { hold: { state: "held", window: window.id }, window }
  }
  return { hold: { state: taken ? "taken" : "call" } }
}

interface HoldRow {
  window_id: string
  starts_at: Date
  ends_at: Date
}

/** The lead's hold, if it has one; locked for the caller's transaction when asked. */
export async function holdOf(tx: Pick<Db, "query">, leadId: string, { lock = false } = {}): Promise<Hold | null> {
  const [row] = await tx.query<HoldRow>(
    `select window_id, starts_at, ends_at from window_holds where lead_id = $1${lock ? " for update" : ""}`,
    [leadId],
  )
  return row ? { windowId: row.window_id, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) } : null
}

/** Ends the lead's hold in the caller's transaction; its visit is given back unless it became the appointment. */
export async function endHold(tx: Pick<Db, "query">, leadId: string, hold: Hold, { keepVisit = false } = {}) {
  await tx.query(`delete from window_holds where lead_id = $1`, [leadId])
  if (!keepVisit) await giveVisitBack(tx, hold.windowId)
}
