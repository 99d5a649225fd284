/**
 * The contract's schemas as the functions receive bodies: Standard Schemas (what Hono's validator
 * takes) whose output is the Yup InferType of the function's contract schema, and whose issues each
 * name a field. Around Yup, what a hostile body needs first: a body nested too deeply is refused and
 * broken Unicode is repaired (json-input.ts). Yup trusts the shape of what it validates; a hostile
 * body made it throw (a 500) instead of failing: a key named like an Object.prototype member
 * ("valueOf") or an object with its own non-function toString. So unknown keys are named here and
 * left out, at every level the schema has objects (attribution, consent), and any other nested
 * object (which no field accepts) is handed to Yup as plain `{}`, which it refuses cleanly.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import { ValidationError, type AnyObjectSchema, type InferType, type SchemaDescription } from "yup"
import {
  contactMessageSchema,
  estimateLeadSchema,
  estimateRequestSchema,
  offerBookingSchema,
  offerCallbackSchema,
  officeLinkSchema,
  simpleLeadKind,
  type SimpleLeadSubmission,
} from "./contract.ts"
import { MAX_JSON_DEPTH, tooDeepAt, withWellFormedText } from "./json-input.ts"

type Result<T> = StandardSchemaV1.Result<T>
type Issue = StandardSchemaV1.Issue

const issue = (field: string, message: string): Issue => ({ message, path: [field] })

/**
 * The issues turned into { field: message }, one message per field (the first), in their order. Built with
 * Object.fromEntries, so a field called "constructor" or "__proto__" is named like any other.
 */
export function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const fields = new Map<string, string>()
  for (const { path, message } of issues) {
    const [first] = path ?? []
    const field = first === undefined ? "body" : String(typeof first === "object" ? first.key : first)
    if (!fields.has(field)) fields.set(field, message)
  }
  return Object.fromEntries(fields)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** No field takes an object, so any object below the top level becomes a plain `{}`: just as invalid, and harmless to Yup. */
const defuse = (value: unknown): unknown => (Array.isArray(value) ? value.map(defuse) : isRecord(value) ? {} : value)

type Check<T> = (body: unknown) => Promise<Result<T>>

/** What the schema says a level takes: its fields when it is an object, nothing otherwise. */
type Shape = ReadonlyMap<string, Shape> | null

const isDescribedObject = (d: unknown): d is SchemaDescription & { fields: Record<string, unknown> } =>
  isRecord(d) && d.type === "object" && isRecord(d.fields)

const shapeOf = (description: unknown): Shape =>
  isDescribedObject(description)
    ? new Map(Object.entries(description.fields).map(([key, field]) => [key, shapeOf(field)]))
    : null

/**
 * The value with only the keys its shape knows, at every object level of the schema (an object a
 * field does not take becomes `{}`); each unknown key is an issue named by its full path
 * ("attribution.first.utm_foo").
 */
function known(value: unknown, shape: Shape, path: string, unknownIssues: Issue[]): unknown {
  if (shape === null || !isRecord(value)) return defuse(value)
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) => {
      const field = path ? `${path}.${key}` : key
      const childShape = shape.get(key)
      if (childShape === undefined) {
        unknownIssues.push(issue(field, "Unknown field"))
        return []
      }
      return [[key, known(child, childShape, field, unknownIssues)]]
    }),
  )
}

/** Checks a shallow, well-formed body against one object schema: Yup's issues by its path ("pests[1]"), then the unknown keys. */
function shapeCheck<S extends AnyObjectSchema>(schema: S): Check<InferType<S>> {
  const shape = shapeOf(schema.describe())
  return async (body) => {
    const unknownIssues: Issue[] = []
    // The body itself is not defused: a body that is not an object is Yup's to refuse as it is.
    const input = isRecord(body) ? known(body, shape, "", unknownIssues) : body
    try {
      const value = await schema.validate(input, { abortEarly: false })
      return unknownIssues.length > 0 ? { issues: unknownIssues } : { value }
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      const yupIssues = (error.inner.length > 0 ? error.inner : [error]).map((e) => issue(e.path || "body", e.message))
      return { issues: [...yupIssues, ...unknownIssues] }
    }
  }
}

/** A parsed JSON body as the check sees it: refused when nested too deeply, its text made well-formed. */
function received<T>(check: Check<T>): StandardSchemaV1<unknown, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "contract",
      validate: (parsed) => {
        const deep = tooDeepAt(parsed)
        if (deep)
          return { issues: [issue(deep, `Nested too deeply (no field takes more than ${MAX_JSON_DEPTH} levels)`)] }
        return check(withWellFormedText(parsed))
      },
    },
  }
}

export const contactMessageInput = received(shapeCheck(contactMessageSchema))
export const estimateRequestInput = received(shapeCheck(estimateRequestSchema))
export const officeLinkInput = received(shapeCheck(officeLinkSchema))

const estimateLeadCheck = shapeCheck(estimateLeadSchema)
const offerBookingCheck = shapeCheck(offerBookingSchema)
const offerCallbackCheck = shapeCheck(offerCallbackSchema)

/** process-simple-lead: the body checked against the shape it is meant to be, and named by its kind of lead. */
export const simpleLeadInput = received(async (body): Promise<Result<SimpleLeadSubmission>> => {
  switch (simpleLeadKind(body)) {
    case "estimate": {
      const checked = await estimateLeadCheck(body)
      return checked.issues ? checked : { value: { kind: "estimate", lead: checked.value } }
    }
    case "booking": {
      const checked = await offerBookingCheck(body)
      return checked.issues ? checked : { value: { kind: "booking", lead: checked.value } }
    }
    case "callback": {
      const checked = await offerCallbackCheck(body)
      return checked.issues ? checked : { value: { kind: "callback", lead: checked.value } }
    }
  }
})
