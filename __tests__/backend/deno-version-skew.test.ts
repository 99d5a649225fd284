/**
 * @jest-environment node
 *
 * Under Deno, each function's entry point as it deploys, against PGlite's wire server: a wizard
 * lead with a pest, plan or consent version (or a new click id) the functions' data does not have is stored
 * once with its flags and the office's notice lists them; a consent time of year 0000 is no 500,
 * the receipt time is stored; a legal-size body with a 30,000-item list is a small 400.
 */
import type { PGlite } from "@electric-sql/pglite"
import fc from "fast-check"
import type { LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { LEAD_CONSENT, LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { withDenoFunctions } from "./deno-server"
import { SITE_ORIGIN, bodies } from "./helpers"
import { expectedDetails, skew, skewedWizard } from "./skew-values"

jest.setTimeout(300_000)

const FUNCTIONS = ["process-simple-lead", "process-estimate", "send-estimate-confirmation", "process-contact"] as const

let pg: PGlite
const deno = withDenoFunctions(FUNCTIONS, { RATE_LIMIT_MAX: "0", ALLOWED_ORIGINS: SITE_ORIGIN }, (db) => (pg = db))
const send = (name: string, body: unknown) => deno.post(name, typeof body === "string" ? body : JSON.stringify(body))

test("under Deno, a wizard lead with values the functions' data does not have is stored once, flagged, and the notice lists them", async () => {
  await fc.assert(
    fc.asyncProperty(skew, async (s) => {
      const { lead, request } = skewedWizard(s)
      for (const [name, body] of [
        ["process-simple-lead", lead],
        ["process-estimate", request],
        ["send-estimate-confirmation", request],
      ] as const) {
        const response = await send(name, body)
        expect(response.status).toBe(200)
        expect(await response.json()).toMatchObject({ success: true })
      }
      const { rows } = await pg.query<{ flags: LeadFlag[]; pests: string[]; service_plan: string; text: string }>(
        `select l.flags, l.pests, l.service_plan, j.payload->>'text' as text
         from leads l join outbox_jobs j on j.dedupe_key = l.submission_id::text || ':company_email'
         where l.submission_id = $1`,
        [lead.submissionId],
      )
      expect(rows).toHaveLength(1)
      const [row] = rows
      expect(row!.pests).toEqual(lead.pests)
      expect(row!.service_plan).toBe(lead.servicePlan)
      const details = expectedDetails(s, { estimate: true })
      expect(
        row!.flags
          .filter((f) => f.code === "unknown_value")
          .map((f) => f.detail)
          .sort(),
      ).toEqual([...details].sort())
      for (const detail of details)
        expect(row!.text).toContain(`${LEAD_MESSAGES.flags.labels.unknown_value}: ${detail}`)
    }),
    { numRuns: 8 },
  )
})

test("under Deno, a consent time of year 0000 is stored as received now, the browser's time left out and flagged", async () => {
  const body = {
    ...bodies.contact(),
    consent: { version: LEAD_CONSENT.current, at: "0000-01-01T00:00:00.000Z" },
  }
  const before = Date.now()
  const response = await send("process-contact", body)
  expect(response.status).toBe(200)
  const { rows } = await pg.query<{ consent_at: Date; consent_client_at: Date | null; flags: LeadFlag[] }>(
    `select consent_at, consent_client_at, flags from contact_messages where submission_id = $1`,
    [body.submissionId],
  )
  expect(rows[0]!.consent_client_at).toBeNull()
  expect(rows[0]!.consent_at.getTime()).toBeGreaterThanOrEqual(before - 1_000)
  expect(rows[0]!.consent_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
  expect(rows[0]!.flags).toEqual([{ code: "time_out_of_range", detail: 'consent time "0000-01-01T00:00:00.000Z"' }])
})

test("under Deno, a legal-size body with a 30,000-item list is a small 400 naming the field", async () => {
  const body = { ...bodies.estimateLead(), pests: Array.from({ length: 30_000 }, () => 0) }
  const response = await send("process-simple-lead", body)
  expect(response.status).toBe(400)
  const text = await response.text()
  expect(text.length).toBeLessThan(300)
  expect(Object.keys((JSON.parse(text) as { fields: Record<string, string> }).fields)).toEqual(["pests"])
})
