/**
 * Turns a data file's Yup schema into Decap CMS fields, so the editor asks for exactly what the
 * build accepts: the same fields, required flags, choices, lengths and patterns, with the
 * schema's own error messages as hints. Written once, like the GraphQL types (graphql-from-yup.ts).
 */
import { ArraySchema, BooleanSchema, NumberSchema, ObjectSchema, StringSchema, type Schema } from "yup"
import { hasTexts } from "../i18n/translations"

/** The subset of Decap's field options this site uses (decapcms.org/docs/widgets). */
export interface CmsField {
  name: string
  label: string
  widget: "string" | "text" | "number" | "boolean" | "select" | "list" | "object" | "image" | "set-once"
  required?: boolean
  hint?: string
  pattern?: [string, string]
  options?: string[]
  multiple?: boolean
  min?: number
  max?: number
  value_type?: "int" | "float"
  default?: boolean | string
  field?: CmsField
  fields?: CmsField[]
  types?: CmsVariant[]
  typeKey?: string
  summary?: string
  collapsed?: boolean
  media_folder?: string
  public_folder?: string
  choose_url?: boolean
  /**
   * Decap's translation setting: `true` on a text, and on an object or list holding texts, shows the field
   * in the Spanish pane; without it the field is written in English only (Decap's "none").
   */
  i18n?: true
}

/** One entry type of a list with `types`: Decap writes its `name` into the entry's `typeKey` field. */
export interface CmsVariant {
  name: string
  label: string
  widget: "object"
  fields: CmsField[]
  summary?: string
  i18n?: true
}

/** What a schema can tell the editor beyond its rules (set with Yup's `.meta()` in data-schemas/). */
export interface CmsMeta {
  /** The field's label, where its name would read as code ("src" → "Picture"). */
  cmsLabel?: string
  /** A hint shown under the field, instead of the one made from the rules. */
  cmsHint?: string
  /** Prose: a multi-line box instead of a one-line one. */
  cmsProse?: boolean
  /** An image's folder from the repository root, e.g. "src/images/pests" (on the image's `src`). */
  cmsMediaFolder?: string
  /** A list whose items differ by one field: the editor shows only each kind's fields. */
  cmsVariants?: {
    key: string
    /** The fields each kind shows. */
    fields: Record<string, readonly string[]>
    /** The field each kind must fill (required there, optional in the shared schema). */
    required: Record<string, string>
  }
}

type AnySchema = Schema<unknown>

interface TestOptions {
  name?: string
  message?: unknown
  params?: Record<string, unknown>
}

/** Yup keeps each rule's name, message and parameters on the test function. */
const testsOf = (schema: AnySchema): TestOptions[] =>
  (schema as unknown as { tests: Array<{ OPTIONS?: TestOptions }> }).tests.flatMap((test) =>
    test.OPTIONS ? [test.OPTIONS] : [],
  )
const metaOf = (schema: AnySchema): CmsMeta => (schema.describe().meta ?? {}) as CmsMeta

/** "offerName" → "Offer name", "e164" → "E164". */
export const labelOf = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A rule's message as a person reads it: Yup's `${path}` placeholders filled or dropped. */
const messageOf = (test: TestOptions): string | undefined => {
  if (typeof test.message !== "string") return undefined
  // Yup's own wording for list lengths ("field must have at least 1 items") reads badly in a hint.
  const count = test.params?.[test.name ?? ""]
  if (test.message.startsWith("${path} field must have") && typeof count === "number")
    return `${test.name === "min" ? "at least" : test.name === "max" ? "at most" : "exactly"} ${count} ${count === 1 ? "item" : "items"}`
  return test.message
    .replace(/^\$\{path\}\s*/, "")
    .replace(/\$\{(\w+)\}/g, (_all, key: string) => {
      const value = test.params?.[key]
      return typeof value === "number" || typeof value === "string" ? String(value) : ""
    })
    .trim()
}

// Names whose text runs to sentences: a multi-line box (a schema can also say so with `cmsProse`).
const PROSE = /(description|intro|text|body|answer|quote|message|note|summary|story|paragraphs|disclosure)$/i

const RULES_WITHOUT_HINT = new Set(["required", "trim", "noUnknown", "defined", "typeError", "optionality"])

/** Whether the value must be present; a `.defined()` text may be empty (tracking IDs), a `.required()` one not. */
const isRequired = (schema: AnySchema) =>
  !schema.describe().optional &&
  (!(schema instanceof StringSchema) || testsOf(schema).some((t) => t.name === "required"))

const hintOf = (schema: AnySchema, extra: readonly string[] = []) => {
  const meta = metaOf(schema)
  if (meta.cmsHint) return meta.cmsHint
  const messages = testsOf(schema)
    .filter((t) => !RULES_WITHOUT_HINT.has(t.name ?? ""))
    .map(messageOf)
    .filter((m): m is string => Boolean(m))
  const hint = [...new Set([...messages, ...extra])].join("; ")
  return hint ? `${hint.charAt(0).toUpperCase()}${hint.slice(1)}.` : undefined
}

/**
 * One pattern that holds every rule of a text the editor can check as it is typed: no space at
 * either end (the build's `trim`), its length, and its own regular expression (`matches`, `email`,
 * `url`). Decap tests the pattern unanchored, so each part is anchored and they are joined as
 * lookaheads at the start.
 */
function textPattern(schema: AnySchema): [string, string] | undefined {
  const parts: string[] = []
  const messages: string[] = []
  const tests = testsOf(schema)
  if (tests.some((t) => t.name === "trim")) {
    parts.push("^\\S(?:[\\s\\S]*\\S)?$")
    messages.push("no space or blank line at the start or end")
  }
  const length = (name: string) => {
    const value = tests.find((t) => t.name === name)?.params?.[name]
    return typeof value === "number" ? value : undefined
  }
  const [exact, min, max] = [length("length"), length("min"), length("max")]
  if (exact !== undefined || min !== undefined || max !== undefined) {
    parts.push(`^[\\s\\S]{${exact ?? min ?? 0},${exact ?? max ?? ""}}$`)
    messages.push(
      ...tests.filter((t) => ["length", "min", "max"].includes(t.name ?? "")).flatMap((t) => messageOf(t) ?? []),
    )
  }
  for (const test of tests) {
    const regex = test.params?.regex
    if (regex instanceof RegExp) {
      parts.push(regex.source)
      messages.push(messageOf(test) ?? `must match ${regex.source}`)
    }
  }
  if (parts.length === 0) return undefined
  const pattern = parts.length === 1 ? (parts[0] ?? "") : parts.map((part) => `(?=${part})`).join("")
  return [pattern, [...new Set(messages)].join("; ")]
}

const oneOf = (schema: AnySchema) => schema.describe().oneOf.filter((v): v is string => typeof v === "string")

/** The path from a data file to `folder` (from the repository root): what the YAML must name. */
export const relativeFolder = (dataFile: string, folder: string) => {
  const depth = dataFile.split("/").length - 1
  return `${"../".repeat(depth)}${folder}`
}

export interface FieldContext {
  /** The data file (or a file of the folder) the fields are written to, from the repository root. */
  dataFile: string
  /**
   * The label of an optional object around the field (an offer's own phone). Decap would demand the
   * object's required fields even when the object is left out, so they are optional in the editor and
   * the hint says when they are needed; the pull request's data check still requires them together.
   */
  optionalParent?: string
  /** The file is written in every language (data-file.ts `isTranslated`): its texts are marked for Decap's Spanish pane. */
  translated?: boolean
  /** Inside the entries of a translated list, where Decap's Spanish pane shows every field, translated or not. */
  inTranslatedList?: boolean
}

/** Said of a field of a translated list's entries that is not translated (Decap shows it on the Spanish side too). */
export const NOT_TRANSLATED_HINT = "Not translated: the Spanish page uses what the English side says."

/** The Decap field for one schema field. */
export function cmsField(name: string, schema: AnySchema, context: FieldContext): CmsField {
  const field = editorField(name, schema, context)
  if (!context.inTranslatedList || !context.translated || field.i18n) return field
  return { ...field, hint: [field.hint, NOT_TRANSLATED_HINT].filter(Boolean).join(" ") }
}

function editorField(name: string, schema: AnySchema, context: FieldContext): CmsField {
  const meta = metaOf(schema)
  const label = meta.cmsLabel ?? schema.describe().label ?? labelOf(name)
  const neededWithParent = context.optionalParent !== undefined && isRequired(schema)
  const translated = context.translated === true && hasTexts(schema)
  const base = {
    name,
    label,
    required: isRequired(schema) && !neededWithParent,
    ...(translated && { i18n: true as const }),
  }
  // Inside a block that is not translated (an office-only block of lead-messages), nothing is.
  const within: FieldContext = { ...context, translated }
  const entries: FieldContext = { ...within, inTranslatedList: translated || context.inTranslatedList }
  const hint = hintOf(schema, neededWithParent ? [`needed when ${context.optionalParent ?? ""} is filled in`] : [])
  const withHint = <F extends CmsField>(field: F): F => (hint && !field.hint ? { ...field, hint } : field)

  if (schema instanceof StringSchema) {
    const choices = oneOf(schema)
    if (choices.length > 0) return { ...base, widget: "select", options: choices }
    if (meta.cmsMediaFolder) {
      // Uploads go to the folder (absolute from the repository root); the file names them relative to itself,
      // as gatsby's File @fileByRelativePath resolves them, so gatsby-plugin-image processes them.
      return withHint({
        ...base,
        widget: "image",
        choose_url: false,
        media_folder: `/${meta.cmsMediaFolder}`,
        public_folder: relativeFolder(context.dataFile, meta.cmsMediaFolder),
        pattern: textPattern(schema),
      })
    }
    const prose = meta.cmsProse ?? PROSE.test(name)
    // A text that must be there but may be empty (a tracking ID: "" means none) starts empty and stays.
    const mayBeEmpty = !schema.describe().optional && !isRequired(schema)
    return withHint({
      ...base,
      widget: prose ? "text" : "string",
      pattern: textPattern(schema),
      ...(mayBeEmpty && { default: "" }),
    })
  }
  if (schema instanceof NumberSchema) {
    const tests = testsOf(schema)
    const bound = (test: string) => {
      const value = tests.find((t) => t.name === test)?.params?.[test]
      return typeof value === "number" ? value : undefined
    }
    const integer = tests.some((t) => t.name === "integer")
    return withHint({
      ...base,
      widget: "number",
      value_type: integer ? "int" : "float",
      ...(bound("min") !== undefined && { min: bound("min") }),
      ...(bound("max") !== undefined && { max: bound("max") }),
    })
  }
  if (schema instanceof BooleanSchema) {
    // A switch is always on or off; an optional one left off is written as false, which the schema accepts.
    return withHint({ ...base, widget: "boolean", required: false, default: false })
  }
  if (schema instanceof ArraySchema) {
    const tests = testsOf(schema)
    const count = (test: string) => {
      const value = tests.find((t) => t.name === test)?.params?.[test]
      return typeof value === "number" ? value : undefined
    }
    const exact = count("length")
    const bounds = {
      ...((exact ?? count("min")) !== undefined && { min: exact ?? count("min") }),
      ...((exact ?? count("max")) !== undefined && { max: exact ?? count("max") }),
      // Items open, not folded: a price or a sentence is found by reading (or the browser's Find) without clicking.
      collapsed: false,
    }
    const inner = (schema as ArraySchema<unknown[], object>).innerType as AnySchema | undefined
    if (!inner) throw new Error(`${name}: a list needs the type of its items`)
    const itemChoices = inner instanceof StringSchema ? oneOf(inner) : []
    if (itemChoices.length > 0)
      return withHint({ ...base, widget: "select", multiple: true, options: itemChoices, ...bounds })
    if (inner instanceof ObjectSchema) {
      const variants = metaOf(inner).cmsVariants
      if (variants) return withHint({ ...base, widget: "list", ...bounds, ...variantsOf(inner, variants, entries) })
      const fields = objectFields(inner, entries)
      const first = fields.find((f) => f.widget === "string")
      return withHint({
        ...base,
        widget: "list",
        ...bounds,
        fields,
        ...(first && { summary: `{{fields.${first.name}}}` }),
      })
    }
    return withHint({ ...base, widget: "list", ...bounds, field: cmsField(singular(name), inner, entries) })
  }
  if (schema instanceof ObjectSchema) {
    const inner = base.required ? within : { ...within, optionalParent: label }
    return withHint({ ...base, widget: "object", collapsed: !base.required, fields: objectFields(schema, inner) })
  }
  throw new Error(`${name}: no editor field for a Yup "${schema.type}" field`)
}

/** The name of one item of a list, for its single field's label: "serviceAreas" → "serviceArea". */
const singular = (name: string) => name.replace(/ies$/, "y").replace(/(?<!s)s$/, "")

/** An object schema's fields by name (Yup types them loosely). */
const shapeOf = (schema: AnySchema) => (schema as unknown as { fields: Record<string, AnySchema> }).fields

export function objectFields(schema: AnySchema, context: FieldContext): CmsField[] {
  return Object.entries(shapeOf(schema)).map(([name, field]) => cmsField(name, field, context))
}

/**
 * A list whose items share one schema but use different fields by kind (pest page sections): one
 * Decap type per kind, each with the fields the meta lists for it, so an editor adding a "steps"
 * section sees steps, not species. The key field itself is Decap's (typeKey), not an input.
 */
function variantsOf(
  schema: AnySchema,
  variants: NonNullable<CmsMeta["cmsVariants"]>,
  context: FieldContext,
): Pick<CmsField, "types" | "typeKey"> {
  const all = objectFields(schema, context)
  const types = Object.entries(variants.fields).map(([kind, names]): CmsVariant => {
    const fields = all
      .filter((field) => field.name !== variants.key && names.includes(field.name))
      .map((field) => (field.name === variants.required[kind] ? { ...field, required: true } : field))
    const translated = fields.some((field) => field.i18n) && { i18n: true as const }
    return { name: kind, label: labelOf(kind), widget: "object", fields, summary: "{{fields.heading}}", ...translated }
  })
  return { types, typeKey: variants.key }
}
