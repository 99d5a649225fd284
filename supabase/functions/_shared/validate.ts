/**
 * The contract's schemas as the functions receive bodies: Standard Schemas (what Hono's validator
 * takes) whose output is the Yup InferType of the function's contract schema, and whose issues each
 * name a field. Around Yup, what a hostile body needs first: a body nested too deeply is refused and
 * broken Unicode is repaired (json-input.ts). Yup trusts the shape of what it validates; a hostile
 * body made it throw (a 500) instead of failing: a key named like an Object.prototype member
 * ("valueOf") or an object with its own non-function toString. So unknown keys are named here and
 * left out, and nested objects (which no field accepts) are handed to Yup as plain `{}`, which it
 * refuses cleanly.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import { ValidationError, type AnyObjectSchema, type InferType } from "yup"
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

/** Checks a shallow, well-formed body against one object schema: Yup's issues by its path ("pests[1]"), then the unknown keys. */
function shapeCheck<S extends AnyObjectSchema>(schema: S): Check<InferType<S>> {
  const known = new Set(Object.keys(schema.describe().fields))
  return async (body) => {
    const unknown = isRecord(body) ? Object.keys(body).filter((key) => !known.has(key)) : []
    const unknownIssues = unknown.map((key) => issue(key, "Unknown field"))
    const input = isRecord(body)
      ? Object.fromEntries(
          Object.entries(body).flatMap(([key, value]) => (known.has(key) ? [[key, defuse(value)]] : [])),
        )
      : body
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
