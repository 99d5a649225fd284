/**
 * @jest-environment node
 *
 * The public calendar's per-address limit under Deno, as the Edge Function deploys: one address gets
 * CALENDAR_RATE_LIMIT_MAX calls per window, then 429 with Retry-After; another address is answered.
 * Prints the flood figure under Deno: calls answered from one address in 3 s, the limit off (as
 * before) and on (the default, 120 per window).
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"
import { freshDb } from "./helpers"

jest.setTimeout(300_000)

let pg: PGlite
let wire: WireServer
let database: string
const LONG_WINDOW = { RATE_LIMIT_WINDOW_SECONDS: String(30 * 86_400) }

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  database = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
})
afterAll(async () => {
  stopDenoFunctions()
  await wire.stop()
  await pg.close()
})

const caller = (url: string) => async (address: string) => {
  const response = await fetch(`${url}/arrival-windows`, { headers: { "x-forwarded-for": address } })
  await response.arrayBuffer()
  return { status: response.status, retryAfter: response.headers.get("retry-after") }
}

test("under Deno, an address past CALENDAR_RATE_LIMIT_MAX is refused 429 with Retry-After; another is answered", async () => {
  const call = caller(
    await serveUnderDeno("arrival-windows", database, { ...LONG_WINDOW, CALENDAR_RATE_LIMIT_MAX: "10" }),
  )
  const answers = []
  for (let i = 0; i < 15; i++) answers.push(await call("203.0.113.90"))
  expect(answers.map((a) => a.status)).toEqual([...Array.from({ length: 10 }, () => 200), 429, 429, 429, 429, 429])
  expect(Number(answers.at(-1)?.retryAfter)).toBeGreaterThanOrEqual(1)
  expect((await call("203.0.113.91")).status).toBe(200)
})

test("under Deno, the flood figure: calls answered from one address in 3 s, the limit off (as before) and on", async () => {
  const flood = async (env: Record<string, string>) => {
    const call = caller(await serveUnderDeno("arrival-windows", database, { ...LONG_WINDOW, ...env }))
    const until = Date.now() + 3_000
    let sent = 0
    let answered = 0
    // Four callers at once, as a page's burst would come.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          sent++
          if ((await call("198.51.100.9")).status === 200) answered++
        }
      }),
    )
    return { sent, answered }
  }
  const before = await flood({ CALENDAR_RATE_LIMIT_MAX: "0" })
  const after = await flood({})
  console.log(
    `arrival-windows under Deno, one address, 3 s: before (no limit) ${before.answered} of ${before.sent} calls answered ` +
      `(about ${Math.round((before.answered / 3) * 3600).toLocaleString("en-US")} an hour); after (120 per window) ` +
      `${after.answered} of ${after.sent} answered, the rest 429 from memory`,
  )
  expect(before.answered).toBe(before.sent)
  expect(after.answered).toBe(120)
  expect(after.sent).toBeGreaterThan(120)
})
