/**
 * @jest-environment node
 *
 * The contract fuzzer under Deno: the same generated malformed requests (deep nesting, broken
 * Unicode, invisible text, odd numbers and types, bad e-mail addresses, header variants, ids reused
 * across functions …) sent over HTTP to each Edge Function entry point as it deploys. Not one may be
 * a 5xx, each must be a JSON error naming the problem, and none may write a row.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import fc from "fast-check"
import { PUBLIC_FUNCTIONS } from "../../supabase/functions/_shared/app"
import type { PublicFunctionName } from "../../supabase/functions/_shared/kernel/contract"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"
import { ANON_KEY, SITE_ORIGIN, freshDb } from "./helpers"
import { checkAnswer, malformedRequests, takeIds, type TakenIds } from "./malformed-bodies"

jest.setTimeout(300_000)

const RUNS = Number(process.env.DENO_FUZZ_RUNS ?? 400)

let pg: PGlite
let wire: WireServer
const urls = new Map<string, string>()
let taken: TakenIds

const send = (name: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${urls.get(name)}/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY, origin: SITE_ORIGIN, ...headers },
    body,
  })

const rowCount = async () => {
  const { rows } = await pg.query<{ n: number }>(
    `select (select count(*) from leads)::int + (select count(*) from contact_messages)::int + (select count(*) from outbox_jobs)::int
      + (select count(*) from function_calls)::int + (select count(*) from spam_attempts)::int as n`,
  )
  return rows[0]!.n
}

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 20 })
  await wire.start()
  const databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  // The rate limit would answer most of a fuzz run with 429s and hide what the checks behind it say.
  // (No wake on commit either, as deno-server.ts starts every function: see there.)
  const env = { RATE_LIMIT_MAX: "0", ALLOWED_ORIGINS: SITE_ORIGIN }
  await Promise.all(PUBLIC_FUNCTIONS.map(async (name) => urls.set(name, await serveUnderDeno(name, databaseUrl, env))))
  taken = await takeIds((name, body) => send(name, JSON.stringify(body)))
})
afterAll(async () => {
  stopDenoFunctions()
  await wire.stop()
  await pg.close()
})

describe.each(PUBLIC_FUNCTIONS)("%s under Deno", (name: PublicFunctionName) => {
  test(`${RUNS} malformed requests over HTTP: every answer a 4xx JSON error naming the problem, nothing written`, async () => {
    const before = await rowCount()
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(malformedRequests(name, taken), async (request) => {
        const response = await send(name, request.body, { "content-type": request.contentType, ...request.headers })
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const check = checkAnswer(request, response.status, await response.text())
        if (!check.ok) throw new Error(`${request.kind}: ${check.problem}`)
      }),
      { numRuns: RUNS },
    )
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true)
    expect(await rowCount()).toBe(before)
  })
})
