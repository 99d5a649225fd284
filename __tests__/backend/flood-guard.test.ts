/**
 * @jest-environment node
 *
 * The in-memory flood guard in front of the Postgres rate limit: once an address has used up its
 * window, its further requests are refused without a database write, with the same answer
 * Postgres would give; it never refuses what Postgres would allow, and its memory stays bounded
 * however many addresses an attacker rotates through.
 */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { FLOOD_AFTER_REFUSALS, createFloodGuard } from "../../supabase/functions/_shared/spam/flood-guard"
import { takeRateLimit } from "../../supabase/functions/_shared/spam/rate-limit"
import { SITE_ORIGIN, bodies, withFreshDb, post, testConfig } from "./helpers"

jest.setTimeout(120_000)

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

test("after the limit, a flood from one address is refused from memory: 429 with Retry-After and CORS, and no rate_limits write", async () => {
  const log: string[] = []
  const app = createApp({
    db: counting(db, log),
    config: testConfig({
      RATE_LIMIT_MAX: "5",
      RATE_LIMIT_WINDOW_SECONDS: "600",
      IP_HASH_SALT: "flood-guard-test-salt",
    }),
  })
  const answers: Array<{
    status: number
    statements: string[]
    retryAfter: string | null
    origin: string | null
    exposed: string | null
  }> = []
  for (let i = 0; i < 30; i++) {
    const from = log.length
    const response = await post(app, "process-contact", bodies.contact(), { "x-forwarded-for": "203.0.113.77" })
    answers.push({
      status: response.status,
      statements: log.slice(from),
      retryAfter: response.headers.get("retry-after"),
      origin: response.headers.get("access-control-allow-origin"),
      exposed: response.headers.get("access-control-expose-headers"),
    })
  }
  expect(answers.map((a) => a.status)).toEqual([
    ...Array.from({ length: 5 }, () => 200),
    ...Array.from({ length: 25 }, () => 429),
  ])
  // Postgres counted the fifth hit, so the sixth would be refused: from then on, no rate_limits statement.
  expect(answers[4]!.statements.some((s) => s.includes("rate_limits"))).toBe(true)
  for (const refused of answers.slice(5, 5 + FLOOD_AFTER_REFUSALS)) {
    expect(refused.statements.filter((s) => s.includes("rate_limits"))).toEqual([])
    // Only the look-up that lets an already answered submission get its answer first.
    expect(refused.statements).toHaveLength(1)
    expect(refused.statements[0]).toMatch(/from function_calls/)
  }
  // Refused as often as it was allowed (at least FLOOD_AFTER_REFUSALS times): a flood, refused before its body is read.
  for (const refused of answers.slice(5 + FLOOD_AFTER_REFUSALS)) expect(refused.statements).toEqual([])
  for (const refused of answers.slice(5)) {
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600)
    expect(refused.origin).toBe(SITE_ORIGIN)
    expect(refused.exposed?.toLowerCase()).toContain("retry-after")
  }
  expect(await db.query(`select hits from rate_limits`)).toEqual([{ hits: 5 }])
})

test("with the guard in front, every answer is the one Postgres alone gives, across windows and instances", async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 5 }),
      fc.array(
        fc.record({
          key: fc.constantFrom("a", "b", "c"),
          instance: fc.constantFrom(0, 1),
          advanceMs: fc.integer({ min: 0, max: 25_000 }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      async (max, events) => {
        run++
        const spam = testConfig({ RATE_LIMIT_MAX: String(max), RATE_LIMIT_WINDOW_SECONDS: "60" }).spam
        const guards = [createFloodGuard(), createFloodGuard()]
        // Later runs start later: the limit clears ended windows as time moves on.
        let now = Date.UTC(2040, 0, 1) + run * 1e9
        for (const { key, instance, advanceMs } of events) {
          now += advanceMs
          const guard = guards[instance]!
          const alone = await takeRateLimit(db, `alone-${run}-${key}`, spam, now)
          let guarded = guard.refusal(`guarded-${run}-${key}`, spam, now)
          if (guarded === null) {
            const limit = await takeRateLimit(db, `guarded-${run}-${key}`, spam, now)
            guard.learn(`guarded-${run}-${key}`, limit.hits, spam, now)
            if (!limit.allowed) guarded = limit.retryAfterSeconds
          }
          expect(guarded).toBe(alone.allowed ? null : alone.retryAfterSeconds)
        }
      },
    ),
    { numRuns: 60 },
  )
})

test("memory stays bounded under rotated keys, least recently seen evicted first; eviction only means asking Postgres again", () => {
  const spam = testConfig({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" }).spam
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.array(fc.oneof(fc.uuid(), fc.constant("flooder")), { maxLength: 500 }),
      (maxKeys, keys) => {
        const guard = createFloodGuard(maxKeys)
        const now = Date.UTC(2041, 0, 1)
        for (const key of keys) {
          if (guard.refusal(key, spam, now) === null) guard.learn(key, 3, spam, now)
          expect(guard.size).toBeLessThanOrEqual(maxKeys)
          // The key just seen is the last to go.
          expect(guard.refusal(key, spam, now)).not.toBeNull()
        }
        // Keys under the limit take no room.
        const fresh = createFloodGuard(maxKeys)
        for (const key of keys) fresh.learn(key, 2, spam, now)
        expect(fresh.size).toBe(0)
      },
    ),
  )
})
