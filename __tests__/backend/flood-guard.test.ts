/**
 * @jest-environment node
 *
 * The in-memory flood guard in front of the Postgres rate limit: once an
 * address has used up its window, by Postgres's count or by requests refused before Postgres counted
 * them, its further requests are refused from memory before their body is read and before any
 * statement, with the same answer Postgres would give; it never refuses what Postgres would allow
 * (for an address that sent no refused request), a re-sent answered submission is never counted, and
 * its memory stays bounded however many addresses an attacker rotates through.
 */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import { MAX_BODY_BYTES } from "../../supabase/functions/_shared/kernel/contract"
import { sha256Hex } from "../../supabase/functions/_shared/crypto"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import {
  REPLAY_ALLOWANCE_FACTOR,
  createAddressLimit,
  type AddressBudget,
} from "../../supabase/functions/_shared/spam/address-limit"
import { createFloodGuard } from "../../supabase/functions/_shared/spam/flood-guard"
import { takeRateLimits } from "../../supabase/functions/_shared/spam/rate-limit"
import { ANON_KEY, SITE_ORIGIN, bodies, withFreshDb, testConfig } from "./helpers"

jest.setTimeout(300_000)

let db: Db
withFreshDb((fresh) => {
  db = fresh
})

/** The database, with every statement written down. */
function counting(inner: Db, log: string[]): Db {
  return {
    query: <Row>(text: string, params?: readonly SqlParam[]) => {
      log.push(text)
      return inner.query<Row>(text, params)
    },
    transaction: (work) => inner.transaction((tx) => work(counting(tx, log))),
  }
}

type App = ReturnType<typeof createApp>

/** A POST whose body is a stream that notes whether anyone read it (no Content-Length: the size check would have to read it). */
async function sendTracked(app: App, ip: string, body: string, contentType = "application/json") {
  let read = false
  // No queue to fill (high-water mark 0): `pull` runs only when someone reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true
        controller.enqueue(new TextEncoder().encode(body))
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  const response = await app.request(
    new Request("http://localhost/functions/v1/process-contact", {
      method: "POST",
      headers: { "content-type": contentType, apikey: ANON_KEY, origin: SITE_ORIGIN, "x-forwarded-for": ip },
      body: stream,
      duplex: "half",
    } as RequestInit),
  )
  const text = await response.text()
  return { response, text, bodyRead: read }
}

/** Windows of 30 days: no test run straddles one. */
const LONG_WINDOW = String(30 * 86_400)

test("after the limit, a flood from one address is refused from memory before its body is read: 429 with Retry-After and CORS, and no statement at all", async () => {
  const log: string[] = []
  const app = createApp({
    db: counting(db, log),
    config: testConfig({
      RATE_LIMIT_MAX: "5",
      RATE_LIMIT_WINDOW_SECONDS: "600",
      IP_HASH_SALT: "flood-guard-test-salt",
    }),
  })
  const answers = []
  for (let i = 0; i < 30; i++) {
    const from = log.length
    const { response, bodyRead } = await sendTracked(app, "203.0.113.77", JSON.stringify(bodies.contact()))
    answers.push({
      status: response.status,
      bodyRead,
      statements: log.slice(from),
      retryAfter: response.headers.get("retry-after"),
      origin: response.headers.get("access-control-allow-origin"),
      exposed: response.headers.get("access-control-expose-headers"),
      vary: response.headers.get("vary"),
    })
  }
  expect(answers.map((a) => a.status)).toEqual([
    ...Array.from({ length: 5 }, () => 200),
    ...Array.from({ length: 25 }, () => 429),
  ])
  // Postgres counted the fifth hit, so the sixth would be refused: from then on, nothing is read and nothing asked.
  expect(answers[4]!.statements.some((s) => s.includes("rate_limits"))).toBe(true)
  for (const refused of answers.slice(5)) {
    expect(refused.bodyRead).toBe(false)
    expect(refused.statements).toEqual([])
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600)
    expect(refused.origin).toBe(SITE_ORIGIN)
    expect(refused.exposed?.toLowerCase()).toContain("retry-after")
    // Answered before cors() runs, with the CORS headers cors() gives every other answer.
    expect([refused.origin, refused.exposed, refused.vary]).toEqual([
      answers[0]!.origin,
      answers[0]!.exposed,
      answers[0]!.vary,
    ])
  }
  expect(await db.query(`select hits from rate_limits`)).toEqual([{ hits: 5 }])
})

/** What one request of the model sends, and the answer its kind gets while the address is within its window. */
const REFUSED_KINDS = {
  "not JSON": { body: () => `{"name": "Ann`, contentType: "application/json", status: 400 },
  "refused by the contract": {
    body: () => JSON.stringify({ ...bodies.contact(), email: "not an address" }),
    contentType: "application/json",
    status: 400,
  },
  "not application/json": { body: () => JSON.stringify(bodies.contact()), contentType: "text/plain", status: 415 },
  "over the size limit": {
    body: () => JSON.stringify({ ...bodies.contact(), message: "x".repeat(MAX_BODY_BYTES) }),
    contentType: "application/json",
    status: 413,
  },
} as const
type Kind = "new" | "re-send of an answered one" | keyof typeof REFUSED_KINDS

test("refusals count toward the window, re-sends of answered submissions do not; once the window is used up, every request is refused unread, with no statement", async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.array(
        fc.constantFrom<Kind>(
          "new",
          "new",
          "re-send of an answered one",
          ...(Object.keys(REFUSED_KINDS) as Array<keyof typeof REFUSED_KINDS>),
        ),
        { minLength: 1, maxLength: 14 },
      ),
      async (max, kinds) => {
        run++
        const log: string[] = []
        const app = createApp({
          db: counting(db, log),
          config: testConfig({
            RATE_LIMIT_MAX: String(max),
            RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW,
            IP_HASH_SALT: `flood-model-salt-${run}-0123456789`,
          }),
        })
        // The model: what the address has used of its window (Postgres's count and the refusals), of its
        // replay allowance, and what it was answered.
        let used = 0
        let replays = 0
        const answered: Array<{ body: string; text: string }> = []
        for (const kind of kinds) {
          const earlier = answered[0]
          const body =
            kind === "new" || (kind === "re-send of an answered one" && !earlier)
              ? JSON.stringify(bodies.contact())
              : kind === "re-send of an answered one"
                ? earlier!.body
                : REFUSED_KINDS[kind].body()
          const contentType =
            kind in REFUSED_KINDS ? REFUSED_KINDS[kind as keyof typeof REFUSED_KINDS].contentType : "application/json"
          const from = log.length
          const { response, text, bodyRead } = await sendTracked(app, "192.0.2.10", body, contentType)
          if (used >= max || replays >= REPLAY_ALLOWANCE_FACTOR * max) {
            expect({ kind, status: response.status, bodyRead, statements: log.slice(from) }).toEqual({
              kind,
              status: 429,
              bodyRead: false,
              statements: [],
            })
            continue
          }
          if (kind === "re-send of an answered one" && earlier) {
            // Answered again as the first time; it uses none of the window, only the replay allowance.
            expect(response.status).toBe(200)
            expect(JSON.parse(text)).toEqual(JSON.parse(earlier.text))
            replays++
            continue
          }
          if (kind === "new" || kind === "re-send of an answered one") {
            expect(response.status).toBe(200)
            answered.push({ body, text })
          } else {
            expect({ kind, status: response.status }).toEqual({ kind, status: REFUSED_KINDS[kind].status })
            // Refused before the rate limit: counted in memory only.
            expect(log.slice(from).filter((s) => s.includes("rate_limits"))).toEqual([])
          }
          used++
        }
      },
    ),
    { numRuns: 40 },
  )
})

test("one answered submission re-sent in a loop is answered again, uncounted, up to the replay allowance; then it is refused from memory like a flood", async () => {
  const log: string[] = []
  const max = 2
  const app = createApp({
    db: counting(db, log),
    config: testConfig({
      RATE_LIMIT_MAX: String(max),
      RATE_LIMIT_WINDOW_SECONDS: LONG_WINDOW,
      IP_HASH_SALT: "flood-replay-salt-0123456789",
    }),
  })
  const body = JSON.stringify(bodies.contact())
  const statuses: number[] = []
  for (let i = 0; i < 1 + REPLAY_ALLOWANCE_FACTOR * max + 5; i++)
    statuses.push((await sendTracked(app, "192.0.2.20", body)).response.status)
  expect(statuses).toEqual([
    ...Array.from({ length: 1 + REPLAY_ALLOWANCE_FACTOR * max }, () => 200),
    ...Array.from({ length: 5 }, () => 429),
  ])
  // The re-sends used none of the window: Postgres counted the first send only.
  expect(
    await db.query(`select hits from rate_limits where ip_hash = $1`, [
      sha256Hex("flood-replay-salt-0123456789:192.0.2.20"),
    ]),
  ).toEqual([{ hits: 1 }])
})

test("with the guard in front, every answer is the one Postgres alone gives, for an address and its networks, across windows and instances", async () => {
  let run = 0
  // Three /64s: a and b share a /56, c is in another; all three share one /48.
  const networks: Record<string, readonly string[]> = {
    a: ["a", "ab", "abc"],
    b: ["b", "ab", "abc"],
    c: ["c", "c", "abc"],
  }
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 4 }),
      fc.array(
        fc.record({
          address: fc.constantFrom("a", "b", "c"),
          instance: fc.constantFrom(0, 1),
          advanceMs: fc.integer({ min: 0, max: 25_000 }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      async (max, wider56, wider48, events) => {
        run++
        const spam = { rateLimitWindowSeconds: 60 }
        const budgetsOf = (address: string): AddressBudget[] => {
          const [own = "", net56 = "", net48 = ""] = networks[address] ?? []
          return [
            { key: `${own}/64`, max },
            { key: `${net56}/56`, max: max * wider56 },
            { key: `${net48}/48`, max: max * wider56 * wider48 },
          ]
        }
        const limits = [0, 1].map(() =>
          createAddressLimit({ db, spam, ipHashSalt: `guarded-${run}`, guard: createFloodGuard() }),
        )
        // Later runs start later: the limit clears ended windows as time moves on.
        let now = Date.UTC(2040, 0, 1) + run * 1e9
        for (const { address, instance, advanceMs } of events) {
          now += advanceMs
          const budgets = budgetsOf(address)
          const alone = await takeRateLimits(
            db,
            budgets.map(({ key, max: most }) => ({ key: `alone-${run}-${key}`, max: most })),
            spam,
            now,
          )
          const limit = limits[instance]!
          let guarded = limit.refusal(budgets, now)
          if (guarded === null) {
            const verdict = await limit.take(budgets, now)
            if (!verdict.allowed) guarded = verdict.retryAfterSeconds
          }
          expect(guarded).toBe(alone.allowed ? null : alone.retryAfterSeconds)
        }
      },
    ),
    { numRuns: 60 },
  )
})

test("memory stays bounded under rotated keys, least recently seen evicted first; eviction only means asking Postgres again", () => {
  const budget = { rateLimitMax: 3, rateLimitWindowSeconds: 600 }
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.array(fc.oneof(fc.uuid(), fc.constant("flooder")), { maxLength: 500 }),
      fc.array(fc.uuid(), { maxLength: 100 }),
      (maxKeys, keys, refusing) => {
        const guard = createFloodGuard(maxKeys)
        const now = Date.UTC(2041, 0, 1)
        for (const key of keys) {
          if (guard.refusal(key, budget, now) === null) guard.learn(key, 3, budget, now)
          expect(guard.size).toBeLessThanOrEqual(maxKeys)
          // The key just seen is the last to go.
          expect(guard.refusal(key, budget, now)).not.toBeNull()
        }
        // Refusals take room the same way, and are bounded the same way.
        for (const key of refusing) {
          for (let i = 0; i < 3; i++) guard.refused(key, budget, now)
          expect(guard.size).toBeLessThanOrEqual(maxKeys)
          expect(guard.refusal(key, budget, now)).not.toBeNull()
        }
        // Under the budget, nothing is refused; in the next window, nothing carries over.
        const fresh = createFloodGuard(maxKeys)
        for (const key of new Set(keys)) {
          fresh.learn(key, 2, budget, now)
          expect(fresh.refusal(key, budget, now)).toBeNull()
          fresh.learn(key, 3, budget, now)
          expect(fresh.refusal(key, budget, now + 600_000)).toBeNull()
        }
      },
    ),
  )
})

test("the count learned only grows within a window (answers can come back out of order), and refusals add to it", () => {
  const budget = { rateLimitMax: 5, rateLimitWindowSeconds: 600 }
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant("refused" as const)), { maxLength: 30 }),
      (events) => {
        const guard = createFloodGuard()
        const now = Date.UTC(2042, 0, 1)
        let highest = 0
        let refused = 0
        for (const event of events) {
          if (event === "refused") {
            refused++
            guard.refused("k", budget, now)
          } else {
            highest = Math.max(highest, event)
            guard.learn("k", event, budget, now)
          }
          expect(guard.refusal("k", budget, now) !== null).toBe(highest + refused >= budget.rateLimitMax)
        }
      },
    ),
  )
})
