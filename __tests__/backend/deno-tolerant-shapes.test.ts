/**
 * @jest-environment node
 *
 * Shape tolerance under Deno, each function's entry point as it deploys, against PGlite's wire server: the real
 * forms' bodies mutated where the visitor cannot fix it (shape-mutations.ts) are stored once, answered 200 and
 * flagged, and a re-send adds nothing; the ten reported bodies likewise; three requests proposing one reference are
 * stored under three.
 */
import type { PGlite } from "@electric-sql/pglite"
import fc from "fast-check"
import type { LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { withDenoFunctions } from "./deno-server"
import { SITE_ORIGIN, bodies } from "./helpers"
import { REPORTED, mutatedBody } from "./shape-mutations"

jest.setTimeout(600_000)

const FUNCTIONS = ["process-simple-lead", "process-estimate", "send-estimate-confirmation", "process-contact"] as const

let pg: PGlite
const deno = withDenoFunctions(FUNCTIONS, { RATE_LIMIT_MAX: "0", ALLOWED_ORIGINS: SITE_ORIGIN }, (db) => (pg = db))
const send = (name: string, body: unknown) => deno.post(name, JSON.stringify(body))

const rowCount = async () =>
  (
    await pg.query<{ n: number }>(
      `select ((select count(*) from leads) + (select count(*) from contact_messages))::int as n`,
    )
  ).rows[0]!.n

async function storedOnceAndFlagged(name: string, body: unknown): Promise<LeadFlag[]> {
  const response = await send(name, body)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${response.status} ${text}`)
  const answer = JSON.parse(text) as { success: boolean; reference: string }
  expect(answer.success).toBe(true)
  const { rows } = await pg.query<{ flags: LeadFlag[] }>(
    `select flags from leads where reference = $1 union all select flags from contact_messages where reference = $1`,
    [answer.reference],
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]!.flags.length).toBeGreaterThan(0)
  const before = await rowCount()
  const again = await send(name, body)
  expect(again.status).toBe(200)
  expect(await again.json()).toEqual(answer)
  expect(await rowCount()).toBe(before)
  return rows[0]!.flags
}

test("under Deno, every mutated real form's body is stored once, answered 200 and flagged; a re-send adds nothing", async () => {
  await fc.assert(
    fc.asyncProperty(mutatedBody, async ({ form, body }) => {
      await storedOnceAndFlagged(form.fn, body)
    }),
    { numRuns: Number(process.env.DENO_SHAPE_RUNS ?? 40) },
  )
})

test("under Deno, the ten reported bodies are stored once and flagged naming the field", async () => {
  for (const c of REPORTED) {
    const flags = await storedOnceAndFlagged(c.fn, c.body)
    expect([c.name, flags.map((f) => f.detail).join("\n")]).toEqual([c.name, expect.stringContaining(c.flag)])
  }
})

test("under Deno, three requests proposing one reference are stored and answered under three", async () => {
  const references = new Set<string>()
  for (const [name, body] of [
    ["process-contact", { ...bodies.contact(), reference: "WEB888001" }],
    ["process-simple-lead", { ...bodies.booking(), reference: "WEB888001" }],
    ["process-simple-lead", { ...bodies.callback(), reference: "WEB888001" }],
  ] as const) {
    const response = await send(name, body)
    expect(response.status).toBe(200)
    references.add(((await response.json()) as { reference: string }).reference)
  }
  expect(references.size).toBe(3)
})
