/**
 * @jest-environment node
 *
 * Two $49 bookings racing for a window's last visit on a real Postgres server, each its own request
 * through the app (its own connection and transaction): exactly one is held, the other told "taken",
 * both stored, and the window never past its capacity.
 */
import postgres from "postgres"
import { migrate, postgresMigrationTarget } from "../../server/migrate"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import { postgresDb } from "../../supabase/functions/_shared/db"
import { confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { offeredWindows } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { TUESDAY_10AM } from "./alert-rig"
import { bodies, post, testConfig } from "./helpers"
import { postgresBinDir, startRequiredPostgresCluster, type PostgresCluster } from "./postgres-cluster"

jest.setTimeout(120_000)

let cluster: PostgresCluster
let sql: postgres.Sql

beforeAll(async () => {
  cluster = await startRequiredPostgresCluster(postgresBinDir())
  sql = postgres(await cluster.createDatabase("booking_race"), { max: 8, onnotice: () => undefined })
  await migrate(postgresMigrationTarget(sql))
})
afterAll(async () => {
  await sql.end({ timeout: 5 })
  await cluster.stop()
})

const [FIRST] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
if (!FIRST) throw new Error("windows expected on Tuesday morning")

test("two bookings for the last visit of a window: one held, one taken, both stored", async () => {
  const app = createApp({ db: postgresDb(sql, { prepare: true }), config: testConfig(), clock: () => TUESDAY_10AM })
  const book = async (fullName: string): Promise<unknown> =>
    (await post(app, "process-simple-lead", { ...bodies.booking(), fullName, preferredWindows: [FIRST.id] })).json()
  // All but the last visit held, one by one.
  for (let i = 0; i < FIRST.visits - 1; i++)
    expect(await book(`Early ${i}`)).toMatchObject({ booking: { state: "held" } })
  const racers = await Promise.all([book("Racer A"), book("Racer B")])
  const states = racers.map((answer): unknown =>
    typeof answer === "object" && answer !== null && "booking" in answer ? answer.booking : null,
  )
  expect(states).toEqual(expect.arrayContaining([{ state: "held", window: FIRST.id }, { state: "taken" }]))
  const stored = await sql<Array<{ full_name: string }>>`select full_name from leads where full_name like 'Racer %'`
  expect(stored).toHaveLength(2)
  const [row] = await sql<Array<{ booked: number }>>`select booked from window_bookings where window_id = ${FIRST.id}`
  expect(row?.booked).toBe(FIRST.visits)
  const [holds] = await sql<Array<{ n: number }>>`select count(*)::int as n from window_holds`
  expect(holds?.n).toBe(FIRST.visits)
})

test("the office's release and confirm of one held window tapped at once: the window's count matches what the answers say", async () => {
  const config = testConfig()
  const app = createApp({ db: postgresDb(sql, { prepare: true }), config, clock: () => TUESDAY_10AM })
  await sql`delete from window_holds`
  await sql`delete from window_bookings`
  const answer: unknown = await (
    await post(app, "process-simple-lead", { ...bodies.booking(), fullName: "Held One", preferredWindows: [FIRST.id] })
  ).json()
  expect(answer).toMatchObject({ booking: { state: "held" } })
  const [lead] = await sql<Array<{ id: string }>>`select id from leads where full_name = 'Held One'`
  const token = confirmUrl(config.alerts, lead?.id ?? "", FIRST.id, "Office", TUESDAY_10AM).split("#t=")[1] ?? ""
  const tap = async (body: object): Promise<unknown> =>
    (
      await app.request("/functions/v1/confirm-window", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, confirm: true, ...body }),
      })
    ).json()
  const [released, confirmed] = await Promise.all([tap({ release: true }), tap({})])
  const stateOf = (a: unknown) => (typeof a === "object" && a !== null && "state" in a ? a.state : null)
  const [row] = await sql<Array<{ booked: number }>>`select booked from window_bookings where window_id = ${FIRST.id}`
  const [appointments] = await sql<Array<{ n: number }>>`select count(*)::int as n from appointments`
  const [holds] = await sql<Array<{ n: number }>>`select count(*)::int as n from window_holds`
  expect(holds?.n).toBe(0)
  // Confirmed (before or after the release) is one appointment with one visit; released alone gives the visit back.
  expect(stateOf(confirmed)).toBe("confirmed")
  expect(["released", "not_held"]).toContain(stateOf(released))
  expect({ booked: row?.booked, appointments: appointments?.n }).toEqual({ booked: 1, appointments: 1 })
})
