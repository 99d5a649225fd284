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
  reportLinkSchema,
  simpleLeadKind,
  type SimpleLeadSubmission,
  ENGLISH_FIELD_ERRORS,
} from "../kernel/contract.ts"
import { INVALID, fieldErrorMessage, fieldProblemOf, type FieldProblem } from "../kernel/field-errors.ts"
import { shapeProblemAt, withWellFormedText } from "./json-input.ts"
import type { LeadFlag } from "./lead-flags.ts"
import {
  MAX_UNREAD_FIELDS,
  RECEIVED,
  keyFromBody,
  kindOf,
  pathName,
  pathSegments,
  valueAt,
  type Tolerated,
} from "./received-shape.ts"

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
 * touch's new campaign parameters), a list's most items, or nothing more (a scalar); and, for the tolerant
 * reading, its type, whether the visitor enters it in the form (the contract's `visitor` meta), and what
 * stands in for it when it is missing or unreadable (its fallback).
 */
type Shape = (
  | { kind: "object"; fields: ReadonlyMap<string, Shape>; newKeys: number }
  | { kind: "list"; max: number; item: Shape }
  | { kind: "scalar" }
) & {
  type: string
  visitor: boolean
  /** Made from the body when missing or unusable (the idempotency key). */
  fromBody: boolean
  fallback: unknown
}

const isDescribed = (d: unknown): d is SchemaDescription =>
  isRecord(d) && typeof d.type === "string" && Array.isArray(d.tests)
const isDescribedObject = (d: unknown): d is SchemaDescription & { fields: Record<string, unknown> } =>
  isDescribed(d) && d.type === "object" && "fields" in d && isRecord(d.fields)
const isDescribedList = (d: unknown): d is SchemaDescription & { innerType?: unknown } =>
  isDescribed(d) && d.type === "array"

/** A count the schema's description gives: the `max` test's parameter, or a number in its meta. */
const countIn = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null)

/**
 * What stands in for a field the body did not carry or the functions cannot read: the contract's `fallback`
 * meta, nothing for an optional field (its default, if any), else an empty value of its type (a fixed value's
 * first: `source`), an object of its fields' fallbacks.
 */
function fallbackOf(d: SchemaDescription, fields: ReadonlyMap<string, Shape> | null): unknown {
  const meta = isRecord(d.meta) ? d.meta : {}
  if (Object.hasOwn(meta, "fallback")) return meta.fallback
  if ("optional" in d && d.optional) return undefined
  if (fields)
    return Object.fromEntries([...fields].flatMap(([key, f]) => (f.fallback === undefined ? [] : [[key, f.fallback]])))
  switch (d.type) {
    case "string":
      return typeof d.oneOf[0] === "string" ? d.oneOf[0] : ""
    case "number":
      return 0
    case "boolean":
      return false
    case "array":
      return []
    default:
      return undefined
  }
}

function shapeOf(description: unknown): Shape {
  if (!isDescribed(description))
    return { kind: "scalar", type: "mixed", visitor: false, fromBody: false, fallback: undefined }
  const meta = isRecord(description.meta) ? description.meta : {}
  const leaf = { type: description.type, visitor: meta.visitor === true, fromBody: meta.fromBody === true }
  if (isDescribedObject(description)) {
    const fields = new Map(Object.entries(description.fields).map(([key, field]) => [key, shapeOf(field)]))
    return {
      kind: "object",
      fields,
      newKeys: countIn(meta.newKeys) ?? 0,
      ...leaf,
      fallback: fallbackOf(description, fields),
    }
  }
  if (isDescribedList(description)) {
    const maxTest = description.tests.find((test) => test.name === "max")
    const max = isRecord(maxTest?.params) ? countIn(maxTest.params.max) : null
    // Every list in the contract has a max (bounded-bodies.test.ts checks): one without would be walked whole.
    return {
      kind: "list",
      max: max ?? Number.POSITIVE_INFINITY,
      item: shapeOf(description.innerType),
      ...leaf,
      fallback: fallbackOf(description, null),
    }
  }
  return { kind: "scalar", ...leaf, fallback: fallbackOf(description, null) }
}

/** Keys Yup must never see as field names: it looks them up in a plain object, where these are Object.prototype's. */
const isPrototypeKey = (key: string) => key in Object.prototype

/** The JSON type a scalar's schema reads as its own (a text field takes text), in words for a flag. */
const OWN_JSON_TYPE: Readonly<Record<string, string>> = {
  string: "a text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
}

/**
 * What bounding a body found: its issues (abuse only), whether it passed a bound (then Yup never walks it),
 * and what was odd in its shape (flags, the values not read, how many unknown fields).
 */
interface Bounds {
  /** A lead's body is read tolerantly; an office link's is not (its page is ours, deployed with the functions). */
  tolerant: boolean
  issues: Issue[]
  exceeded: boolean
  flags: LeadFlag[]
  /** A map, not an object: a key named "__proto__" is kept as a value like any other. */
  unread: Map<string, unknown>
  unknown: number
}

const oddField = (found: Bounds, path: string, what: string) =>
  found.flags.push({ code: "unreadable_field", detail: `${pathName(path)}: ${what}` })

/** Keeps a value the functions do not read, as sent, within MAX_UNREAD_FIELDS. */
const keepUnread = (found: Bounds, path: string, value: unknown) => {
  if (value !== undefined && found.unread.size < MAX_UNREAD_FIELDS) found.unread.set(path, value)
}

/**
 * The value as Yup may see it, bounded before Yup walks it: at every object level only the keys its
 * shape knows (and, where the schema takes new keys, up to that many not named like Object.prototype's
 * members); each other key is an unknown field, kept as sent and flagged (past MAX_UNREAD_FIELDS of them,
 * an issue named by its full path: no site of ours sends so many); a `null` is taken as absent and flagged;
 * a scalar of another JSON type than its field's is flagged (Yup may still read it: "12000" as a number);
 * a list longer than its schema's max an issue, without walking it; any other object `{}`. Stops at MAX_ISSUES.
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
  if (shape.kind === "scalar" || !isRecord(value)) {
    const own = OWN_JSON_TYPE[shape.type]
    const sent = kindOf(value)
    // Only another scalar: a list or object in a scalar's place fails Yup, and the repair flags it.
    if (own !== undefined && own !== sent && typeof value !== "object")
      oddField(found, path, `${sent} where ${own} goes`)
    return defuse(value)
  }
  let newKeys = 0
  const kept: Array<[string, unknown]> = []
  for (const [key, child] of Object.entries(value)) {
    if (found.issues.length >= MAX_ISSUES) {
      found.exceeded = true
      break
    }
    const field = path ? `${path}.${key}` : key
    const childShape = shape.fields.get(key)
    if (childShape !== undefined) {
      if (child === null && found.tolerant) oddField(found, field, "null (read as not sent)")
      else kept.push([key, bounded(child, childShape, field, found)])
    } else if (newKeys < shape.newKeys && !isPrototypeKey(key)) {
      newKeys += 1
      kept.push([key, defuse(child)])
    } else if (found.tolerant && found.unknown < MAX_UNREAD_FIELDS) {
      found.unknown += 1
      keepUnread(found, field, child)
      found.flags.push({ code: "unknown_field", detail: pathName(field) })
    } else {
      found.issues.push(issue(field, "Unknown field"))
      found.exceeded ||= found.tolerant
    }
  }
  return Object.fromEntries(kept)
}

/** A Yup validation's errors as path and message, or the value when it passes. */
async function attempt<S extends AnyObjectSchema>(
  schema: S,
  input: unknown,
): Promise<{ value: InferType<S> } | { errors: Array<{ path: string; message: unknown }> }> {
  try {
    return { value: await schema.validate(input, { abortEarly: false }) }
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return {
      errors: (error.inner.length > 0 ? error.inner : [error]).map((e) => ({
        path: e.path || "body",
        message: e.message,
      })),
    }
  }
}

/** The shape at a path, or undefined (a touch's new key, a path into a scalar). */
function shapeAt(shape: Shape, segments: ReadonlyArray<string | number>): Shape | undefined {
  let at: Shape | undefined = shape
  for (const segment of segments) {
    if (at === undefined) return undefined
    if (at.kind === "list") at = typeof segment === "number" ? at.item : undefined
    else if (at.kind === "object") at = typeof segment === "string" ? at.fields.get(segment) : undefined
    else return undefined
  }
  return at
}

/** A list item the repair takes out: the lists it touched are compacted after each pass. */
const DROPPED = Symbol("dropped")

/**
 * What the visitor can fix, as the form shows it beside the field: a refusal with its code, of a field the
 * visitor enters (the contract's `visitor` meta), that the body did carry. A field missing altogether is not
 * theirs to fix (their form may not have it): it is stored without it, and flagged.
 */
const visitorCanFix = (shape: Shape, sent: Record<string, unknown>, path: string, message: unknown): boolean => {
  if (fieldProblemOf(message, ENGLISH_FIELD_ERRORS) === null || shape.kind !== "object") return false
  const [top] = pathSegments(path)
  const field = typeof top === "string" ? shape.fields.get(top) : undefined
  // Sent as the form sends it (a text as text, the pests as a list): another type is no form's doing.
  return field?.visitor === true && typeof top === "string" && OWN_JSON_TYPE[field.type] === kindOf(sent[top])
}

/** Repairs beyond this many passes mean a schema whose fallbacks do not hold: never a body's fault. */
const MAX_REPAIR_PASSES = 4

/**
 * The tolerant reading of a body that did not pass its contract, and has nothing the visitor can fix: each
 * field Yup could not take is read as its fallback (a list's item is left out), its value as sent kept and
 * flagged, until only the fallbacks themselves fail (an empty name: the lead is stored without one); then the
 * schema casts the result (its transforms and defaults, typed as the contract's output).
 */
async function tolerantly<S extends AnyObjectSchema>(
  schema: S,
  shape: Shape,
  sent: Record<string, unknown>,
  input: Record<string, unknown>,
  errors: Array<{ path: string; message: unknown }>,
  found: Bounds,
): Promise<InferType<S> | null> {
  const repaired = new Set<string>()
  let left = errors
  for (let pass = 0; pass < MAX_REPAIR_PASSES; pass++) {
    const fresh = left.filter(({ path }) => !repaired.has(path))
    if (fresh.length === 0) return schema.cast(input, { assert: false })
    const lists = new Set<unknown[]>()
    for (const { path, message } of fresh) {
      repaired.add(path)
      const segments = pathSegments(path)
      const last = segments.at(-1)
      const parent = valueAt(input, segments.slice(0, -1))
      const value = valueAt(sent, segments)
      // Only the contract's own coded words: Yup's type errors repeat the value, which may be the visitor's.
      const problem = fieldProblemOf(message, ENGLISH_FIELD_ERRORS)
      const why = problem ? ` (${fieldErrorMessage(problem, ENGLISH_FIELD_ERRORS)})` : ""
      if (value === undefined) found.flags.push({ code: "missing_field", detail: `${pathName(path)}: not sent${why}` })
      else oddField(found, path, `${kindOf(value)} the functions cannot read${why}`)
      keepUnread(found, path, value)
      if (Array.isArray(parent) && typeof last === "number") {
        parent[last] = DROPPED
        lists.add(parent)
      } else if (isRecord(parent) && typeof last === "string") {
        const at = shapeAt(shape, segments)
        const fallback = at?.fromBody ? keyFromBody(sent) : at?.fallback
        if (fallback === undefined) Reflect.deleteProperty(parent, last)
        else parent[last] = structuredClone(fallback)
      }
    }
    for (const list of lists) {
      const keptItems = list.filter((item) => item !== DROPPED)
      list.splice(0, list.length, ...keptItems)
    }
    const next = await attempt(schema, input)
    if ("value" in next) return next.value
    left = next.errors
  }
  return null
}

/** The validated body with what was odd in its shape, when anything was. */
const withReport = <T extends object>(value: T, found: Bounds): T & Tolerated =>
  found.flags.length === 0
    ? value
    : { ...value, [RECEIVED]: { flags: found.flags, unread: Object.fromEntries(found.unread) } }

/**
 * Checks a shallow, well-formed body against one object schema: its bounds first (abuse is refused), then Yup.
 * What the visitor can fix is refused with its code by its path ("email"); anything else is read tolerantly
 * (above) and the body's report says what was odd. A body with none of its form's visitor fields at all is no
 * request of any site of ours, and refused.
 */
function shapeCheck<S extends AnyObjectSchema>(schema: S, tolerant = true): Check<InferType<S> & Tolerated> {
  const shape = shapeOf(schema.describe())
  const visitorFields =
    shape.kind === "object" ? [...shape.fields].filter(([, f]) => f.visitor).map(([key]) => key) : []
  return async (body) => {
    // The body itself is not defused: a body that is not an object is Yup's to refuse as it is.
    if (!isRecord(body)) {
      const refused = await attempt(schema, body)
      if ("value" in refused) return { value: refused.value }
      return { issues: refused.errors.map((e) => yupIssue(e.path, e.message)).slice(0, MAX_ISSUES) }
    }
    const found: Bounds = { tolerant, issues: [], exceeded: false, flags: [], unread: new Map(), unknown: 0 }
    const bounded_ = bounded(body, shape, "", found)
    if (found.exceeded || !isRecord(bounded_)) return { issues: found.issues.slice(0, MAX_ISSUES) }
    const input = bounded_
    if (!tolerant) {
      // As before: every issue answered, the bounds' and Yup's.
      const checked = await attempt(schema, input)
      if ("value" in checked && found.issues.length === 0) return { value: checked.value }
      const yupIssues = "errors" in checked ? checked.errors.map((e) => yupIssue(e.path, e.message)) : []
      return { issues: [...yupIssues, ...found.issues].slice(0, MAX_ISSUES) }
    }
    if (found.issues.length > 0) return { issues: found.issues.slice(0, MAX_ISSUES) }
    if (!visitorFields.some((key) => input[key] !== undefined))
      return { issues: [issue("body", "None of this form's fields was sent")] }
    const first = await attempt(schema, input)
    if ("value" in first) return { value: withReport(first.value, found) }
    const fixable = first.errors.filter(({ path, message }) => visitorCanFix(shape, body, path, message))
    if (fixable.length > 0) return { issues: fixable.map((e) => yupIssue(e.path, e.message)).slice(0, MAX_ISSUES) }
    const read = await tolerantly(schema, shape, body, input, first.errors, found)
    // Never expected (tolerant-shapes.test.ts generates the class): what no fallback could mend is refused, never a 500.
    if (read === null) return { issues: first.errors.map((e) => yupIssue(e.path, e.message)).slice(0, MAX_ISSUES) }
    return { value: withReport(read, found) }
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
// The office's links are strict: their pages deploy with the functions, and a refusal there is the office's to see.
export const officeLinkInput = received(shapeCheck(officeLinkSchema, false))
export const acknowledgeLinkInput = received(shapeCheck(acknowledgeLinkSchema, false))
export const confirmLinkInput = received(shapeCheck(confirmLinkSchema, false))
export const reportLinkInput = received(shapeCheck(reportLinkSchema, false))

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
