/**
 * @jest-environment node
 *
 * A body of another site version, by shape, is stored once, answered as any lead is and flagged for the office
 * (validate.ts' tolerant reading): the real forms' bodies mutated where the visitor cannot fix it (a field added,
 * removed, renamed, null or of another type, a nested object with a key more or less), and the ten bodies the
 * issue reported. Re-sending one gets the same answer and no second row. What the visitor can fix, and abuse,
 * are still refused.
 */
import fc from "fast-check"
import type { Db } from "../../supabase/functions/_shared/db"
import type { LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies, counts, post, withFreshApp, type AppUnderTest } from "./helpers"
import { FORMS, REPORTED, mutatedBody } from "./shape-mutations"

jest.setTimeout(600_000)

let db: Db
let app: AppUnderTest
withFreshApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, app } = opened))

interface Stored {
  table: string
  flags: LeadFlag[]
  unread_fields: Record<string, unknown>
  submission_id: string
}

/** The one request stored under a reference, leads and messages alike. */
async function storedUnder(reference: string): Promise<Stored[]> {
  return db.query<Stored>(
    `select 'leads' as table, flags, unread_fields, submission_id::text from leads where reference = $1
     union all select 'contact_messages', flags, unread_fields, submission_id::text from contact_messages where reference = $1`,
    [reference],
  )
}

async function noticeOf(submissionId: string): Promise<string> {
  const [job] = await db.query<{ text: string }>(
    `select payload->>'text' as text from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:company_email`],
  )
  return job?.text ?? ""
}

/** Sends a body twice: both answered 200 alike, one row under the reference, flagged, no second row. */
async function expectStoredOnceAndFlagged(fn: string, body: unknown): Promise<Stored> {
  const first = await post(app, fn, body)
  const text = await first.text()
  if (first.status !== 200) throw new Error(`${first.status} ${text}`)
  const answer = JSON.parse(text) as { success: boolean; reference: string }
  expect(answer).toMatchObject({ success: true })
  const rows = await storedUnder(answer.reference)
  expect(rows).toHaveLength(1)
  const before = await counts(db)
  const again = await post(app, fn, body)
  expect(again.status).toBe(200)
  expect(await again.json()).toEqual(answer)
  expect(await counts(db)).toEqual(before)
  const [row] = rows
  expect(row!.flags.length).toBeGreaterThan(0)
  return row!
}

test("every real form's body mutated where the visitor cannot fix it is stored once, answered 200 and flagged; a re-send adds nothing", async () => {
  await fc.assert(
    fc.asyncProperty(mutatedBody, async ({ form, body }) => {
      const row = await expectStoredOnceAndFlagged(form.fn, body)
      // The office's notice says what was odd, under its heading.
      expect(await noticeOf(row.submission_id)).toContain(LEAD_MESSAGES.flags.heading)
    }),
    { numRuns: Number(process.env.SHAPE_RUNS ?? 150) },
  )
})

describe("the ten bodies from another site version that were refused", () => {
  test.each(REPORTED.map((c) => [c.name, c] as const))(
    "%s: stored once, 200, flagged naming the field",
    async (_name, c) => {
      const row = await expectStoredOnceAndFlagged(c.fn, c.body)
      expect(row.flags.map((f) => f.detail).join("\n")).toContain(c.flag)
      const notice = await noticeOf(row.submission_id)
      expect(notice).toContain(LEAD_MESSAGES.flags.heading)
    },
  )
})

test("an unknown field's value is kept with the lead as sent; the flag names the field, never the value", async () => {
  const body = {
    ...bodies.contact(),
    companyName: "Acme Pest Haters",
    consent: { version: "x", at: ["y"], marketing: { on: true } },
  }
  const row = await expectStoredOnceAndFlagged("process-contact", body)
  expect(row.unread_fields).toEqual({
    companyName: "Acme Pest Haters",
    "consent.marketing": { on: true },
    "consent.at": ["y"],
  })
  expect(row.flags).toEqual([
    { code: "unknown_field", detail: "companyName" },
    { code: "unknown_field", detail: "consent.marketing" },
    { code: "unreadable_field", detail: "consent.at: a list the functions cannot read" },
    { code: "unknown_value", detail: 'consent version "x"' },
  ])
  expect(JSON.stringify(row.flags)).not.toContain("Acme")
})

test("a body without a submissionId (an older site) gets a key made from it: a re-send is the same submission", async () => {
  const { submissionId: _id, ...body } = bodies.booking()
  const row = await expectStoredOnceAndFlagged("process-simple-lead", body)
  expect(row.flags.some((f) => f.code === "missing_field" && f.detail.startsWith("submissionId"))).toBe(true)
  // With the time in the form and the token changed, as a re-send has them: still the same one.
  const again = await post(app, "process-simple-lead", { ...body, formFillMs: 99_000 })
  expect(again.status).toBe(200)
  expect(await db.query(`select 1 from leads where submission_id = $1`, [row.submission_id])).toHaveLength(1)
})

test("a bot's body keeps its unknown fields in its spam record, so the office's release replays them", async () => {
  const bot = { ...bodies.contact(), website: "http://spam.example", companyName: "Acme", submissionId: "not-a-uuid" }
  expect((await post(app, "process-contact", bot)).status).toBe(200)
  const [record] = await db.query<{ body: Record<string, unknown> }>(
    `select body from spam_attempts where body->>'companyName' = 'Acme'`,
  )
  expect(record?.body).toMatchObject({ companyName: "Acme", name: "Ann Lee" })
  expect(record?.body.submissionId).not.toBe("not-a-uuid")
})

test("a missing fill time does not let a bot through unflagged, nor a filled honeypot through at all", async () => {
  const { formFillMs: _fill, ...timeless } = bodies.contact()
  const row = await expectStoredOnceAndFlagged("process-contact", timeless)
  expect(row.flags.map((f) => f.code)).toContain("fill_time_unknown")
  // The honeypot sent as another type reads as filled: filed as spam (answered alike), no message stored.
  const before = await counts(db)
  const bot = { ...bodies.contact(), website: ["http://spam.example"] }
  expect((await post(app, "process-contact", bot)).status).toBe(200)
  expect((await db.query(`select 1 from contact_messages where submission_id = $1`, [bot.submissionId])).length).toBe(0)
  expect(await counts(db)).not.toEqual(before)
})

test("a field the visitor enters, sent absent altogether, is stored empty and flagged missing; sent and invalid, it is refused beside the field", async () => {
  const { email: _email, ...noEmail } = bodies.booking()
  const row = await expectStoredOnceAndFlagged("process-simple-lead", noEmail)
  expect(row.flags.some((f) => f.code === "missing_field" && f.detail.startsWith("email: "))).toBe(true)
  // No confirmation to an address that did not come.
  const jobs = await db.query(`select 1 from outbox_jobs where dedupe_key = $1`, [
    `${noEmail.submissionId}:customer_email`,
  ])
  expect(jobs).toHaveLength(0)
  for (const [fn, body, field, code] of [
    ["process-contact", { ...bodies.contact(), name: "" }, "name", "enter"],
    ["process-contact", { ...bodies.contact(), email: "ann@" }, "email", "emailInvalid"],
    ["process-simple-lead", { ...bodies.booking(), phone: "914" }, "phone", "phoneDigits"],
    ["process-simple-lead", { ...bodies.booking(), zipCode: "1058" }, "zipCode", "zipInvalid"],
  ] as const) {
    const response = await post(app, fn, body)
    expect(response.status).toBe(400)
    const answer = (await response.json()) as {
      fields: Record<string, string>
      codes: Record<string, { code: string }>
    }
    expect(Object.keys(answer.fields)).toEqual([field])
    expect(answer.codes[field]?.code).toBe(code)
  }
})

test("abuse keeps its 4xx naming the field: a huge list, too many unknown fields, no field of the form at all", async () => {
  const before = await counts(db)
  const huge = await post(app, "process-simple-lead", {
    ...bodies.estimateLead(),
    pests: Array.from({ length: 30 }, (_, i) => `P${i}`),
  })
  expect(huge.status).toBe(400)
  expect(Object.keys(((await huge.json()) as { fields: object }).fields)).toEqual(["pests"])
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, i]))
  const crowded = await post(app, "process-contact", { ...bodies.contact(), ...many })
  expect(crowded.status).toBe(400)
  const none = await post(app, "process-contact", { submissionId: bodies.contact().submissionId, hello: 1 })
  expect(none.status).toBe(400)
  expect(Object.keys(((await none.json()) as { fields: object }).fields)).toEqual(["body"])
  expect(await counts(db)).toEqual(before)
})

test("the forms themselves stay strict: the same schemas refuse what the functions tolerate", () => {
  for (const form of FORMS) expect(form.schema.type).toBe("object")
  const { contactMessageSchema } = jest.requireActual<
    typeof import("../../supabase/functions/_shared/kernel/contract")
  >("../../supabase/functions/_shared/kernel/contract")
  expect(contactMessageSchema.isValidSync({ ...bodies.contact(), companyName: "Acme" })).toBe(false)
  expect(contactMessageSchema.isValidSync({ ...bodies.contact(), language: null })).toBe(false)
})
