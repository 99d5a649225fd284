/**
 * A parsed body checked against its function's schema, with every problem named by field.
 * Yup trusts the shape of what it validates; a hostile body made it throw (a 500) instead of
 * failing: a key named like an Object.prototype member ("valueOf") or an object with its own
 * non-function toString. So unknown keys are named here and left out, and nested objects (which
 * no field accepts) are handed to Yup as plain `{}`, which it refuses cleanly. Before that, a body
 * nested too deeply is refused and broken Unicode is repaired (json-input.ts).
 */
import { ValidationError } from "yup"
import { FUNCTION_SCHEMAS, type PublicFunctionName } from "./contract.ts"
import { MAX_JSON_DEPTH, tooDeepAt, withWellFormedText } from "./json-input.ts"

/** A field → message map with no prototype, so a field called "constructor" or "__proto__" is named like any other. */
const fieldMap = (): Record<string, string> => Object.create(null) as Record<string, string>

/** Yup's errors as { field: message }, one message per field. */
export function fieldErrors(error: ValidationError): Record<string, string> {
  const fields = fieldMap()
  for (const issue of error.inner.length > 0 ? error.inner : [error]) {
    if (issue.type === "exact") {
      const unknown = String((issue.params as { properties?: string } | undefined)?.properties ?? "")
      for (const key of unknown
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean))
        fields[key] ??= "Unknown field"
      continue
    }
    fields[issue.path || "body"] ??= issue.message
  }
  return fields
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** No field takes an object, so any object below the top level becomes a plain `{}`: just as invalid, and harmless to Yup. */
const defuse = (value: unknown): unknown => (Array.isArray(value) ? value.map(defuse) : isRecord(value) ? {} : value)

/** The keys of a body its function's schema does not know (process-simple-lead's schema depends on the body). */
function unknownKeysOf(name: PublicFunctionName, raw: Record<string, unknown>): string[] {
  const schema = FUNCTION_SCHEMAS[name]
  const resolved = "resolve" in schema ? schema.resolve({ value: raw }) : schema
  const known = (resolved as { fields?: Record<string, unknown> }).fields ?? {}
  return Object.keys(raw).filter((key) => !Object.hasOwn(known, key))
}

export type Validated = { body: { submissionId: string } } | { fields: Record<string, string> }

export async function validateBody(name: PublicFunctionName, parsed: unknown): Promise<Validated> {
  const deep = tooDeepAt(parsed)
  if (deep)
    return {
      fields: Object.assign(fieldMap(), {
        [deep]: `Nested too deeply (no field takes more than ${MAX_JSON_DEPTH} levels)`,
      }),
    }
  const raw = withWellFormedText(parsed)
  const unknown = isRecord(raw) ? unknownKeysOf(name, raw) : []
  const unknownSet = new Set(unknown)
  const input = isRecord(raw)
    ? Object.fromEntries(
        Object.entries(raw).flatMap(([key, value]) => (unknownSet.has(key) ? [] : [[key, defuse(value)]])),
      )
    : raw
  let fields = fieldMap()
  try {
    const body = (await FUNCTION_SCHEMAS[name].validate(input, { abortEarly: false })) as { submissionId: string }
    if (unknown.length === 0) return { body }
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    fields = fieldErrors(error)
  }
  for (const key of unknown) fields[key] ??= "Unknown field"
  return { fields }
}
