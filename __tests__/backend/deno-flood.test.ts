/**
 * @jest-environment node
 *
 * The per-address limit under Deno, as the Edge Function deploys: refused
 * requests count toward the window, a flooding address is refused from memory with no further
 * database write, and IPv6 /64s inside one /48 share the /48's budget.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { sha256Hex } from "../../supabase/functions/_shared/crypto"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"
import { ANON_KEY, bodies, freshDb } from "./helpers"

jest.setTimeout(300_000)

let pg: PGlite
let wire: WireServer
let url: string
const MAX = 3
const SALT = "deno-flood-test-salt-0123456789"

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  url = await serveUnderDeno("process-contact", `postgres://postgres:postgres@${wire.getServerConn()}/postgres`, {
    RATE_LIMIT_MAX: String(MAX),
    // A /48 gets twice an address's budget here, so a few requests show the bound.
    RATE_LIMIT_IPV6_48_FACTOR: "2",
    RATE_LIMIT_WINDOW_SECONDS: String(30 * 86_400),
    IP_HASH_SALT: SALT,
  })
})
afterAll(async () => {
  stopDenoFunctions()
  await wire.stop()
  await pg.close()
})

const send = async (address: string, body: unknown) => {
  const response = await fetch(`${url}/process-contact`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY, "x-forwarded-for": address },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return { status: response.status, retryAfter: response.headers.get("retry-after") }
}
const hitsOf = async (key: string) =>
  (await pg.query<{ hits: number }>(`select hits from rate_limits where ip_hash = $1`, [sha256Hex(`${SALT}:${key}`)]))
    .rows

test("under Deno, an address sending only bodies the contract refuses is refused 429 after its budget, and Postgres never counts them", async () => {
  const statuses = []
  for (let i = 0; i < MAX + 4; i++) statuses.push(await send("203.0.113.60", { ...bodies.contact(), email: "nope" }))
  expect(statuses.map((s) => s.status)).toEqual([...Array.from({ length: MAX }, () => 400), 429, 429, 429, 429])
  expect(Number(statuses.at(-1)?.retryAfter)).toBeGreaterThanOrEqual(1)
  expect(await hitsOf("203.0.113.60")).toEqual([])
})

test("under Deno, a flooding address is refused from memory: its count in Postgres stops at the budget", async () => {
  const statuses = []
  for (let i = 0; i < MAX + 20; i++) statuses.push((await send("203.0.113.61", bodies.contact())).status)
  expect(statuses).toEqual([...Array.from({ length: MAX }, () => 200), ...Array.from({ length: 20 }, () => 429)])
  expect(await hitsOf("203.0.113.61")).toEqual([{ hits: MAX }])
})

test("under Deno, /64s inside one /48 share its budget; another /48 is independent", async () => {
  const statuses = []
  // Eight /64s, each in a /56 of its own, two requests each: the /48's budget (2 × 3) binds.
  for (let net = 0; net < 8; net++)
    for (let i = 0; i < 2; i++) statuses.push((await send(`2001:db8:77:${net}00::${i + 1}`, bodies.contact())).status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(2 * MAX)
  expect(statuses.slice(2 * MAX).every((s) => s === 429)).toBe(true)
  expect(await hitsOf("2001:db8:77::/48")).toEqual([{ hits: 2 * MAX }])
  expect((await send("2001:db8:78::1", bodies.contact())).status).toBe(200)
})
