/**
 * @jest-environment node
 *
 * The contract fuzzer: thousands of malformed requests to each public function through the
 * in-process app. Not one may be a 5xx, each must be a JSON error that says what is wrong, and
 * none may write a row.
 */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import { PUBLIC_FUNCTIONS } from "../../supabase/functions/_shared/app"
import { MAX_BODY_BYTES } from "../../supabase/functions/_shared/kernel/contract"
import type { Db } from "../../supabase/functions/_shared/db"
import { bodies, counts, freshDb, withFreshDb, post, testConfig, type AppUnderTest } from "./helpers"
import { checkAnswer, malformedRequests, takeIds, type TakenIds } from "./malformed-bodies"
import { textContaining } from "./matchers"

jest.setTimeout(120_000)

// `npm run bench:reliability` sends 5,000 per function over HTTP; here 2,000 keep CI quick while every class is drawn many times.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000)

let db: Db
let app: AppUnderTest
let taken: TakenIds

withFreshDb(async (fresh) => {
  db = fresh
  app = createApp({ db, config: testConfig({ RATE_LIMIT_MAX: "0" }) })
  taken = await takeIds(app)
})

describe.each(PUBLIC_FUNCTIONS)("%s", (name) => {
  test(`${RUNS} malformed requests: every answer a 4xx JSON error naming the problem, nothing written`, async () => {
    const before = await counts(db)
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(malformedRequests(name, taken), async (request) => {
        const response = await post(app, name, request.body, {
          "content-type": request.contentType,
          ...request.headers,
        })
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const check = checkAnswer(request, response.status, await response.text())
        if (!check.ok) throw new Error(`${request.kind}: ${check.problem}`)
      }),
      { numRuns: RUNS },
    )
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true)
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RUNS)
    expect(await counts(db)).toEqual(before)
  })
})

test("a body over 64 KB gets 413 on every function, before it is read, and nothing is written", async () => {
  const before = await counts(db)
  for (const name of PUBLIC_FUNCTIONS) {
    const response = await post(app, name, { ...bodies.contact(), message: "x".repeat(MAX_BODY_BYTES) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ success: false, error: textContaining("64 KB") })
  }
  expect(await counts(db)).toEqual(before)
})

test("a valid body with any text in its free-text fields is stored or refused, never a 5xx", async () => {
  const { pg: otherPg, db: otherDb } = await freshDb()
  const otherApp = createApp({ db: otherDb, config: testConfig() })
  try {
    const text = fc.string({ minLength: 1, maxLength: 200, unit: "binary" })
    await fc.assert(
      fc.asyncProperty(text, text, async (name, message) => {
        const response = await post(otherApp, "process-contact", { ...bodies.contact(), name, message })
        if (response.status >= 500)
          throw new Error(`status ${response.status} for ${JSON.stringify({ name, message })}`)
        expect([200, 400]).toContain(response.status)
      }),
      { numRuns: 500 },
    )
  } finally {
    await otherPg.close()
  }
})
