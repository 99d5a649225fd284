/**
 * @jest-environment node
 *
 * Every kind of lead keeps where it came from (the first and last campaign touch) and what it
 * agreed to (the consent sentence's version and time, and the SMS opt-in only when ticked); the office's
 * e-mail shows both, the CRM forward carries both, and a forged value is refused naming its field.
 * The consent's time stored is the server's receipt time, the browser's kept beside it.
 */
import fc from "fast-check"
import { loadSubject } from "../../supabase/functions/_shared/alerts/subject"
import { MAX_NEW_PARAMS } from "../../supabase/functions/_shared/kernel/attribution"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { estimateRequestSchema } from "../../supabase/functions/_shared/kernel/contract"
import { consentText } from "../../supabase/functions/_shared/kernel/consent"
import { intakeFor } from "../../supabase/functions/_shared/functions"
import { estimateIntake, type RequestContext } from "../../supabase/functions/_shared/intake/leads"
import { escapeHtml } from "../../supabase/functions/_shared/kernel/escape"
import { NOTICE_VALUE_MAX } from "../../supabase/functions/_shared/mail/origin"
import { companyNotification } from "../../supabase/functions/_shared/mail/templates"
import type { LeadRow } from "../../supabase/functions/_shared/rows"
import { COMPANY, LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies, counts, officeClosed, post, withCrmApp, type AppUnderTest, type OpenedCrmApp } from "./helpers"

jest.setTimeout(180_000)

let db: Db
let config: BackendConfig
let app: AppUnderTest
let forwarded: OpenedCrmApp["forwarded"]
withCrmApp({}, (opened) => ({ db, config, app, forwarded } = opened))

const FIRST = {
  fbclid: "IwAR0first",
  referrer: "www.facebook.com",
  landing_path: "/",
  at: "2026-11-10T16:30:00.000Z",
}
const LAST = {
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring-ants",
  utm_term: "ant control",
  utm_content: "ad-1",
  gclid: "Cj0KCQiA-abc_123",
  referrer: "www.google.com",
  landing_path: "/offers/scarsdale-49/",
  at: "2026-11-20T14:05:00.000Z",
}
const ATTRIBUTION = { first: FIRST, last: LAST }
const AGREED_AT = "2026-11-22T15:00:00.000Z"
/** When the function received it (the app's clock): what is stored and shown as "agreed at". */
const RECEIVED_AT = officeClosed()
const SMS = { version: LEAD_CONSENT.sms.current, at: AGREED_AT }
const CONSENT = { version: LEAD_CONSENT.current, at: AGREED_AT, sms: SMS }
const CONSENT_SENTENCE = consentText(LEAD_CONSENT.current, COMPANY.name)

/** The blocks the office must read, word for word (times on the office's New York clock). */
const ORIGIN_TEXT = [
  "Where this lead came from",
  "=========================",
  "",
  "First visit",
  "-----------",
  "Facebook click id (fbclid): IwAR0first",
  "Referred by: www.facebook.com",
  "Landing page: /",
  "When: Tue, Nov 10, 2026, 11:30 AM EST",
  "",
  "Last campaign visit",
  "-------------------",
  "Source: google",
  "Medium: cpc",
  "Campaign: spring-ants",
  "Term: ant control",
  "Content: ad-1",
  "Google Ads click id (gclid): Cj0KCQiA-abc_123",
  "Referred by: www.google.com",
  "Landing page: /offers/scarsdale-49/",
  "When: Fri, Nov 20, 2026, 9:05 AM EST",
  "",
  "Consent",
  "=======",
  `Agreed to: ${CONSENT_SENTENCE}`,
  `Version: ${LEAD_CONSENT.current}`,
  "Agreed at: Sun, Nov 22, 2026, 3:00 AM EST",
  `Text messages: Yes: version ${LEAD_CONSENT.sms.current}, agreed at Sun, Nov 22, 2026, 3:00 AM EST`,
].join("\n")

type Origin = { attribution?: unknown; consent?: unknown }
type Call = { fn: string; body: { submissionId: string } & Record<string, unknown> }
type Table = "leads" | "contact_messages"
interface Form {
  table: Table
  calls: Call[]
}

/** Each form's calls, with the origin fields put in every body (the wizard's three calls carry the same). */
const FORMS: Record<string, (origin: Origin) => Form> = {
  contact: (origin) => ({
    table: "contact_messages",
    calls: [{ fn: "process-contact", body: { ...bodies.contact(), ...origin } }],
  }),
  wizard: (origin) => {
    const lead = { ...bodies.estimateLead(), ...origin }
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, ...origin }
    return {
      table: "leads",
      calls: [
        { fn: "process-simple-lead", body: lead },
        { fn: "process-estimate", body: request },
        { fn: "send-estimate-confirmation", body: request },
      ],
    }
  },
  booking: (origin) => ({
    table: "leads",
    calls: [{ fn: "process-simple-lead", body: { ...bodies.booking(), ...origin } }],
  }),
  callback: (origin) => ({
    table: "leads",
    calls: [{ fn: "process-simple-lead", body: { ...bodies.callback(), ...origin } }],
  }),
}
const FORM_NAMES = Object.keys(FORMS)

type OriginColumns = Pick<
  LeadRow,
  | "id"
  | "reference"
  | "attribution"
  | "consent_version"
  | "consent_at"
  | "consent_client_at"
  | "sms_consent_version"
  | "sms_consent_at"
  | "sms_consent_client_at"
>

/** Posts every call (each must be accepted) and returns the one row the submission stored. */
async function submitted({ table, calls }: Form): Promise<OriginColumns> {
  const references = new Set<string>()
  for (const { fn, body } of calls) {
    const response = await post(app, fn, body)
    expect(response.status).toBe(200)
    references.add(((await response.json()) as { reference: string }).reference)
  }
  const rows = await db.query<OriginColumns>(
    `select id, reference, attribution, consent_version, consent_at, consent_client_at, sms_consent_version, sms_consent_at,
            sms_consent_client_at from ${table} where submission_id = $1`,
    [calls[0]!.body.submissionId],
  )
  expect(rows).toHaveLength(1)
  // Every call answers with the reference the row keeps.
  expect([...references]).toEqual([rows[0]?.reference])
  return rows[0]!
}

/** The company e-mail of a submission, its text with the narrow no-break space some ICU versions put before AM/PM made plain. */
async function companyEmail(submissionId: string) {
  const [job] = await db.query<{ payload: { text: string; html: string; subject: string } }>(
    `select payload from outbox_jobs where dedupe_key = $1`,
    [`${submissionId}:company_email`],
  )
  expect(job).toBeDefined()
  return { ...job!.payload, text: job!.payload.text.replace(/\u202f/g, " ") }
}

/** The CRM's copy of a submission, after the outbox has run. */
async function crmForward(submissionId: string): Promise<Record<string, unknown>> {
  const bodiesReceived = await forwarded<Record<string, unknown>>()
  const forwards = bodiesReceived.filter((b) => b.submissionId === submissionId)
  expect(forwards).toHaveLength(1)
  return forwards[0]!
}

describe.each(FORM_NAMES)("the %s form", (formName) => {
  const form = (origin: Origin) => FORMS[formName]!(origin)

  test("stores both touches, the consent (received now, the browser's time beside) and the SMS opt-in, and the company e-mail shows them", async () => {
    const f = form({ attribution: ATTRIBUTION, consent: CONSENT })
    const row = await submitted(f)
    expect(row).toEqual({
      id: row.id,
      reference: row.reference,
      attribution: ATTRIBUTION,
      consent_version: LEAD_CONSENT.current,
      consent_at: RECEIVED_AT,
      consent_client_at: new Date(AGREED_AT),
      sms_consent_version: LEAD_CONSENT.sms.current,
      sms_consent_at: RECEIVED_AT,
      sms_consent_client_at: new Date(AGREED_AT),
    })
    const mail = await companyEmail(f.calls[0]!.body.submissionId)
    expect(mail.text).toContain(ORIGIN_TEXT)
    expect(mail.html).toContain("<h2")
    expect(mail.html).toContain("spring-ants")
    expect(mail.html).toContain(escapeHtml(CONSENT_SENTENCE))
  })

  test("consent without the SMS opt-in stores no SMS consent, and the e-mail says No", async () => {
    const f = form({ attribution: ATTRIBUTION, consent: { version: CONSENT.version, at: AGREED_AT } })
    const row = await submitted(f)
    expect(row).toMatchObject({
      consent_version: LEAD_CONSENT.current,
      sms_consent_version: null,
      sms_consent_at: null,
      sms_consent_client_at: null,
    })
    expect((await companyEmail(f.calls[0]!.body.submissionId)).text).toContain("\nText messages: No\n")
  })

  test("a body without attribution or consent (kept in a browser from before) is stored with nulls, and the e-mail says so", async () => {
    const f = form({})
    const row = await submitted(f)
    expect(row).toEqual({
      id: row.id,
      reference: row.reference,
      attribution: null,
      consent_version: null,
      consent_at: null,
      consent_client_at: null,
      sms_consent_version: null,
      sms_consent_at: null,
      sms_consent_client_at: null,
    })
    const { text } = await companyEmail(f.calls[0]!.body.submissionId)
    expect(text).toContain(
      "Where this lead came from\n=========================\nNot recorded (this lead was sent before the website kept where leads come from).",
    )
    expect(text).toContain("Consent\n=======\nNot recorded (this lead was sent before the website kept consent).")
  })

  test("an identical body sent again is a replay (one row, the same answer); changed attribution under its id is refused", async () => {
    const f = form({ attribution: ATTRIBUTION, consent: CONSENT })
    await submitted(f)
    const before = await counts(db)
    for (const { fn, body } of f.calls) {
      const again = await post(app, fn, body)
      expect(again.status).toBe(200)
      const changed = await post(app, fn, { ...body, attribution: { first: FIRST, last: { ...LAST, utm_term: "x" } } })
      expect(changed.status).toBe(409)
    }
    expect(await counts(db)).toEqual(before)
  })
})

describe("the wizard's CRM forward", () => {
  test("carries the attribution, and the consent received at the function's time with the browser's beside", async () => {
    const f = FORMS.wizard!({ attribution: ATTRIBUTION, consent: CONSENT })
    await submitted(f)
    const forward = await crmForward(f.calls[0]!.body.submissionId)
    const received = RECEIVED_AT.toISOString()
    expect(forward).toMatchObject({
      event: "estimate.requested",
      attribution: ATTRIBUTION,
      consent: {
        version: CONSENT.version,
        at: received,
        clientAt: AGREED_AT,
        sms: { version: SMS.version, at: received, clientAt: AGREED_AT },
      },
      flags: [],
    })
  })

  test("carries nulls for a lead sent before the forms had them", async () => {
    const f = FORMS.wizard!({})
    await submitted(f)
    expect(await crmForward(f.calls[0]!.body.submissionId)).toMatchObject({ attribution: null, consent: null })
  })

  test("a later call without them neither erases what the first stored nor changes the row", async () => {
    const f = FORMS.wizard!({ attribution: ATTRIBUTION, consent: CONSENT })
    const first = f.calls[0]!
    expect((await post(app, first.fn, first.body)).status).toBe(200)
    // Over HTTP such a call is a reused id (409); the intake itself must keep the row's origin all the same.
    const { attribution: _a, consent: _c, ...bare } = f.calls[1]!.body
    const ctx: RequestContext = { config, userAgent: null, ipHash: null, now: officeClosed(), flags: [] }
    const request = estimateRequestSchema.validateSync({ ...bodies.estimateRequest(), ...bare })
    await db.transaction((tx) => estimateIntake(request).store(tx, ctx))
    const [row] = await db.query<OriginColumns>(
      `select attribution, consent_version, sms_consent_version from leads where submission_id = $1`,
      [first.body.submissionId],
    )
    expect(row).toEqual({
      attribution: ATTRIBUTION,
      consent_version: LEAD_CONSENT.current,
      sms_consent_version: LEAD_CONSENT.sms.current,
    })
  })

  test("a later call that carries them fills a row the first call left without", async () => {
    const ctx: RequestContext = { config, userAgent: null, ipHash: null, now: officeClosed(), flags: [] }
    const bare = estimateRequestSchema.validateSync(bodies.estimateRequest())
    await db.transaction((tx) => estimateIntake(bare).store(tx, ctx))
    const full = { ...bare, attribution: ATTRIBUTION, consent: CONSENT }
    await db.transaction((tx) => estimateIntake(full).store(tx, ctx))
    const [row] = await db.query<OriginColumns>(
      `select attribution, consent_version, consent_at, sms_consent_version, sms_consent_at from leads
       where submission_id = $1`,
      [bare.submissionId],
    )
    expect(row).toEqual({
      attribution: ATTRIBUTION,
      consent_version: LEAD_CONSENT.current,
      consent_at: RECEIVED_AT,
      sms_consent_version: LEAD_CONSENT.sms.current,
      sms_consent_at: RECEIVED_AT,
    })
  })
})

test("the office's 'Not spam' release replays a kept body through the same intake: its origin is stored", async () => {
  const body = { ...bodies.booking(), attribution: ATTRIBUTION, consent: CONSENT }
  const intake = await intakeFor("process-simple-lead", JSON.parse(JSON.stringify(body)))
  expect(intake).not.toBeNull()
  const ctx: RequestContext = { config, userAgent: null, ipHash: null, now: officeClosed(), flags: [] }
  const { reference } = await db.transaction((tx) => intake!.store(tx, ctx))
  const [row] = await db.query<OriginColumns>(`select attribution, consent_version from leads where reference = $1`, [
    reference,
  ])
  expect(row).toEqual({ attribution: ATTRIBUTION, consent_version: LEAD_CONSENT.current })
})

describe("the office alerts say where the lead came from", () => {
  test("the last touch's source, medium and campaign, before the callback's flat utm values", async () => {
    const f = FORMS.callback!({ attribution: ATTRIBUTION, consent: CONSENT })
    const row = await submitted(f)
    const subject = await loadSubject(db, { record: "lead", id: row.id })
    expect(subject?.source).toBe("Offer page callback form (google / cpc / spring-ants)")
  })

  test("the callback's flat utm values when there is no attribution", async () => {
    const row = await submitted(FORMS.callback!({}))
    expect((await loadSubject(db, { record: "lead", id: row.id }))?.source).toBe(
      "Offer page callback form (facebook / yonkers39 / mice)",
    )
  })

  test("a contact message with a campaign names it too", async () => {
    const row = await submitted(FORMS.contact!({ attribution: ATTRIBUTION }))
    expect((await loadSubject(db, { record: "message", id: row.id }))?.source).toBe(
      "Contact page (google / cpc / spring-ants)",
    )
  })
})

// ---- Forged values: refused with a 400 naming the nested field, and nothing stored. ----
// (What a newer site may send is not forged: an unknown version, a new campaign parameter, any time-shaped
// time. Those are stored and flagged: version-skew.test.ts.)

const CONTROL = ["\u0001", "\u0007", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u2028", "\u202e", "\u200b"]
const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const
const CLICK_FIELDS = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"] as const
const WRONG_TYPES = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
)
const withControl = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`)

/** A forged value for one field of a touch, and the path the refusal must name. */
const forgedTouchValue = fc.oneof(
  fc.record({
    field: fc.constantFrom(...UTM_FIELDS),
    value: fc.oneof(withControl, fc.string({ minLength: 201, maxLength: 400 }), WRONG_TYPES),
  }),
  fc.record({
    field: fc.constantFrom(...CLICK_FIELDS),
    value: fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^[A-Za-z0-9._~-]*$/.test(s)),
      fc.stringMatching(/^[A-Za-z0-9]{501,600}$/),
      WRONG_TYPES,
    ),
  }),
  fc.record({
    field: fc.constant("referrer"),
    value: fc.oneof(fc.constantFrom("https://evil.example/x", "Evil.Example", "a b", "x/y"), WRONG_TYPES),
  }),
  fc.record({
    field: fc.constant("landing_path"),
    value: fc.oneof(fc.constantFrom("relative", "/a b", "/x?utm_source=y", "/#top"), WRONG_TYPES),
  }),
  fc.record({
    field: fc.constant("at"),
    value: fc.oneof(
      fc.constantFrom("2026-11-20 14:05", "", "2026-11-20T14:05:00Z\n", `2026-11-20T14:05:00.000Z${"0".repeat(20)}`),
      WRONG_TYPES,
    ),
  }),
)

type Forgery = { attribution?: unknown; consent?: unknown; field: string }

const forgery: fc.Arbitrary<Forgery> = fc.oneof(
  // One bad value in a touch.
  fc.tuple(fc.constantFrom("first", "last"), forgedTouchValue).map(([touch, { field, value }]) => ({
    attribution: { ...ATTRIBUTION, [touch]: { ...ATTRIBUTION[touch], [field]: value } },
    field: `attribution.${touch}.${field}`,
  })),
  // A key in a touch that no site writes: named like Object.prototype's members, not a plain parameter
  // name, or a new parameter whose value its cleaner would not keep; or the attribution's own unknown key.
  fc
    .tuple(
      fc.constantFrom("first", "last"),
      fc.oneof(
        fc.tuple(
          fc.constantFrom("valueOf", "__proto__", "constructor", "toString", "Foo", "x-y", "a b", "9x"),
          fc.constant("x"),
        ),
        fc.tuple(fc.constantFrom("ttclid", "li_fat_id"), fc.constantFrom("a b", "x/y", "", "\u0001")),
        fc.tuple(fc.constant("utm_id"), fc.constantFrom("a\nb", "\u202e", "x".repeat(201))),
      ),
    )
    .map(([touch, [key, value]]) => ({
      attribution: JSON.parse(
        JSON.stringify({ ...ATTRIBUTION, [touch]: { ...ATTRIBUTION[touch] } }).replace(
          `"${touch}":{`,
          `"${touch}":{${JSON.stringify(key)}:${JSON.stringify(value)},`,
        ),
      ) as unknown,
      field: `attribution.${touch}.${key}`,
    })),
  // More new parameters than a touch takes.
  fc.constantFrom("first", "last").map((touch) => ({
    attribution: {
      ...ATTRIBUTION,
      [touch]: {
        ...ATTRIBUTION[touch],
        ...Object.fromEntries(Array.from({ length: MAX_NEW_PARAMS + 1 }, (_, i) => [`new_id_${i}`, "x"])),
      },
    },
    field: `attribution.${touch}`,
  })),
  fc.constantFrom("middle", "toString").map((key) => ({
    attribution: { ...ATTRIBUTION, [key]: LAST },
    field: `attribution.${key}`,
  })),
  // A missing touch, or a touch that is not an object.
  fc.tuple(fc.constantFrom("first", "last"), fc.oneof(fc.constant(undefined), WRONG_TYPES)).map(([touch, value]) => ({
    attribution: { ...ATTRIBUTION, [touch]: value },
    field: `attribution.${touch}`,
  })),
  // Consent: a version that is no version id, a time that is not time-shaped, an unknown key.
  fc.constantFrom<Forgery>(
    { consent: { ...CONSENT, version: "contact 1999-01" }, field: "consent.version" },
    { consent: { ...CONSENT, version: "x".repeat(65) }, field: "consent.version" },
    { consent: { ...CONSENT, version: undefined }, field: "consent.version" },
    { consent: { ...CONSENT, version: 3 }, field: "consent.version" },
    { consent: { ...CONSENT, at: "right now" }, field: "consent.at" },
    { consent: { ...CONSENT, sms: { ...SMS, version: "sms/1999" } }, field: "consent.sms.version" },
    { consent: { ...CONSENT, sms: { ...SMS, at: 5 } }, field: "consent.sms.at" },
    { consent: { ...CONSENT, tracking: true }, field: "consent.tracking" },
    { consent: "yes", field: "consent" },
  ),
)

const namedBy = (field: string) => new RegExp(`^${field.replace(/[.$]/g, "\\$&")}(\\.|$)`)

/** The flags a forged origin may earn: a field read tolerantly, a value the functions do not know, a time that cannot be right. */
const ORIGIN_FLAGS = ["unknown_field", "unreadable_field", "missing_field", "unknown_value", "time_out_of_range"]

/** The leads and messages among the stored counts. */
const requestsIn = (stored: Record<string, number>) => (stored.leads ?? 0) + (stored.messages ?? 0)

/** The flag codes of the request stored under this submission, lead or message. */
async function storedFlags(submissionId: string): Promise<string[] | undefined> {
  const [row] = await db.query<{ flags: Array<{ code: string }> }>(
    `select flags from leads where submission_id = $1 union all select flags from contact_messages where submission_id = $1`,
    [submissionId],
  )
  return row?.flags.map((flag) => flag.code)
}

// What the visitor cannot fix is never refused (the site and the functions deploy apart): stored, answered, flagged.
test("a forged attribution or consent is stored once, answered 200 and flagged for the office", async () => {
  await fc.assert(
    fc.asyncProperty(forgery, fc.constantFrom(...FORM_NAMES), async (forged, formName) => {
      const { field: _field, ...origin } = forged
      const { calls } = FORMS[formName]!({ attribution: ATTRIBUTION, consent: CONSENT, ...origin })
      const before = await counts(db)
      const { fn, body } = calls[0]!
      const response = await post(app, fn, body)
      expect(response.status).toBe(200)
      expect(((await response.json()) as { success: boolean }).success).toBe(true)
      const after = await counts(db)
      expect(requestsIn(after)).toBe(requestsIn(before) + 1)
      const { submissionId } = body as { submissionId: string }
      const flags = await storedFlags(submissionId)
      expect(flags?.filter((code) => ORIGIN_FLAGS.includes(code))).not.toHaveLength(0)
      // Sent again, it is the same request: no second row.
      expect((await post(app, fn, body)).status).toBe(200)
      const again = await counts(db)
      expect(requestsIn(again)).toBe(requestsIn(after))
    }),
    { numRuns: 150 },
  )
})

// What our browser could never send (hostile depth) is refused with a 4xx naming the field, and nothing is stored.
test("an attribution nested deeper than any field takes is refused with a 400 naming it, and nothing is stored", async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 4, max: 50 }), fc.constantFrom(...FORM_NAMES), async (depth, formName) => {
      let deep: unknown = "x"
      for (let i = 0; i < depth; i++) deep = { first: deep }
      const { calls } = FORMS[formName]!({ attribution: deep, consent: CONSENT })
      const before = await counts(db)
      const { fn, body } = calls[0]!
      const response = await post(app, fn, body)
      expect(response.status).toBe(400)
      const answer = (await response.json()) as { success: boolean; fields?: Record<string, string> }
      expect(answer.success).toBe(false)
      expect(Object.keys(answer.fields ?? {})).toContainEqual(expect.stringMatching(namedBy("attribution")))
      expect(await counts(db)).toEqual(before)
    }),
    { numRuns: 30 },
  )
})

test("HTML and script in any touch value reach the office e-mail escaped, and only in its body", () => {
  const markup = fc
    .array(fc.constantFrom("<script>alert(1)</script>", "<img src=x onerror=alert(1)>", '"', "'", "&", "<", ">", "a"), {
      minLength: 1,
      // Within what the notice shows whole (NOTICE_VALUE_MAX characters): a longer value is cut, tested below.
      maxLength: 3,
    })
    .map((parts) => parts.join(""))
  fc.assert(
    fc.property(markup, fc.constantFrom(...UTM_FIELDS), (value, field) => {
      const body = { ...bodies.booking(), attribution: { first: FIRST, last: { ...LAST, [field]: value } } }
      const mail = companyNotification({ kind: "booking", body }, "REF-1")
      const without = companyNotification({ kind: "booking", body: { ...body, attribution: undefined } }, "REF-1")
      expect(mail.html).toContain(escapeHtml(value))
      expect(mail.html).not.toContain("<script>")
      expect(mail.html).not.toContain("<img")
      expect(mail.text).toContain(value)
      // Nothing of it in a header.
      expect([mail.subject, mail.replyTo]).toEqual([without.subject, without.replyTo])
    }),
  )
})

test("a campaign value longer than the notice shows is cut there, and kept whole in the row and the CRM forward", async () => {
  const long = { ...LAST, utm_campaign: "c".repeat(200), gclid: "g".repeat(500) }
  const f = FORMS.wizard!({ attribution: { first: FIRST, last: long }, consent: CONSENT })
  const row = await submitted(f)
  expect(row.attribution).toEqual({ first: FIRST, last: long })
  const { text } = await companyEmail(f.calls[0]!.body.submissionId)
  expect(text).toContain(`Campaign: ${"c".repeat(NOTICE_VALUE_MAX)}…\n`)
  expect(text).toContain(`Google Ads click id (gclid): ${"g".repeat(NOTICE_VALUE_MAX)}…\n`)
  expect(text).not.toContain("c".repeat(NOTICE_VALUE_MAX + 1))
  expect(await crmForward(f.calls[0]!.body.submissionId)).toMatchObject({ attribution: { first: FIRST, last: long } })
})
