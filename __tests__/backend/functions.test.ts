/** @jest-environment node */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { ANON_KEY, SITE_ORIGIN, bodies, counts, withFreshDb, post, testConfig, type AppUnderTest } from "./helpers"
import { OPTIONAL } from "./malformed-bodies"
import { anyOf, textContaining } from "./matchers"

let db: Db
let app: AppUnderTest

withFreshDb((fresh) => {
  db = fresh
  app = createApp({ db, config: testConfig() })
})

const jobsFor = (submissionId: string) =>
  db.query<{ kind: string; status: string; payload: { to?: string; subject?: string; html?: string; text?: string } }>(
    `select j.kind, j.status, j.payload from outbox_jobs j where j.dedupe_key like $1 order by j.kind`,
    [`${submissionId}:%`],
  )

/** The one row a submission stored in `table` (failing when it stored none or several). */
async function storedRow(table: "contact_messages" | "leads", submissionId: string) {
  const rows = await db.query(`select * from ${table} where submission_id = $1`, [submissionId])
  expect(rows).toHaveLength(1)
  return rows[0]
}

/** Posts a valid body (a 200) and returns the answer, the row it stored in `table` and its outbox jobs. */
async function submit(name: string, body: { submissionId: string }, table: "contact_messages" | "leads") {
  const response = await post(app, name, body)
  expect(response.status).toBe(200)
  const answer: unknown = await response.json()
  return { answer, row: await storedRow(table, body.submissionId), jobs: await jobsFor(body.submissionId) }
}

describe("valid requests are stored with their outbox jobs", () => {
  test("process-contact stores the message, queues the company e-mail and answers { success, message, error }", async () => {
    const { answer, row, jobs } = await submit("process-contact", bodies.contact(), "contact_messages")
    expect(answer).toEqual({
      success: true,
      message: textContaining("Thank you, Ann!"),
      reference: anyOf(String),
      error: null,
    })
    expect(row).toMatchObject({
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "914-555-0100",
      message: "Carpenter ants near the deck.",
    })
    expect(jobs).toMatchObject([
      { kind: "company_email", payload: { to: "info@westchesterfamilypest.example" } },
      {
        kind: "customer_email",
        payload: { to: "ann@example.com", subject: `We got your message (reference ${String(row?.reference)})` },
      },
    ])
  })

  test("the $49 booking stores a lead and queues the company and customer e-mails", async () => {
    const { answer, row, jobs } = await submit("process-simple-lead", bodies.booking(), "leads")
    expect(answer).toMatchObject({
      success: true,
      message: "Your $49 price is reserved. We'll call you within 24 hours to choose the time of your visit.",
    })
    expect(row).toMatchObject({
      kind: "booking",
      source: "scarsdale_49_offer",
      full_name: "Tom Hale",
      special_offer: "$49 Scarsdale Starter Visit",
      zip_code: "10583",
    })
    expect(jobs).toMatchObject([
      { kind: "company_email" },
      {
        kind: "customer_email",
        payload: { to: "tom@example.com", subject: "Your $49 Scarsdale Starter Visit price is reserved" },
      },
    ])
  })

  test("the offer callback keeps offer, notes and UTM fields", async () => {
    const { row, jobs } = await submit("process-simple-lead", bodies.callback(), "leads")
    expect(row).toMatchObject({
      kind: "callback",
      source: "offer_callback",
      full_name: "Rita Moss",
      email: null,
      pests: ["general"],
      special_offer: "Express Pest Fix - $39",
      notes: "Mice in the garage",
      utm_source: "facebook",
      utm_campaign: "yonkers39",
      utm_term: "mice",
      user_agent: null,
    })
    expect(jobs).toMatchObject([{ kind: "company_email" }])
  })

  test("the wizard's three calls share one lead, one company e-mail, the CRM forward and the customer confirmation", async () => {
    const lead = bodies.estimateLead()
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
    const first = await post(app, "process-simple-lead", lead, {
      "user-agent": "Test Browser",
      "x-forwarded-for": "203.0.113.9",
    })
    const second = await post(app, "process-estimate", request)
    const third = await post(app, "send-estimate-confirmation", request)
    for (const response of [first, second, third])
      expect(((await response.json()) as { success: boolean }).success).toBe(true)

    const stored = await storedRow("leads", lead.submissionId)
    expect(stored).toMatchObject({
      kind: "estimate",
      source: "website_estimate",
      first_name: "Maria",
      last_name: "Lopez Garcia",
      pests: ["Ants", "Bed Bugs"],
      additional_pests: 1,
      same_day_service: true,
      quick_knock: false,
      account_id: "WEB-123456",
      user_agent: "Test Browser",
    })
    expect(stored?.ip_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.ip_hash).not.toContain("203.0.113.9")

    const jobs = await jobsFor(lead.submissionId)
    expect(jobs.map((j) => j.kind)).toEqual(["company_email", "crm_forward", "customer_email"])
    const confirmation = jobs[2]!.payload
    expect(confirmation.to).toBe("maria@example.com")
    for (const text of ["C•ARE", "Ants, Bed Bugs", "Yes (+$75)", "1-2", "48 hours from your request", "(914) 555-0123"])
      expect(confirmation.text).toContain(text)
    expect(confirmation.html).toContain("Single-Family Home (up to 3BR)")
    expect(jobs[1]!.payload).toMatchObject({
      event: "estimate.requested",
      accountId: "WEB-123456",
      estimate: { servicePlanName: "C•ARE", sameDayService: true },
    })
  })

  test("every field is escaped in the e-mails", async () => {
    const body = {
      ...bodies.contact(),
      name: `<img src=x onerror="alert(1)">`,
      message: "<script>steal()</script> & more",
    }
    expect((await post(app, "process-contact", body)).status).toBe(200)
    const [job] = await jobsFor(body.submissionId)
    expect(job?.payload.html).not.toContain("<script>")
    expect(job?.payload.html).not.toContain("<img")
    expect(job?.payload.html).toContain("&lt;script&gt;steal()&lt;/script&gt; &amp; more")
  })
})

describe("what the visitor can fix gets a 400 naming the field, and stores nothing", () => {
  // Fields the visitor enters, sent as the form sends them, with a value the form refuses beside the field.
  const cases: Array<[string, keyof typeof bodies, string, unknown]> = [
    ["process-contact", "contact", "name", "  "],
    ["process-contact", "contact", "email", "ann.example.com"],
    ["process-contact", "contact", "phone", "555-01"],
    ["process-contact", "contact", "message", ""],
    ["process-contact", "contact", "name", "x".repeat(121)],
    ["process-simple-lead", "estimateLead", "pests", []],
    ["process-simple-lead", "estimateLead", "pests[0]", "Dragons\u0007"],
    ["process-simple-lead", "estimateLead", "fullName", ""],
    ["process-simple-lead", "estimateLead", "phone", "123"],
    ["process-simple-lead", "estimateLead", "email", "maria@"],
    ["process-simple-lead", "estimateLead", "streetAddress", " "],
    ["process-simple-lead", "estimateLead", "city", ""],
    ["process-simple-lead", "estimateLead", "state", "New York"],
    ["process-simple-lead", "estimateLead", "zipCode", "1058"],
    ["process-simple-lead", "estimateLead", "firstName", ""],
    ["process-estimate", "estimateRequest", "zipCode", "ABCDE"],
    ["send-estimate-confirmation", "estimateRequest", "email", "nope"],
    ["process-simple-lead", "booking", "fullName", ""],
    ["process-simple-lead", "booking", "email", "tom"],
    ["process-simple-lead", "booking", "streetAddress", ""],
    ["process-simple-lead", "booking", "zipCode", "x"],
    ["process-simple-lead", "booking", "specialOffer", ""],
    ["process-simple-lead", "callback", "full_name", " "],
    ["process-simple-lead", "callback", "phone", ""],
    ["process-simple-lead", "callback", "email", "not-an-email"],
    ["process-simple-lead", "callback", "zip_code", "123"],
  ]

  test.each(cases)("%s with a bad %s.%s", async (name, kind, field, value) => {
    const before = await counts(db)
    const body: Record<string, unknown> = bodies[kind]()
    const key = field.replace(/\[\d+\]$/, "")
    body[key] = field.endsWith("[0]") ? [value] : value
    const response = await post(app, name, body)
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { success: boolean; error: string; fields: Record<string, string> }
    expect(answer.success).toBe(false)
    expect(Object.keys(answer.fields)).toContain(field)
    expect(answer.fields[field]).toEqual(anyOf(String))
    expect(await counts(db)).toEqual(before)
  })

  test("a body that is not JSON, or not an object", async () => {
    expect((await post(app, "process-contact", "{not json")).status).toBe(400)
    const response = await post(app, "process-contact", [1, 2])
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, fields: anyOf(Object) })
  })
})

describe("what the visitor cannot fix is stored and flagged for the office (validate.ts' tolerant reading)", () => {
  /** The flags of the one row an answer's reference names. */
  async function flagsOfAnswer(response: Response): Promise<Array<{ code: string; detail: string }>> {
    expect(response.status).toBe(200)
    const { reference } = (await response.json()) as { reference: string }
    const rows = await db.query<{ flags: Array<{ code: string; detail: string }> }>(
      `select flags from leads where reference = $1 union all select flags from contact_messages where reference = $1`,
      [reference],
    )
    expect(rows).toHaveLength(1)
    return rows[0]!.flags
  }

  // Each was a 400 the browser re-sent for a week: a field no form of ours fills with a refused value.
  const cases: Array<[string, keyof typeof bodies, string, unknown]> = [
    ["process-contact", "contact", "submissionId", "not-a-uuid"],
    ["process-contact", "contact", "formFillMs", "yesterday"],
    ["process-simple-lead", "estimateLead", "propertyType", "castle!"],
    ["process-simple-lead", "estimateLead", "servicePlan", "gold plan"],
    ["process-simple-lead", "estimateLead", "additionalPests", 21],
    ["process-simple-lead", "estimateLead", "sameDayService", "yes"],
    ["process-simple-lead", "estimateLead", "quickKnock", null],
    ["process-simple-lead", "estimateLead", "source", "website"],
    ["process-estimate", "estimateRequest", "accountId", "has spaces"],
    ["send-estimate-confirmation", "estimateRequest", "accountId", ""],
    ["process-simple-lead", "callback", "property_type", "commercial/office"],
    ["process-simple-lead", "callback", "pests", ["general", "general"]],
    ["process-simple-lead", "callback", "utm_source", "x".repeat(201)],
  ]

  test.each(cases)("%s with an odd %s.%s", async (name, kind, field, value) => {
    const body: Record<string, unknown> = { ...bodies[kind](), [field]: value }
    const flags = await flagsOfAnswer(await post(app, name, body))
    expect(flags.some((f) => f.detail.startsWith(field))).toBe(true)
  })

  test.each([
    ["process-contact", "contact"],
    ["process-simple-lead", "estimateLead"],
    ["process-simple-lead", "booking"],
    ["process-simple-lead", "callback"],
    ["process-estimate", "estimateRequest"],
    ["send-estimate-confirmation", "estimateRequest"],
  ] as const)("%s (%s): each required field missing is stored and named in a flag", async (name, kind) => {
    const optional = new Set([...OPTIONAL, "email"])
    const body: Record<string, unknown> = bodies[kind]()
    for (const field of Object.keys(body).filter(
      (f) => !optional.has(f) || (kind !== "callback" && (f === "email" || f === "city")),
    )) {
      // A fresh submission each time: another body under one id is a 409 (idempotency).
      const fresh: Record<string, unknown> = bodies[kind]()
      const { [field]: _omitted, ...rest } = fresh
      const flags = await flagsOfAnswer(await post(app, name, rest))
      const named =
        field === "formFillMs"
          ? flags.some((f) => f.code === "fill_time_unknown")
          : flags.some((f) => f.detail.startsWith(field))
      expect([field, named]).toEqual([field, true])
    }
  })

  test("an unknown field is stored and named", async () => {
    const flags = await flagsOfAnswer(await post(app, "process-contact", { ...bodies.contact(), admin: true }))
    expect(flags).toContainEqual({ code: "unknown_field", detail: "admin" })
  })

  // Found by the fuzzer (fuzz.test.ts): each of these was a 500, then a 400; now read tolerantly, never a 500.
  test.each<[string, Record<string, unknown>]>([
    ["a list for a text field", { name: ["Ann"] }],
    ["an object for a text field", { email: { a: 1 } }],
    ["a key named like an Object.prototype member", { valueOf: false }],
    ["a key named constructor", { constructor: 1 }],
    ["a key of spaces", { "  ": 1 }],
    ["a key with a comma", { "a,b": 1 }],
  ])("%s is stored and flagged", async (_case, change) => {
    const flags = await flagsOfAnswer(await post(app, "process-contact", { ...bodies.contact(), ...change }))
    expect(flags.length).toBeGreaterThan(0)
  })

  test("an object with its own toString in the honeypot reads as filled: answered as a lead, filed as spam", async () => {
    const body = { ...bodies.contact(), website: { toString: " " } }
    expect((await post(app, "process-contact", body)).status).toBe(200)
    expect(await db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId])).toHaveLength(
      0,
    )
    expect(await db.query(`select 1 from spam_attempts where submission_id = $1`, [body.submissionId])).toHaveLength(1)
  })
})

describe("idempotency", () => {
  test("a repeated submissionId gets the first answer and writes nothing", async () => {
    const body = bodies.booking()
    const first: unknown = await (await post(app, "process-simple-lead", body)).json()
    const before = await counts(db)
    const again = await post(app, "process-simple-lead", body)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(await counts(db)).toEqual(before)
  })

  test("the same submissionId with a different body is a 409", async () => {
    const body = bodies.contact()
    await post(app, "process-contact", body)
    const before = await counts(db)
    const response = await post(app, "process-contact", { ...body, message: "Something else" })
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ success: false, fields: { submissionId: anyOf(String) } })
    expect(await counts(db)).toEqual(before)
  })

  test("ten simultaneous copies of one submission store one lead", async () => {
    const body = bodies.estimateRequest()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(app, "process-estimate", body).then((r) => r.json())),
    )
    for (const answer of answers) expect(answer).toEqual(answers[0])
    expect(await db.query(`select id from leads where submission_id = $1`, [body.submissionId])).toHaveLength(1)
  })
})

describe("the HTTP contract", () => {
  test("wrong method 405, unknown function 404, not JSON 415, too large 413", async () => {
    const get = await app.request("/functions/v1/process-contact", { headers: { apikey: ANON_KEY } })
    expect(get.status).toBe(405)
    expect(get.headers.get("allow")).toContain("POST")
    expect((await post(app, "process-everything", bodies.contact())).status).toBe(404)
    expect((await post(app, "process-contact", "name=Ann", { "content-type": "text/plain" })).status).toBe(415)
    const big = await post(app, "process-contact", { ...bodies.contact(), message: "x".repeat(70 * 1024) })
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ success: false, error: textContaining("64 KB") })
  })

  test("a missing or wrong apikey is a server setting, not a refusal: the lead is stored and flagged without the key", async () => {
    const flagsOf = async (headers: Record<string, string>) => {
      const body = bodies.contact()
      expect((await post(app, "process-contact", body, headers)).status).toBe(200)
      return (await storedRow("contact_messages", body.submissionId))?.flags
    }
    expect(await flagsOf({ apikey: "" })).toEqual([{ code: "apikey_mismatch", detail: "missing" }])
    expect(await flagsOf({ apikey: "rotated-key" })).toEqual([
      { code: "apikey_mismatch", detail: "not the project's key" },
    ])
    expect(await flagsOf({ apikey: "", authorization: `Bearer ${ANON_KEY}` })).toEqual([])
  })

  test("CORS: the preflight and every answer let any origin read them; the allowed list only decides the flag", async () => {
    for (const origin of [SITE_ORIGIN, "https://westchesterfamilypest.example", "http://localhost:9100"]) {
      const preflight = await app.request("/functions/v1/process-contact", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "apikey, content-type, authorization, x-client-info",
        },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin)
      expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey")
    }
    const invalid = await post(app, "process-contact", {})
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN)
    const body = bodies.contact()
    const foreign = await post(app, "process-contact", body, { origin: "https://evil.example" })
    expect(foreign.status).toBe(200)
    expect(foreign.headers.get("access-control-allow-origin")).toBe("https://evil.example")
    expect((await storedRow("contact_messages", body.submissionId))?.flags).toEqual([
      { code: "origin_not_allowed", detail: "https://evil.example" },
    ])
    // The outbox's cron is no browser: dispatch-outbox lets no page read it.
    const dispatch = await app.request("/functions/v1/dispatch-outbox", {
      method: "OPTIONS",
      headers: { origin: SITE_ORIGIN },
    })
    expect(dispatch.headers.get("access-control-allow-origin")).toBeNull()
  })

  test("dispatch-outbox needs its secret", async () => {
    expect((await post(app, "dispatch-outbox", {})).status).toBe(401)
    const response = await app.request("/functions/v1/dispatch-outbox", {
      method: "POST",
      headers: { authorization: "Bearer dispatch-secret" },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true, sent: anyOf(Number) })
  })

  test("a database failure is a 500 with no internals, and nothing half-written", async () => {
    const broken = createApp({
      db: {
        query: () => Promise.reject(new Error("relation secret_table does not exist")),
        transaction: () => Promise.reject(new Error("connection refused at 10.0.0.5")),
      },
      config: testConfig(),
    })
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const response = await post(broken, "process-contact", bodies.contact())
    error.mockRestore()
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toMatch(/10\.0\.0\.5|secret_table/)
    expect(JSON.parse(text)).toMatchObject({ success: false, error: anyOf(String) })
  })
})
