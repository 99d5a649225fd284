/**
 * What the editor's format for translated files (translated-format.ts) needs to know of each collection and
 * file, taken from the generated configuration: which fields are translated (Decap's `i18n: true`), with their
 * labels and patterns, and the order of every field. The browser gets it as JSON in the admin's script.
 */
import type { CmsField } from "./cms-fields"

/** A translated field of a file: a text, a list of texts, or an object or list of entries holding some. */
export interface TranslatedField {
  label: string
  kind: "text" | "texts" | "object" | "list"
  /** A text's pattern and its message, as the English field has it. */
  pattern?: [string, string]
  /** An object's translated fields, or those of each entry of a list (every type's, for a list with types). */
  fields?: TranslatedFields
}
export type TranslatedFields = Record<string, TranslatedField>

/** Every field's name in order, with those inside it (an entry's, for a list). */
export interface FieldOrder {
  [name: string]: FieldOrder
}

/**
 * Each translated collection's (or file's) translated fields and field order, by its fields' names in order
 * joined with commas: Decap gives a format only the data and those names (`fieldsOrder`), so they say which
 * file it is. The order puts each value back in its place: Decap holds an entry in Immutable maps, which
 * keep no order beyond eight keys.
 */
export type TranslationMap = Record<
  string,
  {
    translated: TranslatedFields
    order: FieldOrder
    /** A folder collection's identifier field (Decap's `identifier_field`, which names its files). */
    identifier?: string
  }
>

/** The translated fields among an entry's editor fields (those Decap shows in the Spanish pane). */
export function translatedFieldsOf(fields: readonly CmsField[]): TranslatedFields {
  return Object.fromEntries(
    fields.flatMap((field): Array<[string, TranslatedField]> => {
      if (!field.i18n) return []
      const { label } = field
      if (field.widget === "list" && field.field)
        return [[field.name, { label, kind: "texts", ...patternOf(field.field) }]]
      if (field.widget === "list")
        return [[field.name, { label, kind: "list", fields: translatedFieldsOf(entryFields(field)) }]]
      if (field.widget === "object")
        return [[field.name, { label, kind: "object", fields: translatedFieldsOf(field.fields ?? []) }]]
      return [[field.name, { label, kind: "text", ...patternOf(field) }]]
    }),
  )
}

const patternOf = (field: CmsField) => (field.pattern ? { pattern: field.pattern } : {})

/** The fields of a list's entries: its own, or every type's once (the types share one schema). */
const entryFields = (list: CmsField): CmsField[] => {
  const all = [...(list.fields ?? []), ...(list.types ?? []).flatMap((type) => type.fields)]
  return all.filter((field, i) => all.findIndex((other) => other.name === field.name) === i)
}

/** The order of the fields and of those inside them. */
export function fieldOrderOf(fields: readonly CmsField[]): FieldOrder {
  return Object.fromEntries(
    fields.map((field) => {
      if (field.widget !== "list" || field.field) return [field.name, fieldOrderOf(field.fields ?? [])]
      // A typed entry starts with its type, as the data files write it.
      const typeKey = field.typeKey ? { [field.typeKey]: {} } : {}
      return [field.name, { ...typeKey, ...fieldOrderOf(entryFields(field)) }]
    }),
  )
}

/** The key Decap gives a format for a collection or file: its fields' names in order. */
export const fieldsKey = (fields: readonly CmsField[]) => fields.map((field) => field.name).join(",")

interface TranslatableCollection {
  name: string
  i18n?: true
  identifier_field?: string
  fields?: readonly CmsField[]
  files?: ReadonlyArray<{ name: string; i18n?: true; fields: readonly CmsField[] }>
}

/** The map for every translated collection and file of the configuration; two with the same fields would be one. */
export function translationMapOf(collections: readonly TranslatableCollection[]): TranslationMap {
  const entries = collections.flatMap((collection) =>
    collection.i18n
      ? [
          ...(collection.fields
            ? [{ name: collection.name, fields: collection.fields, identifier: collection.identifier_field }]
            : []),
          ...(collection.files ?? []).flatMap((file) =>
            file.i18n ? [{ name: `${collection.name}/${file.name}`, fields: file.fields, identifier: undefined }] : [],
          ),
        ]
      : [],
  )
  const map: TranslationMap = {}
  const owner: Record<string, string> = {}
  for (const { name, fields, identifier } of entries) {
    const key = fieldsKey(fields)
    if (owner[key] !== undefined)
      throw new Error(`${owner[key]} and ${name} have the same fields: the editor cannot tell their files apart`)
    owner[key] = name
    map[key] = {
      translated: translatedFieldsOf(fields),
      order: fieldOrderOf(fields),
      ...(identifier !== undefined && { identifier }),
    }
  }
  return map
}

/** The keys of lists with types (`typeKey`), which a Spanish entry needs to be shown. */
export function typeKeysOf(
  collections: ReadonlyArray<{ fields?: readonly CmsField[]; files?: ReadonlyArray<{ fields: readonly CmsField[] }> }>,
): string[] {
  const walk = (fields: readonly CmsField[]): string[] =>
    fields.flatMap((field) => [
      ...(field.typeKey ? [field.typeKey] : []),
      ...walk([
        ...(field.fields ?? []),
        ...(field.field ? [field.field] : []),
        ...(field.types ?? []).flatMap((t) => t.fields),
      ]),
    ])
  const all = collections.flatMap((c) => [...walk(c.fields ?? []), ...(c.files ?? []).flatMap((f) => walk(f.fields))])
  return [...new Set(all)].sort()
}
