/**
 * How many visits each window has taken (window_bookings), and taking one: a single statement that adds
 * a visit only while the window has room, so two confirmations racing for the last visit cannot both
 * win, whatever the order or concurrency (Postgres locks the window's row for the second until the first
 * commits, then re-checks the condition).
 */
import type { Db } from "../db.ts"
import type { ArrivalWindow } from "../kernel/arrival-windows.ts"

/** Visits taken per window id, for these ids (none taken: absent). */
export async function bookedCounts(db: Pick<Db, "query">, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db.query<{ window_id: string; booked: number }>(
    `select window_id, booked from window_bookings where window_id = any($1::text[])`,
    [`{${ids.map((id) => `"${id}"`).join(",")}}`],
  )
  return new Map(rows.map((r) => [r.window_id, r.booked]))
}

/** Takes one visit of `window` in the caller's transaction; false when it is full (nothing changed). */
export async function takeVisit(tx: Pick<Db, "query">, window: ArrivalWindow): Promise<boolean> {
  const rows = await tx.query<{ booked: number }>(
    `insert into window_bookings (window_id, starts_at, booked) values ($1, $2, 1)
     on conflict (window_id) do update set booked = window_bookings.booked + 1
       where window_bookings.booked < $3
     returning booked`,
    [window.id, window.startsAt, window.visits],
  )
  return rows.length > 0
}

/** Gives one visit of a window back in the caller's transaction (a hold released or moved); never below none. */
export async function giveVisitBack(tx: Pick<Db, "query">, windowId: string): Promise<void> {
  await tx.query(`update window_bookings set booked = booked - 1 where window_id = $1 and booked > 0`, [windowId])
}
