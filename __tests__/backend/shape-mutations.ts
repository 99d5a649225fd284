/**
 * Bodies of another site version, by shape: the real forms' bodies (the fixtures' leads with every field the
 * browser adds, src/lib/leads/submission.ts' submissionFields) mutated where the visitor cannot fix it: a field
 * added, removed, renamed, set to null or to another JSON type, a nested object with a key more or less. Which
 * fields a body must carry and which the visitor enters come from the contract's own schemas (their description),
 * never a list here. Shared by the Node test (tolerant-shapes.test.ts) and the Deno one.
 */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from "yup"
import {
  contactMessageSchema,
  estimateRequestSchema,
  SIMPLE_LEAD_SCHEMAS,
  type PublicFunctionName,
} from "../../supabase/functions/_shared/kernel/contract"
import { submissionFields } from "../../src/lib/leads/submission"
import { bodies } from "./helpers"
import { skewedOrigin } from "./skew-values"

type Body = Record<string, unknown>

/** A form's body as the browser sends it: the lead, and the fields every call adds (reference, origin, language). */
const sent = (lead: Body, windows: boolean): Body => {
  const submission = { submissionId: randomUUID(), createdAt: Date.now() - Math.floor(Math.random() * 1e9) }
  return {
    ...lead,
    ...submissionFields(submission, 30_000, "", { ...skewedOrigin({}), language: "es" }),
    ...(windows ? { preferredWindows: ["2026-12-03@08:00"] } : {}),
  }
}

export interface Form {
  name: string
  fn: PublicFunctionName
  make: () => Body
  schema: SchemaDescription
}

const FORM_SCHEMAS: ReadonlyArray<Omit<Form, "schema"> & { schema: AnyObjectSchema }> = [
  { name: "contact", fn: "process-contact", make: () => sent(bodies.contact(), false), schema: contactMessageSchema },
  {
    name: "estimate (call 1)",
    fn: "process-simple-lead",
    make: () => sent(bodies.estimateLead(), true),
    schema: SIMPLE_LEAD_SCHEMAS.estimate,
  },
  {
    name: "estimate (call 2)",
    fn: "process-estimate",
    make: () => sent(bodies.estimateRequest(), true),
    schema: estimateRequestSchema,
  },
  {
    name: "estimate (call 3)",
    fn: "send-estimate-confirmation",
    make: () => sent(bodies.estimateRequest(), true),
    schema: estimateRequestSchema,
  },
  {
    name: "$49 booking",
    fn: "process-simple-lead",
    make: () => sent(bodies.booking(), true),
    schema: SIMPLE_LEAD_SCHEMAS.booking,
  },
  {
    name: "offer callback",
    fn: "process-simple-lead",
    make: () => sent(bodies.callback(), true),
    schema: SIMPLE_LEAD_SCHEMAS.callback,
  },
]

export const FORMS: readonly Form[] = FORM_SCHEMAS.map((form) => ({ ...form, schema: form.schema.describe() }))

const isObjectDescription = (
  d: SchemaFieldDescription | undefined,
): d is SchemaDescription & { fields: Record<string, SchemaFieldDescription> } =>
  d !== undefined && d.type === "object" && "fields" in d

/** The description of a path's field in a form's schema. */
function describedAt(schema: SchemaDescription, path: readonly string[]): SchemaFieldDescription | undefined {
  let at: SchemaFieldDescription | undefined = schema
  for (const key of path) at = isObjectDescription(at) ? at.fields[key] : undefined
  return at
}

/** Whether the contract requires the field (no default, not optional): missing, it must be flagged. */
const required = (d: SchemaFieldDescription | undefined) =>
  d !== undefined && "optional" in d && !d.optional && !("default" in d && d.default !== undefined)

/** Every path of a body that holds a value, down into its objects (consent.sms.at). */
function pathsOf(value: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return prefix.length > 0 ? [[...prefix]] : []
  return [
    ...(prefix.length > 0 ? [[...prefix]] : []),
    ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key])),
  ]
}

const isBody = (value: unknown): value is Body => typeof value === "object" && value !== null && !Array.isArray(value)

const getAt = (body: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((at, key) => (isBody(at) ? at[key] : undefined), body)

/** A copy of the body with the object at `path`'s parent changed by `change`. */
function withParent(body: Body, path: readonly string[], change: (parent: Body, key: string) => void): Body {
  const copy = structuredClone(body)
  const parent = getAt(copy, path.slice(0, -1))
  const key = path.at(-1)
  if (isBody(parent) && key !== undefined) change(parent, key)
  return copy
}

/** A value of another JSON type than `value`'s, never a number in text (which reads as one) nor a filled honeypot. */
const otherType = (value: unknown): fc.Arbitrary<unknown> => {
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ["string", fc.constantFrom("soon", "x", "true")],
    ["number", fc.integer({ min: -5, max: 99_999 })],
    ["boolean", fc.boolean()],
    ["list", fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 })],
    ["object", fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), { maxKeys: 2 })],
  ]
  const kind = Array.isArray(value) ? "list" : typeof value
  return fc.oneof(...all.filter(([k]) => k !== kind).map(([, arbitrary]) => arbitrary))
}

/** A field name no version of the contract has: a new one, or an old spelling of one the body carries. */
const newName = (body: Body) =>
  fc
    .oneof(
      fc.constantFrom("companyName", "preferredContact", "gclid2", "formVersion", "constructor", "toString"),
      fc.stringMatching(/^[a-z][A-Za-z0-9_]{2,15}$/),
      fc.constantFrom(...Object.keys(body)).map((key) => `${key}_old`),
    )
    .filter(
      (key) => !(key in body) && !FORMS.some((form) => isObjectDescription(form.schema) && key in form.schema.fields),
    )

export interface Mutation {
  what: string
  apply: (body: Body) => Body
}

/** One mutation of a body where the visitor cannot fix it (the honeypot is left alone: a filled one is a bot's). */
function mutation(form: Form, body: Body): fc.Arbitrary<Mutation> {
  const paths = pathsOf(body).filter((path) => path[0] !== "website")
  const path = fc.constantFrom(...paths)
  const removable = paths.filter((p) => required(describedAt(form.schema, p)) || p.join(".") === "formFillMs")
  const nested = paths.filter((p) => typeof getAt(body, p) === "object" && !Array.isArray(getAt(body, p)))
  const added = fc
    .tuple(newName(body), fc.jsonValue({ maxDepth: 2 }))
    .map(([key, value]): Mutation => ({ what: `added ${key}`, apply: (b) => ({ ...b, [key]: value }) }))
  const removed = fc.constantFrom(...removable).map((p): Mutation => ({
    what: `removed ${p.join(".")}`,
    apply: (b) =>
      withParent(b, p, (parent, key) => {
        Reflect.deleteProperty(parent, key)
      }),
  }))
  const renamed = fc.constantFrom(...paths.filter((p) => p.length === 1)).map(([key]): Mutation => ({
    what: `renamed ${key!}`,
    // A field another mutation already took away is not there to rename (renaming it would write `_old: undefined`,
    // which JSON drops: the body would only lose an optional field, which is no odd shape).
    apply: (b) => {
      if (!(key! in b)) return b
      const { [key!]: value, ...rest } = b
      return { ...rest, [`${key!}_old`]: value }
    },
  }))
  const nulled = path.map((p): Mutation => ({
    what: `${p.join(".")} null`,
    apply: (b) =>
      withParent(b, p, (parent, key) => {
        parent[key] = null
      }),
  }))
  const retyped = path.chain((p) =>
    otherType(getAt(body, p)).map((value): Mutation => ({
      what: `${p.join(".")} as ${JSON.stringify(value)}`,
      apply: (b) =>
        withParent(b, p, (parent, key) => {
          parent[key] = value
        }),
    })),
  )
  const keyMore =
    nested.length === 0
      ? null
      : fc
          .tuple(fc.constantFrom(...nested), fc.stringMatching(/^[a-z]{3,10}$/), fc.jsonValue({ maxDepth: 1 }))
          // A key the object has already ("version" in consent) would leave the body as it was: no mutation at all.
          .filter(([p, key]) => {
            const parent = getAt(body, p)
            return isBody(parent) && !Object.hasOwn(parent, key)
          })
          .map(([p, key, value]): Mutation => ({
            what: `${p.join(".")}.${key} added`,
            apply: (b) => {
              const copy = structuredClone(b)
              const parent = getAt(copy, p)
              if (isBody(parent)) parent[key] = value
              return copy
            },
          }))
  return fc.oneof(added, removed, renamed, nulled, retyped, ...(keyMore ? [keyMore] : []))
}

export interface MutatedBody {
  form: Form
  mutations: string[]
  body: Body
}

/** A form's body with one to three mutations; at least one field the visitor enters is left (else it is no request). */
export const mutatedBody: fc.Arbitrary<MutatedBody> = fc.constantFrom(...FORMS).chain((form) => {
  const base = form.make()
  // Each mutation once: the same one twice undoes itself or does nothing more.
  return fc
    .uniqueArray(mutation(form, base), { minLength: 1, maxLength: 3, selector: (m) => m.what })
    .map((mutations) => ({
      form,
      mutations: mutations.map((m) => m.what),
      body: mutations.reduce((body, m) => m.apply(body), base),
    }))
})

const contact = () => FORMS[0]!.make()
const estimate = () => FORMS[1]!.make()
const booking = () => FORMS[4]!.make()

/** Item 1's ten bodies from another site version, each as it was reported, by name. */
export const REPORTED: ReadonlyArray<{ name: string; fn: PublicFunctionName; body: Body; flag: string }> = [
  {
    name: "a new top-level field companyName",
    fn: "process-contact",
    body: { ...contact(), companyName: "Acme" },
    flag: "companyName",
  },
  {
    name: "a new top-level field preferredContact",
    fn: "process-simple-lead",
    body: { ...estimate(), preferredContact: "sms" },
    flag: "preferredContact",
  },
  {
    name: "a new consent.marketing",
    fn: "process-contact",
    body: (() => {
      const b = contact()
      return { ...b, consent: { ...(isBody(b.consent) ? b.consent : {}), marketing: true } }
    })(),
    flag: "consent.marketing",
  },
  {
    name: "formStartedAt instead of formFillMs",
    fn: "process-simple-lead",
    body: (() => {
      const { formFillMs: _fill, ...b } = booking()
      return { ...b, formStartedAt: Date.now() - 60_000 }
    })(),
    flag: "formStartedAt",
  },
  { name: "language null", fn: "process-contact", body: { ...contact(), language: null }, flag: "language: null" },
  {
    name: "reference null",
    fn: "process-simple-lead",
    body: { ...booking(), reference: null },
    flag: "reference: null",
  },
  {
    name: "preferredWindows null",
    fn: "process-simple-lead",
    body: { ...estimate(), preferredWindows: null },
    flag: "preferredWindows: null",
  },
  {
    name: "a window id written 2026-12-03T08:00",
    fn: "process-simple-lead",
    body: { ...booking(), preferredWindows: ["2026-12-03T08:00"] },
    flag: "preferredWindows[0]",
  },
  {
    name: "a consent without at",
    fn: "process-contact",
    body: (() => {
      const b = contact()
      const { at: _at, ...consent } = isBody(b.consent) ? b.consent : {}
      return { ...b, consent }
    })(),
    flag: "consent.at",
  },
  {
    name: "formFillMs sent as a list",
    fn: "process-simple-lead",
    body: { ...estimate(), formFillMs: [30_000] },
    flag: "formFillMs",
  },
  {
    name: "formFillMs sent as text",
    fn: "process-contact",
    body: { ...contact(), formFillMs: "30000" },
    flag: "formFillMs",
  },
]
