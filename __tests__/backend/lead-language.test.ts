/**
 * @jest-environment node
 *
 * The lead keeps its language. Every body may say the page's language; it is stored (an unknown
 * code as English, never refused), the visitor's answer, e-mails and texts are in it, the office's notice
 * stays English and says plainly which language the visitor prefers, the consent of each language is its own
 * version, the CRM forward carries it, and a refusal gives each field a stable code beside its English words.
 * The Spanish words are read from data/'s `es:` sections through the functions' copy (CUSTOMER_TEXTS), so
 * these tests stay right whatever the translators write.
 */
import type { Db } from "../../supabase/functions/_shared/db"
import { consentText, consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import {
  fieldErrorMessage,
  fieldErrorTexts,
  type FieldProblem,
} from "../../supabase/functions/_shared/kernel/field-errors"
import {
  COMPANY,
  CUSTOMER_TEXTS,
  LEAD_CONSENT,
  LEAD_MESSAGES,
} from "../../supabase/functions/_shared/kernel/site-data.generated"
import { confirmationSms } from "../../supabase/functions/_shared/mail/confirmation-sms"
import { bodies, post, withCrmApp, type AppUnderTest, type OpenedCrmApp } from "./helpers"

jest.setTimeout(120_000)

let db: Db
let app: AppUnderTest
let forwarded: OpenedCrmApp["forwarded"]
withCrmApp({}, (opened) => ({ db, app, forwarded } = opened))

const SPANISH = CUSTOMER_TEXTS.es
const AGREED_AT = "2026-11-22T07:59:00.000Z"

/** A call that must be accepted: its answer. */
async function accepted(name: string, body: object): Promise<{ message: string; reference: string }> {
  const response = await post(app, name, body)
  expect(response.status).toBe(200)
  return (await response.json()) as { message: string; reference: string }
}

const storedLanguage = (table: "leads" | "contact_messages", submissionId: string) =>
  db
    .query<{ language: string }>(`select language from ${table} where submission_id = $1`, [submissionId])
    .then((rows) => rows[0]?.language)

/** An e-mail a request queued: its subject and text (a narrow no-break space read as a space). */
async function queuedEmail(submissionId: string, kind: "company_email" | "customer_email") {
  const [job] = await db.query<{ payload: { subject: string; text: string } }>(
    `select payload from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:${kind}`],
  )
  if (!job) throw new Error(`no ${kind} for ${submissionId}`)
  return { subject: job.payload.subject, text: job.payload.text.replace(/\u202f/g, " ") }
}

describe("the language is stored, never refused for its value", () => {
  test.each([
    ["es", "es"],
    ["en", "en"],
    ["ES-mx", "es"],
    ["es_419", "es"],
    ["xx", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%j is stored as %s", async (sent, stored) => {
    const lead = { ...bodies.estimateLead(), ...(sent === undefined ? {} : { language: sent }) }
    await accepted("process-simple-lead", lead)
    expect(await storedLanguage("leads", lead.submissionId)).toBe(stored)
    const message = { ...bodies.contact(), ...(sent === undefined ? {} : { language: sent }) }
    await accepted("process-contact", message)
    expect(await storedLanguage("contact_messages", message.submissionId)).toBe(stored)
  })

  // Another type or null is what a site of another version may send: the lead is stored in English and flagged.
  test.each([
    ["a number", 1],
    ["a list", ["es"]],
    ["an object", { code: "es" }],
    ["null", null],
    ["36 characters", "es-".padEnd(36, "x")],
  ])("%s is stored as en, answered 200 and flagged naming language", async (_case, language) => {
    const body = { ...bodies.booking(), language }
    await accepted("process-simple-lead", body)
    expect(await storedLanguage("leads", body.submissionId)).toBe("en")
    const [row] = await db.query<{ flags: Array<{ code: string; detail: string }> }>(
      `select flags from leads where submission_id = $1`,
      [body.submissionId],
    )
    expect(row?.flags.map((flag) => `${flag.code} ${flag.detail}`)).toContainEqual(
      expect.stringMatching(/^unreadable_field language\b/),
    )
  })
})

describe("a Spanish lead reads Spanish; the office reads English, told the visitor prefers Spanish", () => {
  test("the answer and the customer's estimate e-mail are in the es texts; the company notice says prefers Spanish", async () => {
    const lead = { ...bodies.estimateRequest(), language: "es" }
    const answer = await accepted("send-estimate-confirmation", lead)
    expect(answer.message).toBe(fill(SPANISH.messages.responses.estimateConfirmation, { email: lead.email }))

    const customer = await queuedEmail(lead.submissionId, "customer_email")
    const words = SPANISH.messages.customerEmail
    expect(customer.subject).toBe(words.estimateSubject)
    expect(customer.text).toContain(fill(words.estimateIntro, { firstName: lead.firstName }))
    expect(customer.text).toContain(fill(words.referenceNote, { reference: answer.reference }))
    for (const step of words.estimateNextSteps)
      expect(customer.text).toContain(fill(step, { phone: COMPANY.phone.display }))
    // The rows: labels, the plan and pests by their Spanish names, the promise, the hours in Spanish.
    const rows = SPANISH.messages.emailRows
    expect(customer.text).toContain(`${rows.servicePlan}: ${SPANISH.options.servicePlans["c-are"]}`)
    expect(customer.text).toContain(`${rows.pests}: ${lead.pests.map((pest) => SPANISH.pests[pest]).join(", ")}`)
    expect(customer.text).toContain(`${rows.promised}: ${SPANISH.promises.estimate}`)
    expect(customer.text).toContain(fill(words.signOff, { phone: COMPANY.phone.display, hours: SPANISH.hoursText }))
    expect(SPANISH.hoursText).toBe(
      "lun–vie 8:00 a. m. – 6:00 p. m. · sáb 9:00 a. m. – 4:00 p. m. · dom 9:00 a. m. – 1:00 p. m.",
    )

    const notice = await queuedEmail(lead.submissionId, "company_email")
    const prefers = fill(LEAD_MESSAGES.companyEmail.prefersLanguage, {
      language: LEAD_MESSAGES.officeAlerts.languageNames.es,
    })
    expect(prefers).toBe("Prefers Spanish: call back in Spanish.")
    expect(notice.subject).toBe(
      fill(LEAD_MESSAGES.companyEmail.leadSubject, { name: lead.fullName, kindLabel: "estimate request" }),
    )
    expect(notice.text).toContain(prefers)
    expect(notice.text).toContain(`${LEAD_MESSAGES.companyEmail.languageRow}: Spanish`)
    // The rows the office reads stay English.
    expect(notice.text).toContain(`${LEAD_MESSAGES.emailRows.servicePlan}: C•ARE`)
  })

  test("an English lead's e-mails say nothing of a language", async () => {
    const lead = { ...bodies.estimateRequest(), language: "en" }
    await accepted("send-estimate-confirmation", lead)
    const notice = await queuedEmail(lead.submissionId, "company_email")
    expect(notice.text).not.toContain("Prefers")
    expect(notice.text).not.toContain(`${LEAD_MESSAGES.companyEmail.languageRow}:`)
    const customer = await queuedEmail(lead.submissionId, "customer_email")
    expect(customer.text).toContain(COMPANY.hoursText)
  })

  test("the contact form's answer, and the booking's text confirmation, are in Spanish", async () => {
    const message = { ...bodies.contact(), language: "es" }
    const answer = await accepted("process-contact", message)
    expect(answer.message).toBe(
      fill(SPANISH.messages.responses.contact, { firstName: "Ann", reference: answer.reference }),
    )
    expect((await queuedEmail(message.submissionId, "customer_email")).subject).toBe(
      fill(SPANISH.messages.customerEmail.contactSubject, { reference: answer.reference }),
    )

    const consent = {
      version: LEAD_CONSENT.current,
      at: AGREED_AT,
      sms: { version: LEAD_CONSENT.sms.current, at: AGREED_AT },
    }
    const booking = { ...bodies.booking(), language: "es", consent }
    const booked = await accepted("process-simple-lead", booking)
    expect(booked.message).toBe(SPANISH.messages.responses.bookingCall)
    const [sms] = await db.query<{ payload: { body: string } }>(
      `select payload from outbox_jobs where dedupe_key = $1`,
      [`${booking.submissionId}:customer_sms`],
    )
    // No window picked: the booking's own text, the price reserved (booking-hold.test.ts has the others).
    expect(sms?.payload.body).toContain(`Le reservamos el precio de $49, ref ${booked.reference}`)
    expect(sms?.payload.body).not.toBe(confirmationSms("booking", "Tom", booked.reference, "es"))
    expect(sms?.payload.body).toContain(SPANISH.promises.booking)
  })
})

describe("each language's consent is its own version", () => {
  const stored = (submissionId: string) =>
    db
      .query<{ consent_version: string; sms_consent_version: string | null; flags: Array<{ code: string }> }>(
        `select consent_version, sms_consent_version, flags from leads where submission_id = $1`,
        [submissionId],
      )
      .then((rows) => rows[0])

  test.each(["en", "es"] as const)("the %s version is accepted, stored as sent and not flagged", async (language) => {
    const version = consentVersionId(LEAD_CONSENT.current, language)
    const smsVersion = consentVersionId(LEAD_CONSENT.sms.current, language)
    const lead = {
      ...bodies.booking(),
      language,
      consent: { version, at: AGREED_AT, sms: { version: smsVersion, at: AGREED_AT } },
    }
    await accepted("process-simple-lead", lead)
    expect(await stored(lead.submissionId)).toEqual({
      consent_version: version,
      sms_consent_version: smsVersion,
      flags: [],
    })
    // The office reads the sentence the visitor read, in its language.
    const notice = await queuedEmail(lead.submissionId, "company_email")
    expect(notice.text).toContain(consentText(version, COMPANY.name))
    expect(consentText(version, COMPANY.name)).toBe(
      CUSTOMER_TEXTS[language].consent.versions[0]?.text.replaceAll("{company}", COMPANY.name),
    )
  })

  test("the Spanish version's id is the English one with -es", () => {
    expect(consentVersionId("contact-2026-11", "es")).toBe("contact-2026-11-es")
    expect(consentVersionId("contact-2026-11", "en")).toBe("contact-2026-11")
  })

  test("a version neither language has is still flagged", async () => {
    const lead = { ...bodies.booking(), language: "es", consent: { version: "contact-2099-01-es", at: AGREED_AT } }
    await accepted("process-simple-lead", lead)
    expect((await stored(lead.submissionId))?.flags).toEqual([
      { code: "unknown_value", detail: 'consent version "contact-2099-01-es"' },
    ])
  })
})

test("the CRM forward carries the lead's language", async () => {
  const spanish = { ...bodies.estimateRequest(), language: "es-MX" }
  const english = bodies.estimateRequest()
  await accepted("process-estimate", spanish)
  await accepted("process-estimate", english)
  const payloads = await forwarded<{ submissionId: string; language: string }>()
  // Each forward is its own job: they may arrive in either order.
  const languages = payloads.map(({ submissionId, language }) => ({ submissionId, language }))
  expect(languages).toHaveLength(2)
  expect(languages).toEqual(
    expect.arrayContaining([
      { submissionId: spanish.submissionId, language: "es" },
      { submissionId: english.submissionId, language: "en" },
    ]),
  )
})

describe("a refusal names each field with a stable code beside its English words", () => {
  // The codes are the names of data/lead-messages.yaml's fieldErrors texts, with the values their words name.
  type Case = [string, string, string, () => Record<string, unknown>, FieldProblem]
  const cases: Case[] = [
    ["no phone", "process-contact", "phone", () => ({ ...bodies.contact(), phone: "" }), { code: "phoneRequired" }],
    [
      "a short phone",
      "process-contact",
      "phone",
      () => ({ ...bodies.contact(), phone: "555-01" }),
      { code: "phoneDigits" },
    ],
    [
      "a blank name",
      "process-contact",
      "name",
      () => ({ ...bodies.contact(), name: " " }),
      { code: "enter", field: "name" },
    ],
    [
      "a bad e-mail",
      "process-contact",
      "email",
      () => ({ ...bodies.contact(), email: "ann@" }),
      { code: "emailInvalid" },
    ],
    [
      "a long name",
      "process-simple-lead",
      "fullName",
      () => ({ ...bodies.booking(), fullName: "N".repeat(121) }),
      { code: "tooLong", field: "fullName", max: 120 },
    ],
    [
      "no property address",
      "process-simple-lead",
      "streetAddress",
      () => ({ ...bodies.booking(), streetAddress: "" }),
      { code: "enter", field: "propertyAddress" },
    ],
    [
      "a 4-digit ZIP",
      "process-simple-lead",
      "zipCode",
      () => ({ ...bodies.booking(), zipCode: "1058" }),
      { code: "zipInvalid" },
    ],
    [
      "no pest",
      "process-simple-lead",
      "pests",
      () => ({ ...bodies.estimateLead(), pests: [] }),
      { code: "pestsRequired" },
    ],
    [
      "a pest twice",
      "process-simple-lead",
      "pests",
      () => ({ ...bodies.estimateLead(), pests: ["Ants", "Ants"] }),
      { code: "pestsRepeated" },
    ],
    [
      "a state spelt out",
      "process-simple-lead",
      "state",
      () => ({ ...bodies.estimateLead(), state: "New York" }),
      { code: "stateInvalid" },
    ],
    [
      "long notes",
      "process-simple-lead",
      "notes",
      () => ({ ...bodies.callback(), notes: "n".repeat(2001) }),
      { code: "textTooLong", max: 2000 },
    ],
    [
      // What another site version may send (an unknown field, an id of another form) is stored and flagged; what
      // no browser of ours could send is refused, with the code of a refusal no form shows.
      "a value nested deeper than any field takes",
      "process-contact",
      "message",
      () => ({ ...bodies.contact(), message: { a: { b: { c: { d: "x" } } } } }),
      { code: "invalid" },
    ],
  ]
  test.each(cases)("%s (%s): %s", async (_case, name, field, body, code) => {
    const response = await post(app, name, body())
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { fields: Record<string, string>; codes: Record<string, unknown> }
    expect(answer.codes[field]).toEqual(code)
    expect(Object.keys(answer.codes)).toEqual(Object.keys(answer.fields))
    // The English words are the code's (for a code with words of its own), as clients reading `fields` had them.
    if (code.code !== "invalid")
      expect(answer.fields[field]).toBe(fieldErrorMessage(code, fieldErrorTexts(LEAD_MESSAGES)))
  })

  test("the English words of a code are what the answer said before codes", async () => {
    const response = await post(app, "process-contact", { ...bodies.contact(), email: "ann@", name: "" })
    expect(await response.json()).toMatchObject({
      fields: { name: "Please enter your name", email: "Please enter a valid email address" },
    })
  })

  test("a code said in Spanish takes the es words, with the field's Spanish name", () => {
    const texts = fieldErrorTexts(SPANISH.messages)
    expect(fieldErrorMessage({ code: "enter", field: "fullName" }, texts)).toBe(
      capitalised(fill(texts.enter, { field: texts.fieldNames.fullName })),
    )
    expect(fieldErrorMessage({ code: "tooLong", field: "city", max: 100 }, texts)).toBe(
      capitalised(fill(texts.tooLong, { field: texts.fieldNames.city, max: "100" })),
    )
  })
})

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
