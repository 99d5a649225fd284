/**
 * The functions' side of the request declarations: which kinds are declared, what of a body is kept in the row's
 * `details` document, and each place's labelled values (the office's words in English, the visitor's in their
 * language), read alike from a body or from a stored row.
 */
import type { Language } from "../kernel/languages.ts"
import { OFFICE_FIELD_LABELS, VISITOR_FIELD_LABELS } from "../kernel/site-data.generated.ts"
import { BOOKING_REQUEST } from "../kernel/booking-request.ts"
import { CALLBACK_REQUEST } from "../kernel/callback-request.ts"
import { CONTACT_REQUEST } from "../kernel/contact-request.ts"
import { ESTIMATE_REQUEST } from "../kernel/estimate-request.ts"
import { detailFields, ownFields, type FieldPlace, type RequestDeclaration } from "../kernel/request-fields.ts"

/** Every declared request kind, by the name its notices, labels and data files give it. */
export const REQUEST_KINDS = {
  contact: CONTACT_REQUEST,
  estimate: ESTIMATE_REQUEST,
  booking: BOOKING_REQUEST,
  callback: CALLBACK_REQUEST,
} as const satisfies Record<string, RequestDeclaration>
export type DeclaredKind = keyof typeof REQUEST_KINDS

export const isDeclaredKind = (kind: string): kind is DeclaredKind => Object.hasOwn(REQUEST_KINDS, kind)

type Values = Readonly<Record<string, unknown>>

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "")

/** What of a body has no column: kept as one JSON document in the row, its empty fields left out. */
export const detailsOf = (kind: DeclaredKind, body: Values): Record<string, string> =>
  Object.fromEntries(
    detailFields(REQUEST_KINDS[kind])
      .map((name) => [name, textOf(body[name])] as const)
      .filter(([, value]) => value !== ""),
  )

/** A stored row's own fields by their declared names: each from its column, or from the row's `details`. */
export const valuesOfRow = (kind: DeclaredKind, row: Values & { details?: unknown }): Record<string, string> => {
  const details: Values = typeof row.details === "object" && row.details !== null ? { ...row.details } : {}
  return Object.fromEntries(
    ownFields(REQUEST_KINDS[kind]).map(([name, field]) => [
      name,
      textOf(field.column === undefined ? details[name] : row[field.column]),
    ]),
  )
}

/** A field shown with its value: its name, its label in the reader's words, and whether it is the request's text. */
interface ShownField {
  name: string
  label: string
  value: string
  multiline: boolean
}

/**
 * The own fields shown in `place` with a value: labelled in the office's words, or in the visitor's language when
 * one is given (their confirmation). Short fields first, a multi-line text last: an alert is cut to one line.
 */
function shownFields(kind: DeclaredKind, place: FieldPlace, values: Values, language?: Language): ShownField[] {
  const labels = language === undefined ? OFFICE_FIELD_LABELS[kind] : VISITOR_FIELD_LABELS[language][kind]
  return ownFields(REQUEST_KINDS[kind])
    .filter(([, field]) => field.shows.includes(place))
    .map(([name, field]) => ({
      name,
      label: labels?.[name] ?? name,
      value: textOf(values[name]),
      multiline: field.input === "text" && field.multiline === true,
    }))
    .filter((shown) => shown.value !== "")
    .sort((a, b) => Number(a.multiline) - Number(b.multiline))
}

/** Those fields as a notice's or an e-mail's rows: label, value. */
export const shownRows = (
  kind: DeclaredKind,
  place: FieldPlace,
  values: Values,
  language?: Language,
): Array<[string, string]> => shownFields(kind, place, values, language).map(({ label, value }) => [label, value])

/** The own fields listed in `place` whatever their value (a CSV's columns), with the office's label of each. */
export const columnsShownIn = (kind: DeclaredKind, place: FieldPlace): Array<{ name: string; label: string }> =>
  ownFields(REQUEST_KINDS[kind])
    .filter(([, field]) => field.shows.includes(place))
    .map(([name]) => ({ name, label: OFFICE_FIELD_LABELS[kind]?.[name] ?? name }))

/** The own fields forwarded to the CRM, by declared name (a field it is not told of is left out, so is an empty one). */
export const forwardedFields = (kind: DeclaredKind, values: Values): Record<string, string> =>
  Object.fromEntries(shownFields(kind, "crm", values).map(({ name, value }) => [name, value]))

/** The request on one line for an alert: its short fields labelled, its text as written. */
export const alertLine = (kind: DeclaredKind, values: Values): string =>
  shownFields(kind, "alert", values)
    .map(({ label, value, multiline }) => (multiline ? value : `${label}: ${value}`))
    .join(" · ")

/**
 * SQL for a row's own fields as one JSON document by declared name (its `details` with the columns of those that
 * have one), for a query over several tables that reads them alike. Names and columns are the declaration's.
 */
export const fieldsDocument = (kind: DeclaredKind): string => {
  const columns = ownFields(REQUEST_KINDS[kind]).flatMap(([name, field]) =>
    field.column === undefined ? [] : [`'${name}', ${field.column}`],
  )
  return columns.length === 0 ? "details" : `details || jsonb_build_object(${columns.join(", ")})`
}
