/**
 * The contract's schemas as the functions receive bodies: Standard Schemas (what Hono's validator
 * takes) whose output is the Yup InferType of the function's contract schema, and whose issues each
 * name a field. Around Yup, what a hostile body needs first: a body nested too deeply or with a list
 * longer than any field takes is refused and broken Unicode is repaired (json-input.ts). Yup trusts the
 * shape of what it validates and walks all of it: a key named like an Object.prototype member
 * ("valueOf") or an object with its own non-function toString made it throw (a 500), and a 30,000-item
 * list cost seconds and a 890 KB answer. So each body is bounded first, from the schema's own
 * description: unknown keys are named and left out at every level the schema has objects (a touch takes
 * a few new campaign parameters), a list over its schema's max is refused unwalked, any other nested
 * object (which no field accepts) is handed to Yup as plain `{}`, and a refusal names at most MAX_ISSUES
 * fields. What a visitor can fix is refused with a code (kernel/field-errors.ts): each issue carries it, and the
 * answer gives the English words of it (`fields`) and the code (`codes`).
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
  acknowledgeLinkSchema,
  confirmLinkSchema,
  simpleLeadKind,
  type SimpleLeadSubmission,
  ENGLISH_FIELD_ERRORS,
} from "./kernel/contract.ts"
import { INVALID, fieldErrorMessage, fieldProblemOf, type FieldProblem } from "./kernel/field-errors.ts"
import { shapeProblemAt, withWellFormedText } from "./json-input.ts"

type Result<T> = StandardSchemaV1.Result<T>
type Issue = StandardSchemaV1.Issue

/** An issue with its code: a refusal the visitor can fix has its own, anything else is `invalid`. */
interface CodedIssue extends Issue {
  readonly problem: FieldProblem
}

const issue = (field: string, message: string, problem: FieldProblem = INVALID): CodedIssue => ({
  message,
  path: [field],
  problem,
})

/**
 * A Yup error's issue: a coded refusal (the contract's message is its code) in English words, any other with
 * its own words. Yup types a message as text; the contract's are codes, told apart by fieldProblemOf.
 */
function yupIssue(path: string, message: unknown): CodedIssue {
  const problem = fieldProblemOf(message, ENGLISH_FIELD_ERRORS)
  return problem
    ? issue(path, fieldErrorMessage(problem, ENGLISH_FIELD_ERRORS), problem)
    : issue(path, typeof message === "string" ? message : "Invalid")
}

/** The code an issue carries (one of ours); `invalid` for any other. */
const problemOf = (found: Issue): FieldProblem =>
  ("problem" in found ? fieldProblemOf(found.problem, ENGLISH_FIELD_ERRORS) : null) ?? INVALID

/** Validation stops once it has this many issues: a refusal says enough to fix the form, never more. */
export const MAX_ISSUES = 10
/** The error answer's `fields`: at most MAX_ISSUES entries, each name and message cut to these lengths. */
export const MAX_FIELD_NAME = 100
export const MAX_FIELD_MESSAGE = 200

/** A refusal's fields: each one's English message (`fields`) and its code (`codes`), named alike. */
export interface FieldRefusal {
  fields: Record<string, string>
  codes: Record<string, FieldProblem>
}

/**
 * The issues turned into { field: message } and { field: code }, one per field (the first), in their order,
 * bounded in count and size (a hostile body's keys are echoed cut short). Built with Object.fromEntries, so a
 * field called "constructor" or "__proto__" is named like any other.
 */
export function fieldErrors(issues: readonly Issue[]): FieldRefusal {
  const fields = new Map<string, [string, FieldProblem]>()
  for (const found of issues) {
    const [first] = found.path ?? []
    const field = first === undefined ? "body" : String(typeof first === "object" ? first.key : first)
    const name = field.slice(0, MAX_FIELD_NAME)
    if (!fields.has(name)) fields.set(name, [found.message.slice(0, MAX_FIELD_MESSAGE), problemOf(found)])
    if (fields.size >= MAX_ISSUES) break
  }
  const entries = [...fields]
  return {
    fields: Object.fromEntries(entries.map(([name, [message]]) => [name, message])),
    codes: Object.fromEntries(entries.map(([name, [, code]]) => [name, code])),
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** No field takes an object, so any object below the top level becomes a plain `{}`: just as invalid, and harmless to Yup. */
const defuse = (value: unknown): unknown => (Array.isArray(value) ? value.map(defuse) : isRecord(value) ? {} : value)

type Check<T> = (body: unknown) => Promise<Result<T>>

/**
 * What the schema says a level takes: an object's fields (and how many keys it takes besides, for a
 * touch's new campaign parameters), a list's most items, or nothing more (a scalar).
 */
type Shape =
  | { kind: "object"; fields: ReadonlyMap<string, Shape>; newKeys: number }
  | { kind: "list"; max: number; item: Shape }
  | { kind: "scalar" }

const SCALAR: Shape = { kind: "scalar" }

const isDescribedObject = (d: unknown): d is SchemaDescription & { fields: Record<string, unknown> } =>
  isRecord(d) && d.type === "object" && isRecord(d.fields)
const isDescribedList = (d: unknown): d is SchemaDescription & { innerType?: unknown } =>
  isRecord(d) && d.type === "array"

/** A count the schema's description gives: the `max` test's parameter, or a number in its meta. */
const countIn = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null)

function shapeOf(description: unknown): Shape {
  if (isDescribedObject(description)) {
    const newKeys = isRecord(description.meta) ? countIn(description.meta.newKeys) : null
    return {
      kind: "object",
      fields: new Map(Object.entries(description.fields).map(([key, field]) => [key, shapeOf(field)])),
      newKeys: newKeys ?? 0,
    }
  }
  if (isDescribedList(description)) {
    const maxTest = description.tests.find((test) => test.name === "max")
    const max = isRecord(maxTest?.params) ? countIn(maxTest.params.max) : null
    // Every list in the contract has a max (bounded-bodies.test.ts checks): one without would be walked whole.
    return { kind: "list", max: max ?? Number.POSITIVE_INFINITY, item: shapeOf(description.innerType) }
  }
  return SCALAR
}

/** Keys Yup must never see as field names: it looks them up in a plain object, where these are Object.prototype's. */
const isPrototypeKey = (key: string) => key in Object.prototype

/** What bounding a body found: its issues, and whether it passed a bound (then Yup never walks it). */
interface Bounds {
  issues: Issue[]
  exceeded: boolean
}

/**
 * The value as Yup may see it, bounded before Yup walks it: at every object level only the keys its
 * shape knows (and, where the schema takes new keys, up to that many not named like Object.prototype's
 * members), each other key an issue named by its full path ("attribution.first.valueOf"); a list longer
 * than its schema's max an issue, without walking it; any other object `{}`. Stops at MAX_ISSUES.
 */
function bounded(value: unknown, shape: Shape, path: string, found: Bounds): unknown {
  if (shape.kind === "list") {
    if (!Array.isArray(value)) return defuse(value)
    if (value.length > shape.max) {
      found.issues.push(issue(path, `At most ${shape.max} items`))
      found.exceeded = true
      return []
    }
    return value.map((item, i) => bounded(item, shape.item, `${path}[${i}]`, found))
  }
  if (shape.kind === "scalar" || !isRecord(value)) return defuse(value)
  let newKeys = 0
  const kept: Array<[string, unknown]> = []
  for (const [key, child] of Object.entries(value)) {
    if (found.issues.length >= MAX_ISSUES) {
      found.exceeded = true
      break
    }
    const field = path ? `${path}.${key}` : key
    const childShape = shape.fields.get(key)
    if (childShape !== undefined) kept.push([key, bounded(child, childShape, field, found)])
    else if (newKeys < shape.newKeys && !isPrototypeKey(key)) {
      newKeys += 1
      kept.push([key, defuse(child)])
    } else found.issues.push(issue(field, "Unknown field"))
  }
  return Object.fromEntries(kept)
}

/** Checks a shallow, well-formed body against one object schema: its bounds first, then Yup's issues by its path ("pests[1]"). */
function shapeCheck<S extends AnyObjectSchema>(schema: S): Check<InferType<S>> {
  const shape = shapeOf(schema.describe())
  return async (body) => {
    const found: Bounds = { issues: [], exceeded: false }
    // The body itself is not defused: a body that is not an object is Yup's to refuse as it is.
    const input = isRecord(body) ? bounded(body, shape, "", found) : body
    if (found.exceeded) return { issues: found.issues.slice(0, MAX_ISSUES) }
    try {
      const value = await schema.validate(input, { abortEarly: false })
      return found.issues.length > 0 ? { issues: found.issues } : { value }
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      const yupIssues = (error.inner.length > 0 ? error.inner : [error]).map((e) =>
        yupIssue(e.path || "body", e.message),
      )
      return { issues: [...yupIssues, ...found.issues].slice(0, MAX_ISSUES) }
    }
  }
}

/** A parsed JSON body as the check sees it: refused when nested too deeply or holding a huge list, its text made well-formed. */
function received<T>(check: Check<T>): StandardSchemaV1<unknown, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "contract",
      validate: (parsed) => {
        const problem = shapeProblemAt(parsed)
        if (problem) return { issues: [issue(problem.field, problem.message)] }
        return check(withWellFormedText(parsed))
      },
    },
  }
}

export const contactMessageInput = received(shapeCheck(contactMessageSchema))
export const estimateRequestInput = received(shapeCheck(estimateRequestSchema))
export const officeLinkInput = received(shapeCheck(officeLinkSchema))
export const acknowledgeLinkInput = received(shapeCheck(acknowledgeLinkSchema))
export const confirmLinkInput = received(shapeCheck(confirmLinkSchema))

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
