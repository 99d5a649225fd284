/**
 * What a request kind declares of each of its fields, once: its rule (the contract builds its Yup schema from it),
 * where it is stored and where it is shown. Its words (label, placeholder, the office's name for it) are data, in
 * the form's data file beside the declaration's field names, checked against them at build time. Plain data: the
 * browser's first load carries it without Yup.
 */
import type { FieldLabel } from "./field-errors.ts"

/** Where a field is shown besides its form: the office's notice, the visitor's confirmation, the office's alert texts, the board, the weekly CSV, the CRM forward. */
export type FieldPlace = "notice" | "confirmation" | "alert" | "board" | "csv" | "crm"

/** The places of a kind that is not handed to the CRM (only the estimate is): a field there cannot say "crm". */
export type OfficePlace = Exclude<FieldPlace, "crm">

interface FieldBase<Place extends FieldPlace> {
  /**
   * The column it is stored in, for a field every request of the kind has had since its table was made. A field
   * without one is kept in the row's `details` document, so a new optional field needs no migration.
   */
  readonly column?: string
  /** Where it is shown besides its form (the sender's name, number and e-mail head every notice anyway). */
  readonly shows: readonly Place[]
  /** A share of the form's width from the small breakpoint up (the whole width when not said): two halves or three thirds share a row. */
  readonly width?: FieldWidth
}

export type FieldWidth = "half" | "third"

/**
 * Who sent the request and where the visit is: their name, e-mail address, number and address (street, town, state,
 * ZIP), each with its own rule and autofill. Every notice heads with the first three; a kind that visits shows the
 * address in its address row (the parts the visitor does not type given by the offer's page).
 */
type SenderField =
  | { readonly input: "name"; readonly max: number; readonly errorName: FieldLabel }
  | { readonly input: "email" }
  | { readonly input: "phone" }
  | ({ readonly input: "street"; readonly max: number } & (
      { readonly required?: true; readonly errorName: FieldLabel } | { readonly required: false }
    ))
  // The town, where the visitor types it (an offer's page may prefill it): required when its refusal is named.
  | { readonly input: "town"; readonly max: number; readonly errorName?: FieldLabel }
  // The state's two letters and the US ZIP code, each with its own rule (kernel/contract.ts).
  | { readonly input: "state" }
  | { readonly input: "zip" }

/** What the request itself says: a line or a text, required (its error names it) or optional. */
type TextField = { readonly input: "text"; readonly max: number; readonly multiline?: boolean } & (
  { readonly required: true; readonly errorName: FieldLabel } | { readonly required?: false }
)

export type RequestField<Place extends FieldPlace = FieldPlace> = FieldBase<Place> & (SenderField | TextField)

export interface RequestDeclaration<Place extends FieldPlace = FieldPlace> {
  /** The fields in the form's order, by the name the form and the functions give them. */
  readonly fields: Readonly<Record<string, RequestField<Place>>>
}

/** The inputs with a rule of their own, always required: an address, a number, a state's letters, a ZIP code. */
const OWN_RULE_INPUTS: ReadonlySet<RequestField["input"]> = new Set(["email", "phone", "state", "zip"])

/**
 * Whether the visitor must fill the field in: a field whose refusal names it (the name, a required street, town or
 * text), and the fields with a rule of their own (e-mail, phone, state, ZIP).
 */
export const isRequiredField = (field: RequestField): boolean =>
  refusalNameOf(field) !== undefined || OWN_RULE_INPUTS.has(field.input)

/** The field name a refusal of an empty field says ("Please enter your name"), for a field that must be filled in. */
export const refusalNameOf = (field: RequestField): FieldLabel | undefined =>
  "errorName" in field ? field.errorName : undefined

/** Whether `name` is one of the request's declared fields: the type of a name read from a body or a data file. */
export const isFieldOf =
  <R extends RequestDeclaration>(request: R) =>
  (name: string): name is Extract<keyof R["fields"], string> =>
    Object.hasOwn(request.fields, name)

/** Every declared field, by name, in the form's order. */
export const declaredFields = (request: RequestDeclaration): Array<[string, RequestField]> =>
  Object.entries(request.fields)

/** The request's own fields (not who sent it): what its notice, alerts, board and CSV list under their labels. */
export const ownFields = (request: RequestDeclaration): Array<[string, RequestField]> =>
  Object.entries(request.fields).filter(([, field]) => field.input === "text")

/** The fields kept in the row's `details` document (no column of their own). */
export const detailFields = (request: RequestDeclaration): string[] =>
  Object.entries(request.fields)
    .filter(([, field]) => field.column === undefined)
    .map(([name]) => name)
