/**
 * @jest-environment node
 *
 * The race for a window's last visits on a real Postgres server, with real concurrency (each
 * confirmation its own connection and transaction, all started at once): however many race, exactly
 * the window's capacity win, and the count never passes it (a generated test).
 */
import fc from "fast-check"
import postgres from "postgres"
import { migrate, postgresMigrationTarget } from "../../server/migrate"
import { takeVisit } from "../../supabase/functions/_shared/appointments/capacity"
import { postgresDb } from "../../supabase/functions/_shared/db"
import type { ArrivalWindow } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { postgresBinDir, startRequiredPostgresCluster, type PostgresCluster } from "./postgres-cluster"

jest.setTimeout(120_000)

let cluster: PostgresCluster
let sql: postgres.Sql

beforeAll(async () => {
  cluster = await startRequiredPostgresCluster(postgresBinDir())
  sql = postgres(await cluster.createDatabase("window_capacity"), { max: 12, onnotice: () => undefined })
  await migrate(postgresMigrationTarget(sql))
})
afterAll(async () => {
  await sql.end({ timeout: 5 })
  await cluster.stop()
})

const windowOf = (visits: number, n: number): ArrivalWindow => ({
  id: `2026-12-0${1 + (n % 9)}@08:00`,
  date: "2026-12-01",
  day: "Tuesday",
  start: "08:00",
  end: "11:00",
  startsAt: "2026-12-01T13:00:00.000Z",
  endsAt: "2026-12-01T16:00:00.000Z",
  visits,
})

test("confirmations racing for a window: exactly its capacity win, whatever their number", async () => {
  const db = postgresDb(sql, { prepare: true })
  let run = 0
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 12 }), async (visits, racers) => {
      const window = windowOf(visits, run++)
      await sql`delete from window_bookings where window_id = ${window.id}`
      const won = await Promise.all(Array.from({ length: racers }, () => db.transaction((tx) => takeVisit(tx, window))))
      expect(won.filter(Boolean)).toHaveLength(Math.min(visits, racers))
      const [row] = await sql<
        Array<{ booked: number }>
      >`select booked from window_bookings where window_id = ${window.id}`
      expect(row?.booked).toBe(Math.min(visits, racers))
    }),
    { numRuns: 25 },
  )
})
