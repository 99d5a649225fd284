/**
 * What the functions' reading of a body found odd in its shape (validate.ts): a field they do not know, a
 * field they expect that did not come, `null`, another type, a value in a form they do not read. The site and
 * the functions deploy apart, so none of that is the visitor's to fix: the body is read as far as it can be,
 * stored, and the office told (these flags, in the notice's "Check this lead" block). What the functions could
 * not read is kept as sent beside the lead (`unread_fields`), so the office loses nothing.
 *
 * The report travels with the validated body under a symbol: JSON, the request hash and the stored bodies never
 * see it, and every intake's flags read it (body-flags.ts).
 */
import { sha256Hex, stableJson } from "../crypto.ts"
import type { LeadFlag } from "./lead-flags.ts"

export const RECEIVED: unique symbol = Symbol("received shape")

export interface ReceivedShape {
  /** What was odd, each naming the field (never the visitor's data). */
  readonly flags: readonly LeadFlag[]
  /** Each value the functions did not read, as sent, by its path ("companyName", "consent.marketing"). */
  readonly unread: Readonly<Record<string, unknown>>
}

/** A validated body that may carry its report. */
export interface Tolerated {
  readonly [RECEIVED]?: ReceivedShape
}

/** At most this many fields a body's functions do not know are kept; more is no site of ours, and refused. */
export const MAX_UNREAD_FIELDS = 20

/** A JSON value's kind in words, for a flag's detail: never the value itself, which may be the visitor's. */
export function kindOf(value: unknown): string {
  if (value === null) return "null"
  if (Array.isArray(value)) return "a list"
  switch (typeof value) {
    case "string":
      return "a text"
    case "number":
      return "a number"
    case "boolean":
      return "true or false"
    case "object":
      return "an object"
    default:
      return "nothing"
  }
}

/** A field's path as a flag names it: printable and short (a hostile body's keys are echoed cut). */
export const pathName = (path: string): string => path.replace(/[^\x21-\x7e]/g, "?").slice(0, 80)

/** A path as Yup writes it ("pests[1]", "consent.at") in its keys and list indexes. */
export function pathSegments(path: string): Array<string | number> {
  const segments: Array<string | number> = []
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    segments.push(index === undefined ? (key ?? "") : Number(index))
  return segments
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  typeof value === "object" && value !== null

/** The value at a path of a JSON value, or undefined. */
export function valueAt(value: unknown, segments: ReadonlyArray<string | number>): unknown {
  let at = value
  for (const segment of segments) {
    if (!isContainer(at) || !Object.hasOwn(at, segment)) return undefined
    at = at[segment]
  }
  return at
}

/**
 * The fields the idempotency key of a body without a usable one leaves out: what may differ between two sends
 * of one submission (the single-use token, the time in the form) and between the wizard's calls of one lead
 * (http/idempotency.ts' submissionOf leaves out the same), so a re-send and the wizard's calls share a key.
 */
const NOT_THE_LEAD = new Set(["turnstileToken", "formFillMs", "source", "accountId"])

/** A stable submission id made from a body as sent (a UUID's shape, version 5 style), for a body with none. */
export function keyFromBody(body: Readonly<Record<string, unknown>>): string {
  const lead = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_THE_LEAD.has(key)))
  const hex = sha256Hex(stableJson(lead))
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
