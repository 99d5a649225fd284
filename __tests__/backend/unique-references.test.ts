/**
 * @jest-environment node
 *
 * One request per reference (reference-claim.ts): any body may propose one, none may claim one another request
 * holds. A collision gets another reference, and the visitor is shown the stored one: in the answer, the
 * confirmation e-mail and text, and the office's notice. A wizard's calls keep the one their first call got.
 */
import fc from "fast-check"
import type { Db } from "../../supabase/functions/_shared/db"
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { alternativeReference } from "../../supabase/functions/_shared/intake/reference-claim"
import { bodies, post, withFreshApp, type AppUnderTest } from "./helpers"

jest.setTimeout(300_000)

let db: Db
let app: AppUnderTest
withFreshApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, app } = opened))

const AT = "2026-11-20T14:05:00.000Z"
const smsConsent = { version: LEAD_CONSENT.current, at: AT, sms: { version: LEAD_CONSENT.sms.current, at: AT } }

async function answered(fn: string, body: object): Promise<string> {
  const response = await post(app, fn, body)
  expect(response.status).toBe(200)
  const answer = (await response.json()) as { reference: string; message: string }
  return answer.reference
}

/** Every text queued for a submission (the notice, the confirmations), each naming the reference. */
async function textsOf(submissionId: string) {
  return db.query<{ kind: string; text: string }>(
    `select kind, coalesce(payload->>'text', payload->>'body') as text from outbox_jobs
     where dedupe_key in ($1, $2, $3)`,
    [`${submissionId}:company_email`, `${submissionId}:customer_email`, `${submissionId}:customer_sms`],
  )
}

test("three different requests proposing one reference are stored under three; each is told, mailed and texted its own", async () => {
  const proposed = "WEB777001"
  const sent = [
    { fn: "process-contact", body: { ...bodies.contact(), reference: proposed, consent: smsConsent } },
    { fn: "process-simple-lead", body: { ...bodies.booking(), reference: proposed, consent: smsConsent } },
    { fn: "process-simple-lead", body: { ...bodies.callback(), reference: proposed, consent: smsConsent } },
  ]
  const references: string[] = []
  for (const { fn, body } of sent) {
    const reference = await answered(fn, body)
    references.push(reference)
    const texts = await textsOf(body.submissionId)
    expect(texts.map((t) => t.kind).sort()).toEqual(
      ["company_email", "customer_sms", ...(body.email ? ["customer_email"] : [])].sort(),
    )
    for (const { text } of texts) expect(text).toContain(reference)
    if (reference !== proposed) for (const { text } of texts) expect(text).not.toContain(proposed)
  }
  expect(references[0]).toBe(proposed)
  expect(new Set(references).size).toBe(3)
  for (const reference of references)
    expect(
      await db.query(
        `select 1 from leads where reference = $1 union all select 1 from contact_messages where reference = $1`,
        [reference],
      ),
    ).toHaveLength(1)
})

test("a wizard whose first call's reference was taken keeps the other one on its later calls", async () => {
  const taken = await answered("process-contact", { ...bodies.contact(), reference: "WEB777002" })
  const lead = { ...bodies.estimateLead(), reference: taken }
  const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, reference: taken }
  const first = await answered("process-simple-lead", lead)
  expect(first).not.toBe(taken)
  expect(first).toBe(alternativeReference(lead.submissionId, 1))
  expect(await answered("process-estimate", request)).toBe(first)
  expect(await answered("send-estimate-confirmation", request)).toBe(first)
})

test("the database refuses a second row under one reference, whatever writes it", async () => {
  const reference = await answered("process-simple-lead", bodies.booking())
  await expect(
    db.query(
      `insert into leads (submission_id, kind, source, full_name, phone, reference) values (gen_random_uuid(), 'booking', 'x', 'Eve', '9145550000', $1)`,
      [reference],
    ),
  ).rejects.toThrow()
})

test("requests proposing references from a handful are each stored under their own, and each answer names it", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom("WEB100001", "WEB100002", "WEB100003"), fc.constantFrom(0, 1, 2)), {
        minLength: 2,
        maxLength: 8,
      }),
      async (proposals) => {
        const makers = [bodies.contact, bodies.booking, bodies.callback] as const
        const fns = ["process-contact", "process-simple-lead", "process-simple-lead"] as const
        for (const [reference, form] of proposals) {
          const body = { ...makers[form](), reference }
          const got = await answered(fns[form], body)
          const rows = await db.query<{ submission_id: string }>(
            `select submission_id::text from leads where reference = $1 union all select submission_id::text from contact_messages where reference = $1`,
            [got],
          )
          expect(rows).toEqual([{ submission_id: body.submissionId }])
        }
      },
    ),
    { numRuns: 20 },
  )
})
