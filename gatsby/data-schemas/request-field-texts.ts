/**
 * The words of a request kind's fields in its form's data file: one entry per field the kind declares
 * (supabase/functions/_shared/kernel/request-fields.ts), by the declared name, in any order. The form draws the declaration's
 * fields with these labels; the functions show the office `office` (or the English label) in notices, alerts, the
 * board and the CSV, and the visitor the label in their language.
 */
import { array, string, type InferType } from "yup"
import { fixedText, optionalText, text, strictObject } from "./fields"
import {
  isRequiredField,
  type FieldWidth,
  type RequestDeclaration,
  type RequestField,
} from "../../supabase/functions/_shared/kernel/request-fields.ts"

export const requestFieldTexts = (request: RequestDeclaration) => {
  const declared = Object.keys(request.fields)
  return array()
    .of(
      strictObject({
        name: fixedText().oneOf(declared, `must be one of the request's fields: ${declared.join(", ")}`),
        label: text(),
        placeholder: optionalText(),
        // The office reads English: a shorter name for its notices and CSV than the visitor's question.
        office: string().trim().min(1),
        // One GraphQL type for every form's field words: one fragment selects them (src/fragments/request-field.ts).
      }).meta({ graphqlName: "RequestFieldWords" }),
    )
    .required()
    .test("every-field-once", function (entries) {
      const names = entries.map((entry) => entry.name)
      const missing = declared.filter((name) => !names.includes(name))
      const repeated = names.filter((name, i) => names.indexOf(name) !== i)
      if (missing.length > 0) return this.createError({ message: `must give the words of ${missing.join(", ")}` })
      if (repeated.length > 0) return this.createError({ message: `must list ${repeated.join(", ")} once` })
      return true
    })
}

/** One field's words, as a form's data file gives them. */
export type RequestFieldWords = InferType<ReturnType<typeof requestFieldTexts>>[number]

/** What a form needs to draw a declared field, beside its words: the kind of input, and its rule's outline. */
export interface DrawnField {
  input: RequestField["input"]
  /** The HTML input's type and the autofill the browser offers for it (none: a text box, nothing offered). */
  type: string | null
  autoComplete: string | null
  /** Whether a phone shows its number pad, and the most characters it takes (none: no bound). */
  numeric: boolean
  maxLength: number | null
  required: boolean
  multiline: boolean
  /** Its share of the form's width from the small breakpoint up. */
  width: "full" | FieldWidth
}

/** What the browser is told of each kind of input: its type, what autofill offers for it, its keyboard and bound. */
const INPUTS: Readonly<Record<RequestField["input"], Pick<DrawnField, "type" | "autoComplete"> & Partial<DrawnField>>> =
  {
    name: { type: null, autoComplete: "name" },
    email: { type: "email", autoComplete: "email" },
    phone: { type: "tel", autoComplete: "tel" },
    street: { type: null, autoComplete: "address-line1" },
    town: { type: null, autoComplete: "address-level2" },
    state: { type: null, autoComplete: "address-level1", maxLength: 2 },
    zip: { type: null, autoComplete: "postal-code", numeric: true },
    text: { type: null, autoComplete: null },
  }

/** A declared field as its form draws it (resolved into the page's data, so no page carries the declaration). */
export function drawnField(request: RequestDeclaration, name: string): DrawnField {
  const field = request.fields[name]
  if (field === undefined) throw new Error(`${name} is not a declared field`)
  return {
    input: field.input,
    numeric: false,
    maxLength: null,
    ...INPUTS[field.input],
    required: isRequiredField(field),
    multiline: field.input === "text" && field.multiline === true,
    width: field.width ?? "full",
  }
}

/** A field's words as a form's `fields` resolver hands them on: with the declaration they belong to (not a GraphQL field). */
interface DeclaredWords {
  name: string
  declaration: RequestDeclaration
}

/** GraphQL resolvers adding the drawn field's outline to every form's field words (gatsby/schema.ts). */
export const drawnFieldResolvers = (() => {
  const of = (key: keyof DrawnField, type: string) => ({
    type,
    resolve: (source: DeclaredWords) => drawnField(source.declaration, source.name)[key],
  })
  return {
    input: of("input", "String!"),
    type: of("type", "String"),
    autoComplete: of("autoComplete", "String"),
    numeric: of("numeric", "Boolean!"),
    maxLength: of("maxLength", "Int"),
    required: of("required", "Boolean!"),
    multiline: of("multiline", "Boolean!"),
    width: of("width", "String!"),
  }
})()

/** The resolver of a form's `fields` that hands each field's words on with the form's request declaration. */
export const declaredFieldsOf = (declaration: RequestDeclaration) => ({
  fields: {
    resolve: (source: { fields: ReadonlyArray<{ name: string }> }): DeclaredWords[] =>
      source.fields.map((words) => ({ ...words, declaration })),
  },
})
