/**
 * @jest-environment node
 *
 * A legal-size body with a 30,000-item list cost 1.8 s of CPU and an 890 KB answer. Every
 * list in every body has a maximum, checked before Yup walks it; validation stops after MAX_ISSUES issues;
 * the error answer's `fields` is bounded in count and size. Work is measured by counting Yup's casts (one
 * per value it walks, list items included) and the answer's bytes, never by the clock.
 */
import fc from "fast-check"
import type { SchemaFieldDescription } from "yup"
import { PUBLIC_FUNCTIONS } from "../../supabase/functions/_shared/app"
import {
  MAX_BODY_BYTES,
  SIMPLE_LEAD_SCHEMAS,
  contactMessageSchema,
  estimateRequestSchema,
} from "../../supabase/functions/_shared/kernel/contract"
import type { Db } from "../../supabase/functions/_shared/db"
import { MAX_FIELD_MESSAGE, MAX_FIELD_NAME, MAX_ISSUES } from "../../supabase/functions/_shared/intake/validate"
import { MAX_JSON_LIST } from "../../supabase/functions/_shared/intake/json-input"
import { MAX_UNREAD_FIELDS } from "../../supabase/functions/_shared/intake/received-shape"
import { counts, post, withFreshApp, type AppUnderTest } from "./helpers"
import { VALID_BODIES } from "./malformed-bodies"

jest.setTimeout(300_000)

let db: Db
let app: AppUnderTest

withFreshApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, app } = opened))

/** A valid body's JSON is far under this; the rest of the 64 KB is the list's. */
const encoder = new TextEncoder()
const bytes = (text: string) => encoder.encode(text).length

type Castable = { cast: (...args: never[]) => unknown }
const isCastable = (proto: unknown): proto is Castable =>
  typeof proto === "object" && proto !== null && Object.prototype.hasOwnProperty.call(proto, "cast")

/**
 * Yup's base class as the contract's schemas have it: the functions' folder may resolve its own copy of
 * yup (Deno's node_modules), so it is found from a contract schema, not imported here.
 */
function yupBase(schema: object): Castable {
  for (
    let proto: unknown = Object.getPrototypeOf(schema);
    typeof proto === "object" && proto !== null;
    proto = Object.getPrototypeOf(proto)
  )
    if (isCastable(proto)) return proto
  throw new Error("no Yup base class with cast() above the contract's schema")
}
const YUP = yupBase(contactMessageSchema)

/** The request's answer and how many values Yup cast while it was handled. */
async function measured(name: string, body: unknown) {
  const casts = jest.spyOn(YUP, "cast")
  try {
    const response = await post(app, name, body)
    const text = await response.text()
    return {
      status: response.status,
      text,
      answer: JSON.parse(text) as { fields?: Record<string, string> },
      casts: casts.mock.calls.length,
    }
  } finally {
    casts.mockRestore()
  }
}

test("the reported case: a legal-size estimate whose pests list has 30,000 items is a small 400 naming pests, Yup never walks it", async () => {
  const before = await counts(db)
  const body = { ...VALID_BODIES["process-simple-lead"][0]!(), pests: Array.from({ length: 30_000 }, () => 0) }
  expect(bytes(JSON.stringify(body))).toBeLessThanOrEqual(MAX_BODY_BYTES)
  const { status, answer, text, casts } = await measured("process-simple-lead", body)
  expect(status).toBe(400)
  expect(Object.keys(answer.fields ?? {})).toEqual(["pests"])
  expect(bytes(text)).toBeLessThan(300)
  expect(casts).toBe(0)
  expect(await counts(db)).toEqual(before)
})

test("a valid body costs Yup a few dozen casts: the yardstick for the bounds below", async () => {
  const { status, casts } = await measured("process-simple-lead", VALID_BODIES["process-simple-lead"][0]!())
  expect(status).toBe(200)
  expect(casts).toBeGreaterThan(0)
  expect(casts).toBeLessThan(100)
})

/**
 * A list of small items longer than any browser of ours sends (a list of up to MAX_JSON_LIST in a text field is
 * another type: read tolerantly, tolerant-shapes.test.ts), as long as the body can hold, or shorter.
 */
const longList = fc
  .tuple(fc.integer({ min: MAX_JSON_LIST + 1, max: 30_000 }), fc.constantFrom(0, "", "Ants", null, []))
  .map(([n, item]) =>
    Array.from({ length: n }, (_, i) => (typeof item === "string" && item !== "" ? `${item}${i}` : item)),
  )

test.each(PUBLIC_FUNCTIONS)(
  "%s: a huge list, in any field or nested in attribution or consent, is a small 400 naming it, unwalked",
  async (name) => {
    const before = await counts(db)
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...VALID_BODIES[name])
          .map((make) => make())
          .chain((body) => fc.tuple(fc.constant(body), fc.constantFrom(...Object.keys(body)))),
        longList,
        fc.constantFrom("field", "attribution", "consent"),
        async ([body, key], list, where) => {
          const field = where === "field" ? key : where
          const value =
            where === "attribution"
              ? {
                  first: { at: "2026-11-20T14:05:00.000Z", utm_source: list },
                  last: { at: "2026-11-20T14:05:00.000Z" },
                }
              : where === "consent"
                ? { version: "contact-2026-11", at: list }
                : list
          const sent = { ...body, [field]: value }
          let json = JSON.stringify(sent)
          // Cut the list to what fits in a legal body: the point is a body the size limit lets through.
          while (bytes(json) > MAX_BODY_BYTES) {
            list.splice(Math.floor(list.length / 2))
            json = JSON.stringify(sent)
          }
          fc.pre(list.length > MAX_JSON_LIST)
          const { status, answer, text, casts } = await measured(name, json)
          expect(status).toBe(400)
          // The field itself, or (inside attribution or consent) a field within it.
          expect(Object.keys(answer.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`))).toBe(
            true,
          )
          expect(bytes(text)).toBeLessThan(1_024)
          // A valid body costs fewer than 100 casts; a refused list adds none of its items.
          expect(casts).toBeLessThan(100)
        },
      ),
      { numRuns: 60 },
    )
    expect(await counts(db)).toEqual(before)
  },
)

test("more unknown fields than any site sends, long names, every field wrong: `fields` names at most MAX_ISSUES, each cut short", async () => {
  const base = VALID_BODIES["process-contact"][0]!()
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: MAX_UNREAD_FIELDS + 1, max: 5_000 }),
      fc.integer({ min: 1, max: 20_000 }),
      fc.boolean(),
      async (keys, nameLength, allWrong) => {
        const unknown = Object.fromEntries(
          Array.from({ length: keys }, (_, i) => [`${"k".repeat(Math.max(1, Math.floor(nameLength / keys)))}${i}`, 1]),
        )
        const body = allWrong
          ? { ...Object.fromEntries(Object.keys(base).map((k) => [k, { wrong: true }])), ...unknown }
          : { ...base, ...unknown }
        const json = JSON.stringify(body)
        fc.pre(bytes(json) <= MAX_BODY_BYTES)
        const { status, answer, text, casts } = await measured("process-contact", json)
        expect(status).toBe(400)
        const fields = Object.entries(answer.fields ?? {})
        expect(fields.length).toBeGreaterThan(0)
        expect(fields.length).toBeLessThanOrEqual(MAX_ISSUES)
        for (const [key, message] of fields) {
          expect(key.length).toBeLessThanOrEqual(MAX_FIELD_NAME)
          expect(message.length).toBeLessThanOrEqual(MAX_FIELD_MESSAGE)
        }
        expect(bytes(text)).toBeLessThan(MAX_ISSUES * (MAX_FIELD_NAME + MAX_FIELD_MESSAGE + 16) + 200)
        expect(casts).toBeLessThan(100)
      },
    ),
    { numRuns: 40 },
  )
})

test("every list in every body's schema has a maximum (a list without one would be walked whole)", () => {
  const lists: string[] = []
  const walk = (d: SchemaFieldDescription, path: string) => {
    if (d.type === "array" && "tests" in d) {
      lists.push(path)
      expect([path, d.tests.some((t) => t.name === "max")]).toEqual([path, true])
    }
    if ("innerType" in d && d.innerType && !Array.isArray(d.innerType)) walk(d.innerType, `${path}[]`)
    if ("fields" in d) for (const [key, field] of Object.entries(d.fields)) walk(field, path ? `${path}.${key}` : key)
  }
  for (const schema of [contactMessageSchema, ...Object.values(SIMPLE_LEAD_SCHEMAS), estimateRequestSchema])
    walk(schema.describe(), "")
  expect(lists).toContain("pests")
})
