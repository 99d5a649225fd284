/**
 * @jest-environment node
 *
 * Wider networks are limited too. One site is given an IPv6 /56 or /48, i.e. 256 or
 * 65,536 /64s: limited per /64 alone, 64 /64s inside one /48 got 192 requests through a limit of 3.
 * Each request now counts against its /64, its /56 and its /48, each with its own budget
 * (RATE_LIMIT_MAX × RATE_LIMIT_IPV6_56_FACTOR, × RATE_LIMIT_IPV6_48_FACTOR), in one round trip; a wider
 * network is counted only while the narrower ones are within theirs, so one address sending past its
 * own limit takes nothing more from its neighbours. An IPv4 /24 budget exists, off unless set.
 */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import { sha256Hex } from "../../supabase/functions/_shared/crypto"
import type { Db } from "../../supabase/functions/_shared/db"
import { takeRateLimits } from "../../supabase/functions/_shared/spam/rate-limit"
import { bodies, post, testConfig, withFreshDb } from "./helpers"

jest.setTimeout(600_000)

let db: Db
withFreshDb((fresh) => {
  db = fresh
})

/** Windows of 30 days: no test run straddles one. */
const LONG_WINDOW = String(30 * 86_400)
let salts = 0
const freshSalt = () => `network-limit-test-salt-${++salts}-0123456789`

const hex = (groups: readonly number[]) => groups.map((g) => g.toString(16)).join(":")

/** An address in the /48 `net48` (three groups), in its /56 number `sub56` and its /64 number `sub64` of that /56. */
const addressIn = (net48: readonly number[], sub56: number, sub64: number, host: number) =>
  hex([...net48, (sub56 << 8) | sub64, host, 0, 0, 1])

/** A /48 (three groups, the first not zero, so never an IPv4-mapped address). */
const net48 = fc.tuple(
  fc.integer({ min: 0x2001, max: 0x3fff }),
  fc.integer({ min: 0, max: 0xffff }),
  fc.integer({ min: 0, max: 0xffff }),
)

test("requests spread over /64s inside one /56 and one /48 are admitted exactly while the /64, the /56 and the /48 are each within budget; different /48s are independent", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 2, max: 5 }),
      fc.uniqueArray(net48, { minLength: 2, maxLength: 2, selector: (n) => hex(n) }),
      fc.array(
        fc.record({
          network: fc.constantFrom(0, 1),
          sub56: fc.integer({ min: 0, max: 2 }),
          sub64: fc.integer({ min: 0, max: 3 }),
          host: fc.integer({ min: 1, max: 0xffff }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      async (max, factor56, factor48, networks, requests) => {
        const app = createApp({
          db,
          config: testConfig({
            RATE_LIMIT_MAX: String(max),
            RATE_LIMIT_IPV6_56_FACTOR: String(factor56),
            RATE_LIMIT_IPV6_48_FACTOR: String(factor48),
            RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW,
            IP_HASH_SALT: freshSalt(),
          }),
        })
        // The model: what each network has been let through.
        const admitted = new Map<string, number>()
        const budgets = (r: (typeof requests)[number]) =>
          [
            [`${r.network}/${r.sub56}/${r.sub64}`, max],
            [`${r.network}/${r.sub56}`, max * factor56],
            [`${r.network}`, max * factor48],
          ] as const
        for (const request of requests) {
          const address = addressIn(networks[request.network]!, request.sub56, request.sub64, request.host)
          const response = await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": address })
          await response.arrayBuffer()
          const within = budgets(request).every(([key, most]) => (admitted.get(key) ?? 0) < most)
          expect({ address, status: response.status }).toEqual({ address, status: within ? 200 : 429 })
          if (within) for (const [key] of budgets(request)) admitted.set(key, (admitted.get(key) ?? 0) + 1)
        }
        // The bound the wider budgets exist for.
        for (const network of [0, 1]) expect(admitted.get(`${network}`) ?? 0).toBeLessThanOrEqual(max * factor48)
      },
    ),
    { numRuns: 15 },
  )
})

test("64 /64s inside one /48, three requests each, limit 3: 48 get through (the /48's 16 × 3), not 192; the next /48 is not touched", async () => {
  const app = createApp({
    db,
    config: testConfig({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW, IP_HASH_SALT: freshSalt() }),
  })
  const statuses: number[] = []
  for (let net64 = 0; net64 < 64; net64++)
    for (let i = 0; i < 3; i++) {
      // Each /64 in a /56 of its own, so only the /48's budget binds.
      const response = await post(app, "process-contact", bodies.contact(), {
        "x-forwarded-for": addressIn([0x2001, 0xdb8, 0x48], net64, 0, i + 1),
      })
      statuses.push(response.status)
    }
  expect(statuses.filter((s) => s === 200)).toHaveLength(48)
  expect(statuses.filter((s) => s === 429)).toHaveLength(192 - 48)
  const neighbour = await post(app, "process-contact", bodies.contact(), {
    "x-forwarded-for": addressIn([0x2001, 0xdb8, 0x49], 0, 0, 1),
  })
  expect(neighbour.status).toBe(200)
})

test("in Postgres alone (several instances, no memory): a /56 counts at most its /64s' budgets, a /48 at most its /56s'; what gets through is bounded by each budget", async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 8 }),
      fc.array(fc.record({ sub56: fc.integer({ min: 0, max: 2 }), sub64: fc.integer({ min: 0, max: 2 }) }), {
        maxLength: 60,
      }),
      async (m64, m56, m48, requests) => {
        run++
        const spam = { rateLimitWindowSeconds: 600 }
        const now = Date.UTC(2043, 0, 1) + run * 1e9
        const key = (name: string) => sha256Hex(`cascade-${run}:${name}`)
        let through = 0
        const sent = new Map<string, number>()
        for (const { sub56, sub64 } of requests) {
          const verdict = await takeRateLimits(
            db,
            [
              { key: key(`${sub56}/${sub64}`), max: m64 },
              { key: key(`${sub56}`), max: m56 },
              { key: key("48"), max: m48 },
            ],
            spam,
            now,
          )
          if (verdict.allowed) through++
          sent.set(`${sub56}/${sub64}`, (sent.get(`${sub56}/${sub64}`) ?? 0) + 1)
        }
        const hitsOf = async (name: string) =>
          (await db.query<{ hits: number }>(`select hits from rate_limits where ip_hash = $1`, [key(name)]))[0]?.hits ??
          0
        let expected48 = 0
        for (const sub56 of [0, 1, 2]) {
          // Each /64 adds to its /56 no more than its own budget, however much more it sent.
          let expected56 = 0
          for (const sub64 of [0, 1, 2]) expected56 += Math.min(sent.get(`${sub56}/${sub64}`) ?? 0, m64)
          expect(await hitsOf(`${sub56}`)).toBe(expected56)
          expected48 += Math.min(expected56, m56)
        }
        expect(await hitsOf("48")).toBe(expected48)
        expect(through).toBeLessThanOrEqual(m48)
        expect(through).toBeLessThanOrEqual(3 * m56)
      },
    ),
    { numRuns: 40 },
  )
})

test("IPv4: each address has its own budget and a /24 is not limited by default; RATE_LIMIT_IPV4_24_FACTOR gives the /24 one", async () => {
  const send = (app: ReturnType<typeof createApp>, host: number) =>
    post(app, "process-contact", bodies.contact(), { "x-forwarded-for": `198.18.7.${host}` }).then((r) => r.status)
  const unlimited = createApp({
    db,
    config: testConfig({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW, IP_HASH_SALT: freshSalt() }),
  })
  const perAddress: number[] = []
  for (let host = 1; host <= 10; host++) for (let i = 0; i < 3; i++) perAddress.push(await send(unlimited, host))
  expect(perAddress).toEqual(Array.from({ length: 10 }, () => [200, 200, 429]).flat())

  const limited = createApp({
    db,
    config: testConfig({
      RATE_LIMIT_MAX: "2",
      RATE_LIMIT_IPV4_24_FACTOR: "3",
      RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW,
      IP_HASH_SALT: freshSalt(),
    }),
  })
  const perNetwork: number[] = []
  for (let host = 1; host <= 5; host++) for (let i = 0; i < 2; i++) perNetwork.push(await send(limited, host))
  expect(perNetwork).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429])
})
