/**
 * @jest-environment node
 *
 * Hardening round two: whole classes of hostile or unusual input, generated, through the
 * in-process app on PGlite. Each class either gets a 4xx naming the field and writes nothing, or
 * is stored whole (never a 5xx, never a lost lead).
 */
import fc from "fast-check"
import { PUBLIC_FUNCTIONS } from "../../supabase/functions/_shared/app"
import { contactMessageSchema } from "../../supabase/functions/_shared/kernel/contract"
import { isEmailAddress } from "../../supabase/functions/_shared/kernel/email-address"
import type { Db } from "../../supabase/functions/_shared/db"
import { MAX_JSON_DEPTH, wellFormed } from "../../supabase/functions/_shared/intake/json-input"
import { headerValue } from "../../supabase/functions/_shared/mail/header"
import { hasVisibleText } from "../../supabase/functions/_shared/kernel/visible-text"
import { ANON_KEY, SITE_ORIGIN, bodies, counts, post, withFreshApp, type AppUnderTest } from "./helpers"
import { VALID_BODIES } from "./malformed-bodies"
import { INVISIBLE_CHARACTERS, brokenText, deeplyNested, invalidEmailAddress, withRawField } from "./hostile-values"
import { anyOf, textContaining } from "./matchers"

jest.setTimeout(120_000)

let db: Db
let app: AppUnderTest

withFreshApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, app } = opened))

const fieldsOf = async (response: Response) =>
  ((await response.json()) as { fields?: Record<string, string> }).fields ?? {}
const validBodyOf = (name: (typeof PUBLIC_FUNCTIONS)[number]) =>
  fc.constantFrom(...VALID_BODIES[name]).map((make) => make())

describe("1. deep nesting", () => {
  test.each(PUBLIC_FUNCTIONS)(
    "%s: any field or the whole body nested up to 20,000 levels is a 400 naming it, nothing stored",
    async (name) => {
      const before = await counts(db)
      await fc.assert(
        fc.asyncProperty(
          validBodyOf(name),
          deeplyNested(MAX_JSON_DEPTH, 20_000),
          fc.boolean(),
          async (body, nested, whole) => {
            const field = fc.sample(fc.constantFrom(...Object.keys(body)), 1)[0]!
            const response = await post(app, name, whole ? `[${nested}]` : withRawField(body, field, nested))
            expect(response.status).toBe(400)
            expect(Object.keys(await fieldsOf(response))).toContain(whole ? "body" : field)
          },
        ),
        { numRuns: 40 },
      )
      expect(await counts(db)).toEqual(before)
    },
  )

  test("the reported case: a 20 KB body of nested lists", async () => {
    const response = await post(app, "process-contact", `${"[".repeat(10_000)}${"]".repeat(10_000)}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      success: false,
      fields: { body: textContaining("Nested too deeply") },
    })
  })
})

describe("2. text that is not well-formed Unicode is stored with U+FFFD in place of the broken code unit", () => {
  const rowText = async (sql: string, submissionId: string) => JSON.stringify(await db.query(sql, [submissionId]))

  test("in every free-text field of every lead: the lead row, the call record and the outbox payload", async () => {
    await fc.assert(
      fc.asyncProperty(brokenText(), fc.constantFrom("booking", "callback", "contact"), async (text, kind) => {
        const body: Record<string, unknown> = bodies[kind]()
        const field = { booking: "fullName", callback: "notes", contact: "message" }[kind]
        body[field] = text
        const name = kind === "contact" ? "process-contact" : "process-simple-lead"
        const response = await post(app, name, body)
        expect(response.status).toBe(200)
        const id = String(body.submissionId)
        const stored =
          kind === "contact"
            ? await rowText(`select message as v from contact_messages where submission_id = $1`, id)
            : await rowText(`select notes, full_name from leads where submission_id = $1`, id)
        expect(stored).toContain(JSON.stringify(wellFormed(text.trim())).slice(1, -1))
        expect(
          await rowText(`select payload from outbox_jobs where dedupe_key = $1 || ':company_email'`, id),
        ).not.toMatch(/\\ud[89ab]/i)
        expect(await rowText(`select response from function_calls where submission_id = $1`, id)).toContain("success")
      }),
      { numRuns: 150 },
    )
  })

  test("the reported case: a lone surrogate in a name, and raw bytes that are not UTF-8", async () => {
    const body = { ...bodies.booking(), fullName: "Tom \ud83d Hale" }
    expect((await post(app, "process-simple-lead", body)).status).toBe(200)
    expect(await db.query(`select full_name from leads where submission_id = $1`, [body.submissionId])).toEqual([
      { full_name: "Tom \uFFFD Hale" },
    ])

    const raw = bodies.contact()
    const [head, tail] = JSON.stringify({ ...raw, message: "MARK" }).split("MARK")
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(head),
      0x61,
      0xff,
      0xc3,
      0x62,
      ...new TextEncoder().encode(tail),
    ])
    const response = await app.request("/functions/v1/process-contact", {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY, origin: SITE_ORIGIN },
      body: bytes,
    })
    expect(response.status).toBe(200)
    expect(await db.query(`select message from contact_messages where submission_id = $1`, [raw.submissionId])).toEqual(
      [{ message: "a\uFFFD\uFFFDb" }],
    )
  })

  test("a NUL character, which Postgres cannot store, is replaced too: the lead is kept", async () => {
    const body = { ...bodies.contact(), message: "ants\u0000 in the kitchen" }
    expect((await post(app, "process-contact", body)).status).toBe(200)
    expect(
      await db.query(`select message from contact_messages where submission_id = $1`, [body.submissionId]),
    ).toEqual([{ message: "ants\uFFFD in the kitchen" }])
  })

  test("a bot's broken text is kept in its spam record", async () => {
    const body = { ...bodies.contact(), website: "http://spam\udc00.example", message: "\ud800" }
    expect((await post(app, "process-contact", body)).status).toBe(200)
    const [spam] = await db.query<{ body: { website: string; message: string } }>(
      `select body from spam_attempts where submission_id = $1`,
      [body.submissionId],
    )
    expect(spam?.body).toMatchObject({ website: "http://spam\uFFFD.example", message: "\uFFFD" })
  })

  test("a key with a broken code unit is stored as an unknown field, repaired, not a 500", async () => {
    const body = { ...bodies.contact(), "x\ud800": 1 }
    const response = await post(app, "process-contact", body)
    expect(response.status).toBe(200)
    const [row] = await db.query<{ flags: Array<{ code: string; detail: string }>; unread_fields: object }>(
      `select flags, unread_fields from contact_messages where submission_id = $1`,
      [body.submissionId],
    )
    expect(row?.unread_fields).toEqual({ "x\uFFFD": 1 })
    expect(row?.flags).toEqual([{ code: "unknown_field", detail: "x?" }])
  })
})

describe("4. a submissionId is reused legitimately only by the wizard's three calls with the same lead", () => {
  const other = {
    "process-contact": bodies.contact,
    "process-simple-lead": bodies.callback,
    "process-estimate": bodies.estimateRequest,
    "send-estimate-confirmation": bodies.estimateRequest,
  }

  test("the same id sent to another function with other lead data is a 409, and the second lead is not silently merged", async () => {
    const pair = fc
      .tuple(fc.constantFrom(...PUBLIC_FUNCTIONS), fc.constantFrom(...PUBLIC_FUNCTIONS))
      .filter(([a, b]) => a !== b)
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom("Ann Lee", "Bob Ray", "Cy Young"), async ([first, second], otherName) => {
        const a = other[first]()
        const b: Record<string, unknown> = { ...other[second](), submissionId: a.submissionId }
        for (const key of ["name", "fullName", "full_name"]) if (key in b) b[key] = otherName
        if ("firstName" in b) b.firstName = otherName.split(" ")[0]
        if ("lastName" in b) b.lastName = otherName.split(" ")[1]
        expect((await post(app, first, a)).status).toBe(200)
        const before = await counts(db)
        const response = await post(app, second, b)
        expect(response.status).toBe(409)
        expect(await fieldsOf(response)).toEqual({ submissionId: anyOf(String) })
        expect(await counts(db)).toEqual(before)
      }),
      { numRuns: 60 },
    )
  })

  test("the wizard's three calls share one lead; a call 2 with different lead fields is a 409", async () => {
    const lead = bodies.estimateLead()
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
    for (const [name, body] of [
      ["process-simple-lead", lead],
      ["process-estimate", request],
      ["send-estimate-confirmation", request],
    ] as const) {
      expect((await post(app, name, body)).status).toBe(200)
    }
    expect(await db.query(`select 1 from leads where submission_id = $1`, [lead.submissionId])).toHaveLength(1)

    const second = bodies.estimateLead()
    expect((await post(app, "process-simple-lead", second)).status).toBe(200)
    const changed = { ...bodies.estimateRequest(), submissionId: second.submissionId, phone: "(914) 555-0999" }
    expect((await post(app, "process-estimate", changed)).status).toBe(409)
    expect(await db.query(`select phone from leads where submission_id = $1`, [second.submissionId])).toEqual([
      { phone: "(914) 555-0142" },
    ])
  })

  test("two different leads sent at once with one id: one is stored, the other gets a 409 (never a 500)", async () => {
    const a = bodies.booking()
    const b = { ...bodies.contact(), submissionId: a.submissionId }
    const statuses = (await Promise.all([post(app, "process-simple-lead", a), post(app, "process-contact", b)]))
      .map((r) => r.status)
      .sort()
    expect(statuses).toEqual([200, 409])
  })
})

describe("11. visitor text never breaks an e-mail header", () => {
  test("CR, LF and other line breaks in a name never reach the subject or reply-to", async () => {
    const lineBreaking = fc.constantFrom("\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029", "\t", "\u000b", "\u000c")
    const injected = fc.tuple(
      fc.string({ minLength: 1, maxLength: 10 }),
      lineBreaking,
      fc.constantFrom("Bcc: victim@example.com", "Subject: free", "X-Evil: 1"),
    )
    await fc.assert(
      fc.asyncProperty(injected, async ([before, br, header]) => {
        const body = { ...bodies.contact(), name: `Ann${before}${br}${header}` }
        if ((await post(app, "process-contact", body)).status !== 200) return // a name with nothing visible is refused, rightly
        const [job] = await db.query<{ payload: { subject: string; replyTo?: string; to: string } }>(
          `select payload from outbox_jobs where dedupe_key = $1`,
          [`${body.submissionId}:company_email`],
        )
        for (const value of [job!.payload.subject, job!.payload.replyTo ?? "", job!.payload.to])
          expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029\v\f\t]/)
      }),
      { numRuns: 100 },
    )
  })

  test("headerValue makes any text one line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(headerValue(text)).not.toMatch(/[\r\n\u0085\u2028\u2029]/)
      }),
    )
  })
})

describe("12. one e-mail rule, shared by the forms and the functions", () => {
  test("well-formed addresses pass", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(isEmailAddress(address)).toBe(true)
      }),
      { numRuns: 2_000 },
    )
  })

  test("malformed ones are refused by the rule and by every function, naming the field", async () => {
    fc.assert(
      fc.property(invalidEmailAddress(), (address) => {
        expect(isEmailAddress(address)).toBe(false)
      }),
      { numRuns: 2_000 },
    )
    for (const address of [
      "john@gmail",
      "a..b@x.com",
      ".a@x.com",
      "a.@x.com",
      "a@x..com",
      "a@-x.com",
      "a@x.c",
      "a b@x.com",
    ]) {
      for (const [name, body] of [
        ["process-contact", bodies.contact()],
        ["process-simple-lead", bodies.booking()],
        ["process-simple-lead", bodies.callback()],
        ["process-estimate", bodies.estimateRequest()],
      ] as const) {
        const response = await post(app, name, { ...body, email: address })
        expect(response.status).toBe(400)
        expect(await fieldsOf(response)).toEqual({ email: "Please enter a valid email address" })
      }
    }
  })
})

describe("13. required text must contain a visible character", () => {
  const requiredTextFields = [
    ["process-contact", "contact", "name"],
    ["process-contact", "contact", "message"],
    ["process-simple-lead", "booking", "fullName"],
    ["process-simple-lead", "booking", "streetAddress"],
    ["process-simple-lead", "callback", "full_name"],
    ["process-estimate", "estimateRequest", "city"],
  ] as const

  test.each(requiredTextFields)(
    "%s (%s): %s made only of invisible characters is a 400 naming it",
    async (name, kind, field) => {
      const make = bodies[kind]
      const before = await counts(db)
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...INVISIBLE_CHARACTERS), { minLength: 1, maxLength: 12 }).map((a) => a.join("")),
          async (invisible) => {
            const response = await post(app, name, { ...make(), [field]: invisible })
            expect(response.status).toBe(400)
            expect(Object.keys(await fieldsOf(response))).toContain(field)
          },
        ),
        { numRuns: 25 },
      )
      expect(await counts(db)).toEqual(before)
    },
  )

  // Names made only of default-ignorable code points (assigned or not: U+2065, U+FFF0,
  // U+E0080), unassigned ones, or private-use ones passed "required" and showed blank.
  const codePoints = (pattern: RegExp, from = 0, to = 0x10ffff) => {
    const found: number[] = []
    for (let cp = from; cp <= to; cp++) if (pattern.test(String.fromCodePoint(cp))) found.push(cp)
    return found
  }
  const DEFAULT_IGNORABLE = codePoints(/^\p{Default_Ignorable_Code_Point}$/u)
  const blankCodePoint = fc.oneof(
    fc.constantFrom(...DEFAULT_IGNORABLE),
    fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => /^\p{Cn}$/u.test(String.fromCodePoint(cp))),
    fc.oneof(fc.integer({ min: 0xe000, max: 0xf8ff }), fc.integer({ min: 0xf0000, max: 0x10fffd })),
  )
  const blankName = fc
    .array(
      fc.oneof(
        { arbitrary: blankCodePoint.map((cp) => String.fromCodePoint(cp)), weight: 4 },
        fc.constantFrom(...INVISIBLE_CHARACTERS),
      ),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .map((parts) => parts.join(""))

  test("a name of default-ignorable, unassigned or private-use code points has nothing visible, for the forms and the functions alike", async () => {
    expect(DEFAULT_IGNORABLE).toEqual(expect.arrayContaining([0x2065, 0xfff0, 0xe0080, 0x200b, 0x115f]))
    fc.assert(
      fc.property(blankName, (name) => {
        expect(hasVisibleText(name)).toBe(false)
        // The forms read the same contract: its "required" refuses the name too.
        expect(contactMessageSchema.pick(["name"]).isValidSync({ name })).toBe(false)
      }),
      { numRuns: 2_000 },
    )
    const before = await counts(db)
    await fc.assert(
      fc.asyncProperty(blankName, fc.constantFrom(...requiredTextFields), async (name, [fn, kind, field]) => {
        const response = await post(app, fn, { ...bodies[kind](), [field]: name })
        expect(response.status).toBe(400)
        expect(Object.keys(await fieldsOf(response))).toContain(field)
      }),
      { numRuns: 60 },
    )
    expect(await counts(db)).toEqual(before)
  })

  test("one visible character among invisible ones is enough", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE_CHARACTERS)),
        fc.constantFrom("A", "é", "李", "😀", "1", "ß"),
        fc.array(fc.constantFrom(...INVISIBLE_CHARACTERS)),
        (a, visible, b) => {
          expect(hasVisibleText(`${a.join("")}${visible}${b.join("")}`)).toBe(true)
        },
      ),
    )
  })
})
