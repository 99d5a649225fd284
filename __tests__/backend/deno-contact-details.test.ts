/**
 * @jest-environment node
 *
 * The visitor's number and address under Deno, as deployed (libphonenumber-js and the e-mail spell checker
 * through supabase/functions/deno.json's import map): a number with an extension is stored with its E.164 and
 * extension apart, a Cuban number is not texted and the lead says why, an internationalised domain is e-mailed
 * at its ASCII form, a non-ASCII name before the @ is stored and flagged, a mistyped domain is flagged. The
 * same reading as Node's (contact-details.test.ts), checked against the Node modules' own answers.
 */
import type { PGlite } from "@electric-sql/pglite"
import { consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { parsePhone, textableNumber } from "../../supabase/functions/_shared/phone-number"
import { emailFlags } from "../../supabase/functions/_shared/email-recipient"
import { ANON_KEY, bodies } from "./helpers"
import { withDenoFunctions } from "./deno-server"

jest.setTimeout(180_000)

let pg: PGlite
const deno = withDenoFunctions(["process-simple-lead"], {}, (db) => (pg = db))

const AGREED_AT = new Date().toISOString()
const consent = {
  version: consentVersionId(LEAD_CONSENT.current, "en"),
  at: AGREED_AT,
  sms: { version: consentVersionId(LEAD_CONSENT.sms.current, "en"), at: AGREED_AT },
}

async function sent(body: Record<string, unknown> & { submissionId: string }) {
  const response = await fetch(`${deno.url("process-simple-lead")}/process-simple-lead`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  const lead = await pg.query<{
    phone_e164: string | null
    phone_extension: string | null
    flags: Array<{ code: string; detail: string }>
  }>(`select phone_e164, phone_extension, flags from leads where submission_id = $1`, [body.submissionId])
  const jobs = await pg.query<{ dedupe_key: string; payload: { to?: string } }>(
    `select dedupe_key, payload from outbox_jobs where dedupe_key like $1`,
    [`${body.submissionId}:customer_%`],
  )
  const job = (kind: string) => jobs.rows.find((j) => j.dedupe_key === `${body.submissionId}:${kind}`)?.payload
  return { lead: lead.rows[0], sms: job("customer_sms"), email: job("customer_email") }
}

test.each([
  ["914-555-0100 x123", "ana@bücher.de"],
  ["(914) 555-0142", "ana@gmail.con"],
  ["+53 5 1234567", "josé@ejemplo.mx"],
  ["1-900-555-0199", "tom@example.com"],
  ["0044 20 7946 0958", "ana@hotmial.com"],
  ["555-555-5555", "ana@example.com"],
])("%s and %s are read under Deno as under Node", async (phone, email) => {
  const { lead, sms, email: mail } = await sent({ ...bodies.booking(), phone, email, consent })
  const read = parsePhone(phone)
  expect(lead).toMatchObject({ phone_e164: read.e164, phone_extension: read.extension })
  const textable = textableNumber(phone)
  expect(sms?.to).toBe(textable.ok ? textable.to : undefined)
  if (!textable.ok) expect(lead?.flags).toContainEqual({ code: "phone_not_texted", detail: textable.detail })
  for (const flag of emailFlags(email)) expect(lead?.flags).toContainEqual(flag)
  const expectedTo: Record<string, string | undefined> = {
    "ana@bücher.de": "ana@xn--bcher-kva.de",
    "josé@ejemplo.mx": undefined,
  }
  expect(mail?.to).toBe(email in expectedTo ? expectedTo[email] : email)
})
