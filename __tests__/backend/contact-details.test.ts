/**
 * @jest-environment node
 *
 * A visitor's number and address as the functions store and use them, through the real app on PGlite: every
 * request with a number the contract takes is stored (as typed, with its E.164 and extension apart), the
 * office's Call button dials the number as read (`tel:+19145550100;ext=123`) or is left out when the number
 * could not be read, and the visitor is texted only at a number the business texts, else the office's notice
 * says why; an internationalised domain is e-mailed at its ASCII form, a non-ASCII name before the @ is
 * stored, flagged and not e-mailed, and a likely typo is flagged. In English and in Spanish.
 */
import fc from "fast-check"
import { getExampleNumber } from "libphonenumber-js/max"
import examples from "libphonenumber-js/mobile/examples"
import type { Db } from "../../supabase/functions/_shared/db"
import { consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import {
  CUSTOMER_TEXTS,
  LEAD_CONSENT,
  LEAD_MESSAGES,
} from "../../supabase/functions/_shared/kernel/site-data.generated"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import { loadSubject } from "../../supabase/functions/_shared/alerts/subject"
import { parsePhone, telUri, textableNumber } from "../../supabase/functions/_shared/phone-number"
import { EXTENSION_MARKS } from "../fixtures/phones"
import { bodies, officeClosed, post, withFreshApp, type AppUnderTest } from "./helpers"

jest.setTimeout(180_000)

let db: Db
let app: AppUnderTest
withFreshApp({}, (opened) => ({ db, app } = opened), officeClosed)

const AGREED_AT = "2026-11-22T07:59:00.000Z"
/** The consent of the page's language, with the SMS opt-in ticked. */
const consent = (language: Language) => ({
  version: consentVersionId(LEAD_CONSENT.current, language),
  at: AGREED_AT,
  sms: { version: consentVersionId(LEAD_CONSENT.sms.current, language), at: AGREED_AT },
})

interface Stored {
  id: string
  phone: string
  phone_e164: string | null
  phone_extension: string | null
  email: string | null
  flags: Array<{ code: string; detail: string }>
}

const storedLead = async (submissionId: string) => {
  const [row] = await db.query<Stored>(
    `select id, phone, phone_e164, phone_extension, email, flags from leads where submission_id = $1`,
    [submissionId],
  )
  if (!row) throw new Error(`no lead for ${submissionId}`)
  return row
}

const jobOf = async (dedupeKey: string) =>
  (
    await db.query<{ payload: { to: string; html: string; text: string } }>(
      `select payload from outbox_jobs where dedupe_key = $1`,
      [dedupeKey],
    )
  )[0]

const FLAG_LABELS = LEAD_MESSAGES.flags.labels

/** Numbers as visitors type them: US and Canadian, with extensions, toll-free, premium, Caribbean, every country's. */
const COUNTRY_NUMBERS = ["GB", "CU", "MX", "DE", "ES", "CO", "FR", "IN", "JM", "DO", "CA", "US", "BR", "PH"].flatMap(
  (country) => {
    const example = getExampleNumber(country as Parameters<typeof getExampleNumber>[0], examples)
    return example ? [example.formatInternational(), `00${example.number.slice(1)}`] : []
  },
)
const typedNumber = fc.oneof(
  fc.constantFrom("914-555-0100", "(416) 555-0123", "1 914 555 0142", "+1 212 555 0199"),
  fc
    .tuple(
      fc.constantFrom("914-555-0100", "(212) 555-0150"),
      fc.constantFrom(...EXTENSION_MARKS),
      fc.integer({ min: 1, max: 9999 }),
    )
    .map(([number, mark, ext]) => `${number}${mark}${ext}`),
  fc.constantFrom("1-800-555-0199", "(888) 555-0100", "1-900-555-0199", "(212) 976-1234", "+1 876 555 0123"),
  fc.constantFrom(...COUNTRY_NUMBERS),
  // Numbers the contract takes that are no valid number, or would need a guessed country.
  fc.constantFrom("555-555-5555", "53 5 1234567", "00 44 1234 56", "44 20 7946 0958 1"),
)

test("every number is stored as typed and as read; the visitor is texted only at a US/Canadian number we may text", async () => {
  await fc.assert(
    fc.asyncProperty(typedNumber, fc.constantFrom<Language>("en", "es"), async (phone, language) => {
      const lead = { ...bodies.booking(), phone, language, consent: consent(language) }
      const response = await post(app, "process-simple-lead", lead)
      expect(response.status).toBe(200)
      const row = await storedLead(lead.submissionId)
      const read = parsePhone(phone)
      expect(row).toMatchObject({ phone: phone.trim(), phone_e164: read.e164, phone_extension: read.extension })

      const sms = await jobOf(`${lead.submissionId}:customer_sms`)
      const textable = textableNumber(phone)
      const codes = row.flags.map((f) => f.code)
      if (textable.ok) {
        expect(sms?.payload.to).toBe(textable.to)
        expect(sms?.payload.to).toMatch(/^\+1[2-9]\d{9}$/)
        expect(codes).not.toContain("phone_not_texted")
      } else {
        expect(sms).toBeUndefined()
        expect(row.flags).toContainEqual({ code: "phone_not_texted", detail: textable.detail })
      }

      // The office's notice: its Call button dials the number as read, and says why the visitor was not texted.
      const notice = await jobOf(`${lead.submissionId}:company_email`)
      const tel = telUri(read)
      if (tel) expect(notice?.payload.html).toContain(`href="${tel}"`)
      else {
        expect(notice?.payload.html).not.toContain('href="tel:')
        expect(codes).toContain("phone_unread")
        expect(notice?.payload.text).toContain(FLAG_LABELS.phone_unread)
      }
      if (!textable.ok) expect(notice?.payload.text).toContain(`${FLAG_LABELS.phone_not_texted}: ${textable.detail}`)

      // The alerts (SMS, chat, e-mail, one-tap pages) read the same link.
      const subject = await loadSubject(db, { record: "lead", id: row.id })
      expect(subject?.tel).toBe(tel)
    }),
    { numRuns: 40 },
  )
})

test("the issue's examples: an extension is never dialled as part of the number, +53 is Cuba and not texted", async () => {
  const withExtension = { ...bodies.contact(), phone: "914-555-0100 x123", consent: consent("en") }
  expect((await post(app, "process-contact", withExtension)).status).toBe(200)
  const [message] = await db.query<{ id: string; phone_e164: string; phone_extension: string }>(
    `select id, phone_e164, phone_extension from contact_messages where submission_id = $1`,
    [withExtension.submissionId],
  )
  expect(message).toMatchObject({ phone_e164: "+19145550100", phone_extension: "123" })
  const subject = await loadSubject(db, { record: "message", id: message?.id ?? "" })
  expect(subject).toMatchObject({ tel: "tel:+19145550100;ext=123", phone: "(914) 555-0100 ext. 123" })

  const cuban = { ...bodies.booking(), phone: "+53 5 1234567", consent: consent("en") }
  expect((await post(app, "process-simple-lead", cuban)).status).toBe(200)
  expect(await jobOf(`${cuban.submissionId}:customer_sms`)).toBeUndefined()
  expect((await storedLead(cuban.submissionId)).flags).toContainEqual({
    code: "phone_not_texted",
    detail: "not a US or Canadian number (CU +53 mobile)",
  })
})

describe.each<Language>(["en", "es"])("e-mail addresses (%s)", (language) => {
  test("an internationalised domain is e-mailed at its ASCII (punycode) form, with nothing flagged", async () => {
    const lead = { ...bodies.booking(), email: "ana@bücher.de", language }
    expect((await post(app, "process-simple-lead", lead)).status).toBe(200)
    expect((await storedLead(lead.submissionId)).email).toBe("ana@bücher.de")
    expect((await jobOf(`${lead.submissionId}:customer_email`))?.payload.to).toBe("ana@xn--bcher-kva.de")
  })

  test("a non-ASCII name before the @ is stored as typed and flagged; the visitor is not e-mailed, nor told they are", async () => {
    const request = { ...bodies.estimateRequest(), email: "josé@ejemplo.mx", language }
    const response = await post(app, "send-estimate-confirmation", request)
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { message: string }
    expect(answer.message).toBe(
      fill(CUSTOMER_TEXTS[language].messages.responses.estimateNotEmailed, { email: "josé@ejemplo.mx" }),
    )
    const row = await storedLead(request.submissionId)
    expect(row.email).toBe("josé@ejemplo.mx")
    expect(row.flags.map((f) => f.code)).toContain("email_not_sendable")
    expect(await jobOf(`${request.submissionId}:customer_email`)).toBeUndefined()
    const notice = await jobOf(`${request.submissionId}:company_email`)
    expect(notice?.payload.text).toContain(FLAG_LABELS.email_not_sendable)
    // The notice still replies nowhere the e-mail API would refuse, and shows the address as typed.
    expect(notice?.payload.text).toContain("josé@ejemplo.mx")
  })

  test("a likely typo is accepted, e-mailed as typed and flagged for the office with the likely domain", async () => {
    const message = { ...bodies.contact(), email: "ana@gmail.con", language }
    expect((await post(app, "process-contact", message)).status).toBe(200)
    const [row] = await db.query<{ flags: Stored["flags"] }>(
      `select flags from contact_messages where submission_id = $1`,
      [message.submissionId],
    )
    expect(row?.flags).toContainEqual({ code: "email_likely_typo", detail: 'domain "gmail.con", likely "gmail.com"' })
    expect((await jobOf(`${message.submissionId}:customer_email`))?.payload.to).toBe("ana@gmail.con")
  })
})
