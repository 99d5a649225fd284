/**
 * Malformed requests for each public function, as fast-check arbitraries: the fuzz test and
 * `npm run bench:reliability` send the same ones. Every case is refused by construction: what the visitor
 * can fix (a field they enter, sent as the form sends it, with a value the form refuses beside it) or what no
 * browser of ours sends (a body that is not JSON, not sent as JSON, not an object, nested too deeply, with a
 * huge list, with none of its form's fields, with more unknown fields than any site version adds). So every
 * answer must be a 4xx and nothing may be written. A field missing, unknown, null or of another type is no
 * longer malformed: the functions store and flag it (tolerant-shapes.test.ts generates that class).
 */
import fc from "fast-check"
import type { SchemaFieldDescription } from "yup"
import {
  FUNCTION_SCHEMAS,
  MAX_BODY_BYTES,
  SIMPLE_LEAD_SCHEMAS,
  contactMessageSchema,
  estimateRequestSchema,
  simpleLeadKind,
  type PublicFunctionName,
} from "../../supabase/functions/_shared/kernel/contract"
import { MAX_UNREAD_FIELDS } from "../../supabase/functions/_shared/intake/received-shape"
import { ANON_KEY, SITE_ORIGIN, bodies } from "./helpers"
import {
  BROKEN_CODE_UNITS,
  INVISIBLE_CHARACTERS,
  deeplyNested,
  invalidEmailAddress,
  withRawField,
} from "./hostile-values"

export interface MalformedCase {
  /** Which kind of breakage, for reports. */
  kind: string
  /** The raw request body. */
  body: string
  contentType: string
  /** The field the 400 must name, when one is known. */
  field?: string
  /** Headers that replace the defaults (apikey, origin), for the header variants. */
  headers?: Record<string, string>
  /** The status the answer must have, when the breakage decides it. */
  status?: number
}

/**
 * Submission ids already taken before the run, so a request reusing one for another function is a
 * 409: `byContact` was used by process-contact, `byBooking` by process-simple-lead (a $49 booking).
 */
export interface TakenIds {
  byContact: string
  byBooking: string
}

/** Stores one contact message and one booking through `send`, so their ids are taken before a run. */
export async function takeIds(
  send:
    | { request: (path: string, init: RequestInit) => Response | Promise<Response> }
    | ((name: string, body: object) => Promise<Response>),
): Promise<TakenIds> {
  const call =
    typeof send === "function"
      ? send
      : (name: string, body: object) =>
          Promise.resolve(
            send.request(`/functions/v1/${name}`, {
              method: "POST",
              headers: { "content-type": "application/json", apikey: ANON_KEY, origin: SITE_ORIGIN },
              body: JSON.stringify(body),
            }),
          )
  const contact = bodies.contact()
  const booking = bodies.booking()
  for (const [name, body] of [
    ["process-contact", contact],
    ["process-simple-lead", booking],
  ] as const) {
    const response = await call(name, body)
    if (response.status !== 200)
      throw new Error(`could not take an id with ${name}: ${response.status} ${await response.text()}`)
  }
  return { byContact: contact.submissionId, byBooking: booking.submissionId }
}

type Body = Record<string, unknown>

/** The valid bodies each function takes (process-simple-lead takes three shapes). */
export const VALID_BODIES: Record<PublicFunctionName, ReadonlyArray<() => Body>> = {
  "process-contact": [bodies.contact],
  "process-simple-lead": [bodies.estimateLead, bodies.booking, bodies.callback],
  "process-estimate": [bodies.estimateRequest],
  "send-estimate-confirmation": [bodies.estimateRequest],
}

/** Fields a body may leave out (defaults fill them in); the callback's email too (optionalIn). */
export const OPTIONAL: ReadonlySet<string> = new Set([
  "website",
  "turnstileToken",
  "lastName",
  "street_address",
  "city",
  "notes",
  "zip_code",
  "utm_source",
  "utm_campaign",
  "utm_term",
])

const JSON_TYPE = "application/json"

/** A string longer than any field's maximum (5,000 for a message), yet far under the 64 KB body limit in most draws. */
const overlong = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 16, unit: "grapheme" }).filter((s) => s.trim().length > 0),
    fc.integer({ min: 5_100, max: 60_000 }),
  )
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length))
  .filter((s) => s.trim().length > 5_000)

/**
 * Text that is not JSON. Built once for every function: a binary-unit string arbitrary maps all of Unicode when
 * it is made (about a second of CPU each time).
 */
const notJson = fc
  .string({ maxLength: 200, unit: "binary" })
  .filter((text) => {
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  })
  .map((text): MalformedCase => ({ kind: "not JSON", body: text, contentType: JSON_TYPE, field: "body" }))

/** Same-type values each field refuses. */
const BAD_VALUES: Record<string, readonly unknown[]> = {
  submissionId: ["", "not-a-uuid", "123e4567-e89b-12d3-a456-42661417400", 42, true],
  formFillMs: ["soon", "", true, "1 minute", [], {}, "1e3ms"],
  email: ["nope", "a@", "@b.example", "two@@example.com"],
  phone: ["123", "abcdefghij", "+1 (914) 555", "1".repeat(31)],
  zipCode: ["1058", "ABCDE", "105833", ""],
  zip_code: ["123", "ABCDE"],
  state: ["New York", "N1", ""],
  // A list value the functions' data does not know ("castle", "Dragons", 5) is stored and flagged, not refused.
  propertyType: ["castle!", "", 3, "a b", "x".repeat(65)],
  servicePlan: ["gold plan", "", ["gold"]],
  pests: [[], ["Dragons\u0007"], [""], ["Ants", "Ants"], "Ants", Array.from({ length: 26 }, (_, i) => `Pest ${i}`)],
  additionalPests: [21, -1, "many", 0.5, 1e9],
  sameDayService: ["yes", 1, "true"],
  quickKnock: ["no", 0],
  source: ["website", ""],
  accountId: ["has spaces", "", "x".repeat(65)],
  property_type: ["commercial/office", ""],
  service_plan: ["monthly plan", 1],
  name: ["", "   "],
  message: ["", "  "],
  fullName: [""],
  full_name: [" "],
  firstName: [""],
  streetAddress: [""],
  specialOffer: [""],
  special_offer: [""],
}

const fieldOf = (body: Body) => fc.constantFrom(...Object.keys(body))

function validBody(name: PublicFunctionName): fc.Arbitrary<Body> {
  const makers = VALID_BODIES[name]
  return fc.integer({ min: 0, max: makers.length - 1 }).map((i) => makers[i]!())
}

/** The fields of a body's schema that the visitor enters (the contract's `visitor` meta). */
function visitorFields(name: PublicFunctionName, body: Body): ReadonlySet<string> {
  const schema =
    name === "process-contact"
      ? contactMessageSchema
      : name === "process-simple-lead"
        ? SIMPLE_LEAD_SCHEMAS[simpleLeadKind(body)]
        : estimateRequestSchema
  const fields: Record<string, SchemaFieldDescription> = schema.describe().fields
  return new Set(
    Object.entries(fields).flatMap(([key, d]) => ("meta" in d && d.meta && d.meta.visitor === true ? [key] : [])),
  )
}

/** Same JSON type: a value the form could send in that field (a text for a text, a list for the pests). */
const sameType = (a: unknown, b: unknown) => Array.isArray(a) === Array.isArray(b) && typeof a === typeof b

const json = (kind: string, value: unknown, field?: string): MalformedCase => ({
  kind,
  body: JSON.stringify(value),
  contentType: JSON_TYPE,
  field,
})

/** Fields whose value must match a strict format, where one odd character is enough to refuse it. */
const FORMATTED = [
  "submissionId",
  "email",
  "zipCode",
  "state",
  "propertyType",
  "servicePlan",
  "source",
  "accountId",
  "property_type",
  "service_plan",
]
/** Required free-text fields: nothing visible in them is as good as nothing. */
const REQUIRED_TEXT = [
  "name",
  "message",
  "fullName",
  "full_name",
  "firstName",
  "streetAddress",
  "city",
  "specialOffer",
  "special_offer",
]
/** Characters that are neither visible nor removed by trimming. */
const HIDDEN = [...INVISIBLE_CHARACTERS.filter((c) => c.trim() !== ""), "\u0001", "\u001f"]

export function malformedRequests(name: PublicFunctionName, taken?: TakenIds): fc.Arbitrary<MalformedCase> {
  const valid = validBody(name)
  // Built by changing one field at random, so the contract itself says whether the result is still acceptable (" 1 " is a fine additionalPests).
  const refused = (body: Body) => !FUNCTION_SCHEMAS[name].isValidSync(body)
  /** The body's fields among the candidates that its visitor enters: a refusal of them is theirs to fix. */
  const fieldIn = (body: Body, candidates: readonly string[]) =>
    fc.constantFrom(...Object.keys(body).filter((f) => candidates.includes(f) && visitorFields(name, body).has(f)))
  /** The valid bodies of this function whose visitor enters one of these fields, or null when none has (then the class does not apply). */
  const validWith = (candidates: readonly string[]) => {
    const makers = VALID_BODIES[name].filter((make) => {
      const body = make()
      return Object.keys(body).some((f) => candidates.includes(f) && visitorFields(name, body).has(f))
    })
    return makers.length === 0 ? null : fc.constantFrom(...makers).map((make) => make())
  }
  const tooDeep = valid.chain((body) =>
    fc
      .tuple(fieldOf(body), deeplyNested(4, 20_000), fc.boolean())
      .map(([field, nested, whole]) =>
        whole
          ? { kind: "nested too deeply", body: `[${nested}]`, contentType: JSON_TYPE, field: "body" }
          : { kind: "field nested too deeply", body: withRawField(body, field, nested), contentType: JSON_TYPE, field },
      ),
  )
  const brokenFormat = validWith(FORMATTED)
    ?.chain((body) =>
      fc
        .tuple(fieldIn(body, FORMATTED), fc.constantFrom(...BROKEN_CODE_UNITS, ...HIDDEN), fc.nat())
        .map(([field, odd, at]) => {
          const value = String(body[field])
          const position = at % (value.length + 1)
          return { field, body: { ...body, [field]: `${value.slice(0, position)}${odd}${value.slice(position)}` } }
        }),
    )
    .filter(({ body }) => refused(body))
    .map(({ field, body }) => json("invalid Unicode or a hidden character inside a formatted field", body, field))
  const invisibleText = validWith(REQUIRED_TEXT)
    ?.chain((body) =>
      fc
        .tuple(fieldIn(body, REQUIRED_TEXT), fc.array(fc.constantFrom(...HIDDEN), { minLength: 1, maxLength: 10 }))
        .map(([field, chars]) => ({ field, body: { ...body, [field]: chars.join("") } })),
    )
    .filter(({ body }) => refused(body)) // the callback's city, for one, is optional
    .map(({ field, body }) => json("required text with nothing visible", body, field))
  const badEmail = validWith(["email"])?.chain((body) =>
    invalidEmailAddress().map((address) => json("malformed e-mail address", { ...body, email: address }, "email")),
  )
  // A missing or wrong apikey and an origin outside ALLOWED_ORIGINS are no longer refusals (stored and
  // flagged, server-settings.test.ts generates them), so no header variant is malformed here.
  const reusedId = taken
    ? valid.map((body): MalformedCase => ({
        ...json(
          "a submission id already used by another function",
          { ...body, submissionId: name === "process-contact" ? taken.byBooking : taken.byContact },
          "submissionId",
        ),
        status: 409,
      }))
    : null
  /** A field the visitor enters, as the form sends it (same type), too long for it. */
  const tooLong = valid.chain((body) =>
    fc
      .tuple(
        fieldIn(
          body,
          Object.keys(body).filter((f) => typeof body[f] === "string"),
        ),
        overlong,
      )
      .map(([field, value]) => json("field too long", { ...body, [field]: value }, field)),
  )
  /** A field the visitor enters, as the form sends it, with a value its form refuses beside it. */
  const badValue = valid.chain((body) =>
    fc
      .constantFrom(...Object.keys(body).filter((f) => BAD_VALUES[f] && visitorFields(name, body).has(f)))
      .chain((field) =>
        fc
          .constantFrom(...BAD_VALUES[field]!.filter((value) => sameType(value, body[field])))
          .map((value) => json("field with a bad value", { ...body, [field]: value }, field)),
      )
      .filter((c) => refused(JSON.parse(c.body) as Body)),
  )
  /** More unknown fields than any site version adds: no browser of ours. */
  const crowded = valid.chain((body) =>
    fc.integer({ min: MAX_UNREAD_FIELDS + 1, max: MAX_UNREAD_FIELDS * 5 }).map((n) =>
      json("more unknown fields than any site sends", {
        ...body,
        ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`added${i}`, i])),
      }),
    ),
  )
  /** Any JSON that is no object with a field of this form: a list, a text, a number, an object of other keys. */
  const anyJson = fc
    .jsonValue({ maxDepth: 4 })
    .filter(
      (value) =>
        typeof value !== "object" ||
        value === null ||
        Array.isArray(value) ||
        !VALID_BODIES[name].some((make) => [...visitorFields(name, make())].some((f) => f in value)),
    )
    .map((value) => json("arbitrary JSON", value))
  const wrongContentType = fc
    .tuple(
      valid,
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "",
        "json",
      ),
    )
    .map(([body, contentType]): MalformedCase => ({
      kind: "not sent as JSON",
      body: JSON.stringify(body),
      contentType,
    }))
  const hugeArray = fc.integer({ min: 1_000, max: 12_000 }).map((n) =>
    json(
      "huge JSON array",
      Array.from({ length: n }, (_, i) => i),
    ),
  )

  // Each kind by its weight; a kind the function's form cannot have (no such field, no taken ids) is null, left out.
  const kinds: Array<[fc.Arbitrary<MalformedCase> | null | undefined, number]> = [
    [badValue, 3],
    [crowded, 1],
    [anyJson, 2],
    [notJson, 1],
    [wrongContentType, 1],
    [tooLong, 1],
    [hugeArray, 1],
    [tooDeep, 2],
    [brokenFormat, 2],
    [invisibleText, 2],
    [badEmail, 1],
    [reusedId, 1],
  ]
  return fc.oneof(...kinds.flatMap(([arbitrary, weight]) => (arbitrary ? [{ arbitrary, weight }] : [])))
}

export interface AnswerCheck {
  ok: boolean
  problem?: string
}

/** What every answer to a malformed request must be: a 4xx JSON error that says what is wrong. */
export function checkAnswer(request: MalformedCase, status: number, text: string): AnswerCheck {
  if (status < 400 || status >= 500) return { ok: false, problem: `status ${status}` }
  if (request.status !== undefined && status !== request.status)
    return { ok: false, problem: `status ${status}, not ${request.status}` }
  let answer: { success?: unknown; error?: unknown; fields?: unknown }
  try {
    answer = JSON.parse(text) as typeof answer
  } catch {
    return { ok: false, problem: `not JSON: ${text.slice(0, 80)}` }
  }
  if (answer.success !== false) return { ok: false, problem: "success is not false" }
  if (typeof answer.error !== "string" || answer.error.trim() === "") return { ok: false, problem: "no error text" }
  if (status === 400) {
    const fields = answer.fields as Record<string, unknown> | undefined
    if (!fields || typeof fields !== "object" || Object.keys(fields).length === 0)
      return { ok: false, problem: "a 400 without fields" }
    const field = request.field
    // A list's field may be named by its item's path: pests[0].
    const named =
      field === undefined ||
      Object.entries(fields).some(
        ([key, message]) =>
          (key === field || key.startsWith(`${field}[`)) && typeof message === "string" && message !== "",
      )
    if (!named)
      return {
        ok: false,
        problem: `fields does not name ${JSON.stringify(request.field)}: ${JSON.stringify(fields).slice(0, 200)}`,
      }
  }
  if (status === 413 && new TextEncoder().encode(request.body).length <= MAX_BODY_BYTES)
    return { ok: false, problem: "413 for a body under the limit" }
  return { ok: true }
}
