/**
 * A data file's translation, read through the file's own Yup schema: the texts (`text()`, marked
 * `translate`) are written again under the language's key, everything else (prices, hours, icons,
 * keys, names that stay the same) only once, under `en:`. Links (`routePath()`, marked `route`) are
 * written as English routes and lead to the same page in the reader's language.
 */
import { ArraySchema, ObjectSchema, StringSchema, ValidationError, type Schema } from "yup"
import { isRecord } from "../data-problem"

type AnySchema = Schema<unknown>

interface FieldMeta {
  translate?: boolean
  route?: boolean
  /** A translated part of an address (a pest's slug): translated, but not prose. */
  address?: boolean
}

const metaOf = (schema: AnySchema): FieldMeta => (schema as unknown as { spec: { meta?: FieldMeta } }).spec.meta ?? {}
// Yup types a narrowed schema's fields and items loosely; these read them as the schemas they are.
const fieldsOf = (schema: AnySchema) => (schema as unknown as { fields: Record<string, AnySchema> }).fields
const innerOf = (schema: AnySchema) => (schema as unknown as { innerType?: AnySchema }).innerType

const isText = (schema: AnySchema) => schema instanceof StringSchema && metaOf(schema).translate === true
const isTextList = (schema: AnySchema): boolean => {
  if (!(schema instanceof ArraySchema)) return false
  const inner = innerOf(schema)
  return inner !== undefined && isText(inner)
}

/** Whether a field holds anything to translate. */
export function hasTexts(schema: AnySchema): boolean {
  if (metaOf(schema).translate === false) return false
  if (isText(schema) || isTextList(schema)) return true
  if (schema instanceof ObjectSchema) return Object.values(fieldsOf(schema)).some(hasTexts)
  if (schema instanceof ArraySchema) {
    const inner = innerOf(schema)
    return inner !== undefined && hasTexts(inner)
  }
  return false
}

/** The part of `value` a translation repeats: its texts, in the same places (the English stand-in of a new translation). */
export function textsOf(schema: AnySchema, value: unknown): unknown {
  if (!hasTexts(schema) || value === undefined) return undefined
  if (isText(schema) || isTextList(schema)) return value
  if (schema instanceof ObjectSchema && isRecord(value)) {
    const entries = Object.entries(fieldsOf(schema)).flatMap(([key, field]) => {
      const texts = textsOf(field, value[key])
      return texts === undefined ? [] : [[key, texts] as const]
    })
    return entries.length > 0 ? Object.fromEntries(entries) : undefined
  }
  if (schema instanceof ArraySchema && Array.isArray(value)) {
    const inner = innerOf(schema)
    const items = inner ? value.map((item: unknown) => textsOf(inner, item)) : []
    return items.some((item) => item !== undefined) ? items.map((item) => item ?? {}) : undefined
  }
  return undefined
}

export interface TranslationProblem {
  field: string
  message: string
}

const join = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key

const preview = (value: unknown) => {
  const text = typeof value === "string" ? value : Array.isArray(value) ? value.join(" / ") : ""
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** Yup's own rules of the field (length, placeholders, slug form), said of the translation. */
const ruleProblems = (schema: AnySchema, value: unknown, field: string): TranslationProblem[] => {
  try {
    schema.validateSync(value, { strict: true, abortEarly: false })
    return []
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return error.errors.map((message) => ({
      field,
      // A rule's own words ("must be at most 90 characters"), without Yup's "this" for the unnamed value.
      message: message.replace(/^this /, ""),
    }))
  }
}

/**
 * What is wrong with a translation (`translated`) of `english`: a text missing or empty, a list of entries
 * of another length, a field that is not a text to translate, or a text breaking the field's rules.
 * `path` is where the translation sits in the file ("es"), so every problem names the field as written.
 */
export function translationProblems(
  schema: AnySchema,
  english: unknown,
  translated: unknown,
  path: string,
  language: string,
): TranslationProblem[] {
  if (textsOf(schema, english) === undefined) {
    return translated === undefined
      ? []
      : [{ field: path, message: `is not a text to translate: it is written once, under en:` }]
  }
  if (isText(schema) || isTextList(schema)) {
    if (translated === undefined || translated === null || translated === "")
      return [{ field: path, message: `is missing its ${language} text (en: "${preview(english)}")` }]
    return ruleProblems(schema, translated, path)
  }
  if (schema instanceof ObjectSchema) {
    if (!isRecord(english)) return []
    if (!isRecord(translated)) return [{ field: path, message: `is missing its ${language} texts` }]
    const fields = fieldsOf(schema)
    const unknown = Object.keys(translated)
      .filter((key) => !(key in fields))
      .map((key) => ({ field: join(path, key), message: "is not a field of this file" }))
    return [
      ...unknown,
      ...Object.entries(fields).flatMap(([key, field]) =>
        translationProblems(field, english[key], translated[key], join(path, key), language),
      ),
    ]
  }
  if (schema instanceof ArraySchema && Array.isArray(english)) {
    const inner = innerOf(schema)
    if (!inner) return []
    if (!Array.isArray(translated) || translated.length !== english.length)
      return [
        {
          field: path,
          message: `must list ${english.length} ${english.length === 1 ? "entry" : "entries"}, in the order en: lists them`,
        },
      ]
    return english.flatMap((item: unknown, i) =>
      translationProblems(inner, item, translated[i], join(path, i), language),
    )
  }
  return []
}

/** How a localized copy treats a field marked `route`: a link is mapped, a page's own route is the translation's. */
export interface RouteRules {
  /** A link to an English route, as the language's page (the translation's own route table). */
  link: (route: string, field: string) => string
  /** A page's own route as the translation writes it ("/servicios"), made the language's ("/es/servicios"). */
  own: (route: string) => string
}

/** `english` with the translation's texts in place of its own, and its links leading to the language's pages. */
export function localized(
  schema: AnySchema,
  english: unknown,
  translated: unknown,
  routes: RouteRules,
  path = "",
): unknown {
  if (english === undefined || english === null) return english
  const meta = metaOf(schema)
  if (schema instanceof StringSchema && typeof english === "string") {
    if (meta.route)
      return meta.translate && typeof translated === "string" ? routes.own(translated) : routes.link(english, path)
    return meta.translate && typeof translated === "string" ? translated : english
  }
  if (isTextList(schema)) return Array.isArray(translated) ? translated : english
  if (schema instanceof ObjectSchema && isRecord(english)) {
    const fields = fieldsOf(schema)
    const from = meta.translate === false || !isRecord(translated) ? {} : translated
    return Object.fromEntries(
      Object.entries(english).map(([key, value]) => {
        const field = fields[key]
        return [key, field ? localized(field, value, from[key], routes, join(path, key)) : value]
      }),
    )
  }
  if (schema instanceof ArraySchema && Array.isArray(english)) {
    const inner = innerOf(schema)
    const from = Array.isArray(translated) ? translated : []
    return inner ? english.map((item: unknown, i) => localized(inner, item, from[i], routes, join(path, i))) : english
  }
  return english
}

/** Each text of a file beside its translation, by field (`sections[2].heading`), addresses left out: for checks that read both. */
export function textPairs(
  schema: AnySchema,
  english: unknown,
  translated: unknown,
  path = "",
): Array<{ field: string; english: string; translated: string }> {
  if (!hasTexts(schema) || english === undefined || translated === undefined) return []
  if (isText(schema) && typeof english === "string" && typeof translated === "string") {
    const { route, address } = metaOf(schema)
    return route || address ? [] : [{ field: path, english, translated }]
  }
  if (isTextList(schema) && Array.isArray(english) && Array.isArray(translated))
    return [{ field: path, english: english.join("\n"), translated: translated.join("\n") }]
  if (schema instanceof ObjectSchema && isRecord(english) && isRecord(translated))
    return Object.entries(fieldsOf(schema)).flatMap(([key, field]) =>
      textPairs(field, english[key], translated[key], join(path, key)),
    )
  if (schema instanceof ArraySchema && Array.isArray(english) && Array.isArray(translated)) {
    const inner = innerOf(schema)
    return inner ? english.flatMap((item: unknown, i) => textPairs(inner, item, translated[i], join(path, i))) : []
  }
  return []
}
