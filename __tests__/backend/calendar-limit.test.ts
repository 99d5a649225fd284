/** @jest-environment node */
/**
 * The public calendar (arrival-windows) under its per-address limit, kept in memory: one address gets
 * CALENDAR_RATE_LIMIT_MAX calls per window, then 429 with Retry-After (and CORS, so the page can read
 * it) without a database statement; its neighbours are untouched; /64s inside one /48 share the /48's
 * budget; the next window starts afresh. Prints the flood figure: calls answered from one address in
 * two seconds, with the limit off (as before) and on.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import { countingDb, noCounts } from "../../scripts/bench/counting-db"
import { TUESDAY_10AM } from "./alert-rig"
import { SITE_ORIGIN, freshDb, testConfig } from "./helpers"
import type { PGlite } from "@electric-sql/pglite"
import type { Db } from "../../supabase/functions/_shared/db"

let pg: PGlite
let db: Db
beforeAll(async () => {
  ;({ pg, db } = await freshDb())
})
afterAll(() => pg.close())

/** Windows of 30 days unless a test says otherwise: no test's calls straddle two windows. */
const LONG_WINDOW = { RATE_LIMIT_WINDOW_SECONDS: String(30 * 86_400) }

const appWith = (env: Record<string, string> = {}) => {
  const counts = noCounts()
  const config = testConfig({ ...LONG_WINDOW, ...env })
  const app = createApp({ db: countingDb(db, counts), config, clock: () => TUESDAY_10AM })
  const call = async (address: string, method = "GET") => {
    const response = await app.request("/functions/v1/arrival-windows", {
      method,
      headers: { "x-forwarded-for": address, origin: SITE_ORIGIN },
    })
    await response.arrayBuffer()
    return response
  }
  return { call, counts }
}

test("one address gets its budget, then 429 with Retry-After and CORS, from memory; another address is untouched", async () => {
  const { call, counts } = appWith({ CALENDAR_RATE_LIMIT_MAX: "5" })
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) statuses.push((await call("203.0.113.80", i % 2 ? "POST" : "GET")).status)
  expect(statuses).toEqual([200, 200, 200, 200, 200])
  const statementsBefore = counts.statements
  const refused = await call("203.0.113.80")
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
  expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(30 * 86_400)
  expect(refused.headers.get("access-control-allow-origin")).toBeTruthy()
  for (let i = 0; i < 50; i++) expect((await call("203.0.113.80")).status).toBe(429)
  expect(counts.statements).toBe(statementsBefore)
  expect((await call("203.0.113.81")).status).toBe(200)
})

test("/64s inside one /48 share its budget (the /48 gets 16 times an address's); another /48 is independent", async () => {
  const { call } = appWith({ CALENDAR_RATE_LIMIT_MAX: "2" })
  let answered = 0
  for (let net = 0; net < 40; net++)
    for (let i = 0; i < 2; i++)
      if ((await call(`2001:db8:42:${net.toString(16)}00::${i + 1}`)).status === 200) answered++
  // Each /56 holds one /64 here: the /48's 16 × 2 binds, not the 40 /64s' 80.
  expect(answered).toBe(32)
  expect((await call("2001:db8:43::1")).status).toBe(200)
})

test("the next window starts afresh", async () => {
  const { call } = appWith({ CALENDAR_RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_SECONDS: "1" })
  // One call per one-second window: within a few calls, one is refused (two fall in one window).
  let refused: Response | undefined
  for (let i = 0; i < 10 && !refused; i++) {
    const response = await call("203.0.113.82")
    if (response.status === 429) refused = response
    else expect(response.status).toBe(200)
  }
  if (!refused) throw new Error("no call was refused")
  // Waits for the window the refusal names to end (its own answer, not a fixed sleep).
  await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get("retry-after")) * 1000))
  expect((await call("203.0.113.82")).status).toBe(200)
})

test("the flood figure: calls answered from one address in 2 s, the limit off (as before) and on", async () => {
  const flood = async (env: Record<string, string>) => {
    const { call } = appWith(env)
    const until = Date.now() + 2_000
    let sent = 0
    let answered = 0
    while (Date.now() < until) {
      sent++
      if ((await call("198.51.100.7")).status === 200) answered++
    }
    return { sent, answered }
  }
  const before = await flood({ CALENDAR_RATE_LIMIT_MAX: "0" })
  const after = await flood({})
  console.log(
    `arrival-windows, one address, 2 s: before (no limit) ${before.answered} of ${before.sent} calls answered; ` +
      `after (CALENDAR_RATE_LIMIT_MAX, 120 per window) ${after.answered} of ${after.sent} answered, the rest 429 from memory`,
  )
  expect(before.answered).toBe(before.sent)
  expect(after.answered).toBe(120)
  expect(after.sent).toBeGreaterThan(120)
})
