/**
 * @jest-environment node
 *
 * A site built with a pest, plan, property type, consent version or click id that the
 * functions' data does not have still stores the lead, and the office is told. Generated values, through
 * the in-process app on PGlite: every call 200, one row holding the values as sent, `flags` naming each,
 * the company notice's "Check this lead" block and the CRM forward listing them.
 */
import fc from "fast-check"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import { estimateRequestSchema } from "../../supabase/functions/_shared/kernel/contract"
import type { Db } from "../../supabase/functions/_shared/db"
import { intakeFor } from "../../supabase/functions/_shared/functions"
import { LEAD_FLAG_CODES, mergeFlags, type LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { estimateIntake, type RequestContext } from "../../supabase/functions/_shared/intake/leads"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies, officeClosed, post, withCrmApp, type AppUnderTest, type OpenedCrmApp } from "./helpers"
import { expectedDetails, skew, skewedOrigin, skewedWizard, type Skew } from "./skew-values"

jest.setTimeout(300_000)

let db: Db
let config: BackendConfig
let app: AppUnderTest
let forwarded: OpenedCrmApp["forwarded"]
withCrmApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, config, app, forwarded } = opened))

const LABEL = LEAD_MESSAGES.flags.labels.unknown_value
const ctxWith = (flags: readonly LeadFlag[]): RequestContext => ({
  config,
  userAgent: null,
  ipHash: null,
  now: officeClosed(),
  flags,
})

async function storedRow(table: "leads" | "contact_messages", submissionId: string) {
  return db.query<{
    flags: LeadFlag[]
    pests?: string[]
    property_type?: string
    service_plan?: string
    consent_version: string
    sms_consent_version: string
    attribution: unknown
  }>(`select * from ${table} where submission_id = $1`, [submissionId])
}

async function noticeText(submissionId: string) {
  const [job] = await db.query<{ payload: { text: string; html: string } }>(
    `select payload from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:company_email`],
  )
  expect(job).toBeDefined()
  return job!.payload
}

/** The notice's "Check this lead" block lists every detail, under its label. */
function expectNoticeLists(notice: { text: string; html: string }, details: readonly string[]) {
  expect(notice.text).toContain(`${LEAD_MESSAGES.flags.heading}\n`)
  for (const detail of details) expect(notice.text).toContain(`${LABEL}: ${detail}`)
}

const unknownDetails = (flags: readonly LeadFlag[]) =>
  flags.filter((f) => f.code === "unknown_value").map((f) => f.detail)

test("the wizard: all three calls with values the functions do not know are stored once, flagged, and the office is told", async () => {
  await fc.assert(
    fc.asyncProperty(skew, async (s: Skew) => {
      const { lead, request } = skewedWizard(s)
      for (const [fn, body] of [
        ["process-simple-lead", lead],
        ["process-estimate", request],
        ["send-estimate-confirmation", request],
      ] as const) {
        const response = await post(app, fn, body)
        expect(response.status).toBe(200)
        expect(await response.json()).toMatchObject({ success: true })
      }
      const rows = await storedRow("leads", lead.submissionId)
      expect(rows).toHaveLength(1)
      const row = rows[0]!
      // Stored as sent.
      expect(row).toMatchObject({
        pests: lead.pests,
        property_type: lead.propertyType,
        service_plan: lead.servicePlan,
        consent_version: lead.consent.version,
        sms_consent_version: lead.consent.sms.version,
        attribution: lead.attribution,
      })
      const details = expectedDetails(s, { estimate: true })
      // Each value named once, however many calls carried it.
      expect(unknownDetails(row.flags).sort()).toEqual([...details].sort())
      expectNoticeLists(await noticeText(lead.submissionId), details)
    }),
    { numRuns: 25 },
  )
})

test("the CRM forward carries the lead's flags", async () => {
  const s: Skew = { pests: ["Termites 2"], servicePlan: "gold-2027", consentVersion: "contact-2027-03" }
  const { lead, request } = skewedWizard(s)
  expect((await post(app, "process-simple-lead", lead)).status).toBe(200)
  expect((await post(app, "process-estimate", request)).status).toBe(200)
  const forward = (await forwarded<{ submissionId: string; flags: LeadFlag[] }>()).find(
    (b) => b.submissionId === lead.submissionId,
  )
  expect(forward?.flags).toEqual([
    { code: "unknown_value", detail: 'service plan "gold-2027"' },
    { code: "unknown_value", detail: 'pest "Termites 2"' },
    { code: "unknown_value", detail: 'consent version "contact-2027-03"' },
  ])
})

const OTHER_FORMS = {
  contact: { fn: "process-contact", table: "contact_messages", make: bodies.contact },
  booking: { fn: "process-simple-lead", table: "leads", make: bodies.booking },
  callback: { fn: "process-simple-lead", table: "leads", make: bodies.callback },
} as const

test("the other forms: an unknown consent or SMS version or a new click id is stored, flagged and shown to the office", async () => {
  const originSkew = skew.map(({ consentVersion, smsConsentVersion, clickId }) => ({
    consentVersion,
    smsConsentVersion,
    clickId,
  }))
  await fc.assert(
    fc.asyncProperty(
      originSkew,
      fc.constantFrom(...(Object.keys(OTHER_FORMS) as Array<keyof typeof OTHER_FORMS>)),
      async (s, form) => {
        const { fn, table, make } = OTHER_FORMS[form]
        const body = { ...make(), ...skewedOrigin(s) }
        const response = await post(app, fn, body)
        expect(response.status).toBe(200)
        const rows = await storedRow(table, body.submissionId)
        expect(rows).toHaveLength(1)
        const details = expectedDetails(s, { estimate: false })
        expect(unknownDetails(rows[0]!.flags).sort()).toEqual([...details].sort())
        expect(rows[0]!.attribution).toEqual(body.attribution)
        if (details.length > 0) expectNoticeLists(await noticeText(body.submissionId), details)
        else expect((await noticeText(body.submissionId)).text).not.toContain(LEAD_MESSAGES.flags.heading)
      },
    ),
    { numRuns: 30 },
  )
})

test("the offer callback with other fixed values than its form sends today is stored and flagged", async () => {
  const body = { ...bodies.callback(), property_type: "commercial", service_plan: "monthly", pests: ["rodents"] }
  expect((await post(app, "process-simple-lead", body)).status).toBe(200)
  const [row] = await storedRow("leads", body.submissionId)
  expect(row?.flags).toEqual([
    { code: "unknown_value", detail: 'property type "commercial"' },
    { code: "unknown_value", detail: 'service plan "monthly"' },
    { code: "unknown_value", detail: 'pest "rodents"' },
  ])
})

test("a wizard's later calls add only the flags that are new, earlier ones first, each once", async () => {
  const flag = fc.record({
    code: fc.constantFrom(...LEAD_FLAG_CODES),
    detail: fc.constantFrom("a", "b", "c"),
  })
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(flag, { maxLength: 4 }), { minLength: 1, maxLength: 3 }), async (perCall) => {
      const body = estimateRequestSchema.validateSync(bodies.estimateRequest())
      for (const flags of perCall) await db.transaction((tx) => estimateIntake(body).store(tx, ctxWith(flags)))
      const [row] = await storedRow("leads", body.submissionId)
      expect(row?.flags).toEqual(mergeFlags(...perCall))
    }),
    { numRuns: 30 },
  )
})

test("the office's 'Not spam' release of a kept body with values the functions do not know stores it, flagged", async () => {
  await fc.assert(
    fc.asyncProperty(skew, async (s) => {
      const { lead } = skewedWizard(s)
      const intake = await intakeFor("process-simple-lead", JSON.parse(JSON.stringify(lead)))
      expect(intake).not.toBeNull()
      const { reference } = await db.transaction((tx) => intake!.store(tx, ctxWith([])))
      const [row] = await db.query<{ flags: LeadFlag[] }>(`select flags from leads where reference = $1`, [reference])
      expect(unknownDetails(row!.flags).sort()).toEqual(expectedDetails(s, { estimate: true }).sort())
    }),
    { numRuns: 15 },
  )
})
