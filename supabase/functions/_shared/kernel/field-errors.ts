/**
 * A field the contract refuses, as a stable code with its values ({ code: "tooLong", field: "fullName", max: 120 })
 * rather than words: the functions' 400 answer carries it (`codes`) beside the English message (`fields`), and
 * a form says it in its page's language from that language's data/lead-messages.yaml `fieldErrors` texts. The
 * codes are the names of those texts, so a code and its words cannot drift apart. Pure: the texts are given.
 */
import type { LEAD_MESSAGES } from "./site-data.generated.ts"
import { fill } from "./escape.ts"

type DataTexts = typeof LEAD_MESSAGES.fieldErrors

/** The fields a message may name ({field}): data's `fieldErrors.fieldNames`. */
export type FieldLabel = keyof DataTexts["fieldNames"]

/**
 * Every code: a text of `fieldErrors` (`enter`, `tooLong`, `phoneRequired`…, `invalid` for a value no form of
 * ours sends), and `turnstileMissing`, whose words are the anti-spam check's own (`turnstile.missing`).
 */
export type FieldErrorCode = Exclude<keyof DataTexts, NotACode> | "turnstileMissing"

/** The texts of `fieldErrors` that name no refusal: the field names, and the e-mail field's typo hint (not a refusal). */
type NotACode = "fieldNames" | "emailSuggestion"
const NOT_A_CODE: readonly string[] = ["fieldNames", "emailSuggestion"] satisfies NotACode[]

/**
 * One refusal: its code, and the values its text names: `field` for {field} (`enter`, `tooLong`), `max` for
 * {max} (`tooLong`, `textTooLong`, `pestsTooMany`). A type alias, so Yup takes it as a message.
 */
export type FieldProblem = { code: FieldErrorCode; field?: FieldLabel; max?: number }

/** The words of every code in one language: that language's `fieldErrors`, with the anti-spam check's "missing". */
export type FieldErrorTexts = { readonly [C in FieldErrorCode]: string } & {
  readonly fieldNames: { readonly [F in FieldLabel]: string }
  /** "Did you mean {address}?" under the e-mail field. */
  readonly emailSuggestion: string
}

/** A language's words of every code, from its lead messages (the functions' copy, or the site's GraphQL node). */
export const fieldErrorTexts = (messages: {
  fieldErrors: Omit<FieldErrorTexts, "turnstileMissing">
  turnstile: { missing: string }
}): FieldErrorTexts => ({ ...messages.fieldErrors, turnstileMissing: messages.turnstile.missing })

/** A refusal built in the contract: its code and the values its text names. */
export const problem = (code: FieldErrorCode, values: Omit<FieldProblem, "code"> = {}): FieldProblem => ({
  code,
  ...values,
})

/** The code of a value no form of ours sends: the field is named, its own message stays English (`fields`). */
export const INVALID: FieldProblem = { code: "invalid" }

/** The message of a refusal in the texts' language; a template may start with {field}, so the first letter is a capital. */
export function fieldErrorMessage(refusal: FieldProblem, texts: FieldErrorTexts): string {
  const text = fill(texts[refusal.code], {
    field: refusal.field === undefined ? "" : texts.fieldNames[refusal.field],
    max: refusal.max === undefined ? "" : String(refusal.max),
  })
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isCode = (value: unknown, texts: FieldErrorTexts): value is FieldErrorCode =>
  typeof value === "string" && !NOT_A_CODE.includes(value) && Object.hasOwn(texts, value)

const isLabel = (value: unknown, texts: FieldErrorTexts): value is FieldLabel =>
  typeof value === "string" && Object.hasOwn(texts.fieldNames, value)

/**
 * A refusal read back from anything (a Yup message, an answer's `codes` entry from JSON): null unless it is one
 * whose code and field the texts know, so a code from a newer backend falls back to the answer's own words.
 */
export function fieldProblemOf(value: unknown, texts: FieldErrorTexts): FieldProblem | null {
  if (!isRecord(value) || !isCode(value.code, texts)) return null
  const { code, field, max } = value
  const label = field === undefined ? undefined : isLabel(field, texts) ? field : null
  const count = max === undefined ? undefined : typeof max === "number" && Number.isSafeInteger(max) ? max : null
  if (label === null || count === null) return null
  return problem(code, {
    ...(label === undefined ? {} : { field: label }),
    ...(count === undefined ? {} : { max: count }),
  })
}
