/**
 * How the editor reads and writes a translated data file (`{ en: …, es: … }`, Decap's single_file i18n
 * structure): a file format of our own, registered with Decap (`CMS.registerCustomFormat`), because Decap
 * alone would write a Spanish section the build refuses and lets a marketer publish one that is missing:
 *
 * - Decap validates the default locale only: publishing switches the form back to English and validates
 *   that pane (`handleOnPublish` in decap-cms-core's EditorInterface.js; decaporg/decap-cms#5112, #5653).
 *   So saving checks that every English text has its Spanish, that each list of entries has as many in
 *   Spanish as in English, and each Spanish text's pattern; a gap stops the save and the editor says which.
 * - Decap keeps what the Spanish pane holds: "" for a field cleared there, the defaults of an entry added
 *   there (a switch's `false`, a section's `type`). The Spanish written is the translated fields only, where
 *   the English has them, blanks left out: what gatsby/i18n/translations.ts accepts.
 * - A list with types (pest sections) needs each entry's `type` to show it, which the Spanish section does
 *   not repeat: it is copied from the English entry when the file is read, and left out again when written.
 *
 * The YAML is js-yaml's, the library the build reads the files with (its browser file is sent with the
 * admin's script, see editorFiles).
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { CmsField } from "./cms-fields"

/** The name the collections' `format` gives (decap-config.ts). */
export const TRANSLATED_FORMAT = "translated-yaml"

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
export type TranslationMap = Record<string, { translated: TranslatedFields; order: FieldOrder }>

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
  fields?: readonly CmsField[]
  files?: ReadonlyArray<{ name: string; i18n?: true; fields: readonly CmsField[] }>
}

/** The map for every translated collection and file of the configuration; two with the same fields would be one. */
export function translationMapOf(collections: readonly TranslatableCollection[]): TranslationMap {
  const entries = collections.flatMap((collection) =>
    collection.i18n
      ? [
          ...(collection.fields ? [{ name: collection.name, fields: collection.fields }] : []),
          ...(collection.files ?? []).flatMap((file) =>
            file.i18n ? [{ name: `${collection.name}/${file.name}`, fields: file.fields }] : [],
          ),
        ]
      : [],
  )
  const map: TranslationMap = {}
  const owner: Record<string, string> = {}
  for (const { name, fields } of entries) {
    const key = fieldsKey(fields)
    if (owner[key] !== undefined)
      throw new Error(`${owner[key]} and ${name} have the same fields: the editor cannot tell their files apart`)
    owner[key] = name
    map[key] = { translated: translatedFieldsOf(fields), order: fieldOrderOf(fields) }
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

/** What the format uses of js-yaml (window.jsyaml in the admin). */
export interface YamlLike {
  load: (text: string) => unknown
  dump: (value: unknown, options: Record<string, unknown>) => string
}

/** A Decap file format: reads a file's text, writes the entry's data (with Decap's `fieldsOrder`). */
export interface TranslatedFormat {
  fromFile: (content: string) => unknown
  toFile: (data: unknown, sortedKeys?: readonly string[]) => string
}

/**
 * Registers the format with Decap (when `cms` is given) and returns it. Written without imports and in plain
 * ES2017, because the build sends its source text to the browser (`translatedFormatScript`).
 */
export function registerTranslatedFormat(
  name: string,
  map: TranslationMap,
  typeKeys: readonly string[],
  yaml: YamlLike,
  cms?: unknown,
): TranslatedFormat {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value)
  const isBlank = (value: unknown): boolean => {
    if (value === undefined || value === null) return true
    if (typeof value === "string") return value.trim() === ""
    if (Array.isArray(value)) return value.every(isBlank)
    if (isRecord(value)) return Object.keys(value).every((key) => isBlank(value[key]))
    return false
  }
  const texts = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && !isBlank(item)) : []

  /** A typed list's Spanish entries get their English entry's type back, so Decap can show them. */
  const withTypes = (english: unknown, spanish: unknown): void => {
    if (Array.isArray(english) && Array.isArray(spanish)) {
      spanish.forEach((item: unknown, i) => {
        const source: unknown = english[i]
        if (!isRecord(item) || !isRecord(source)) return
        for (const key of typeKeys) if (typeof source[key] === "string" && !(key in item)) item[key] = source[key]
        withTypes(source, item)
      })
    } else if (isRecord(english) && isRecord(spanish)) {
      for (const key of Object.keys(spanish)) withTypes(english[key], spanish[key])
    }
  }

  /** Why the Spanish cannot be saved: a text missing or refused by its pattern, a list of another length. */
  const problems = (fields: TranslatedFields, english: unknown, spanish: unknown, at: string): string[] => {
    const en = isRecord(english) ? english : {}
    const es = isRecord(spanish) ? spanish : {}
    return Object.keys(fields).flatMap((key) => {
      const field = fields[key]
      if (!field || isBlank(en[key])) return []
      const where = at ? `${at} › ${field.label}` : field.label
      const refused = (text: string) =>
        field.pattern && !new RegExp(field.pattern[0]).test(text) ? [`${where}: ${field.pattern[1]}`] : []
      const value = es[key]
      if (field.kind === "text")
        return typeof value === "string" && !isBlank(value) ? refused(value) : [`${where} is required`]
      if (field.kind === "texts") {
        const items = texts(value)
        return items.length > 0 ? items.flatMap(refused) : [`${where} is required`]
      }
      if (field.kind === "object") return problems(field.fields ?? {}, en[key], value, where)
      const entries = en[key]
      if (!Array.isArray(entries)) return []
      const translated: unknown[] = Array.isArray(value) ? value : []
      if (translated.length !== entries.length)
        return [
          `${where} has ${translated.length} in Spanish and ${entries.length} in English: add or remove Spanish entries so each one sits beside its English entry`,
        ]
      return entries.flatMap((entry: unknown, i) =>
        problems(field.fields ?? {}, entry, translated[i], `${where} › ${i + 1}`),
      )
    })
  }

  /** The Spanish as the build wants it: translated fields only, where the English has them, no blanks. */
  const cleaned = (fields: TranslatedFields, english: unknown, spanish: unknown): Record<string, unknown> => {
    const en = isRecord(english) ? english : {}
    const es = isRecord(spanish) ? spanish : {}
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(fields)) {
      const field = fields[key]
      const value = es[key]
      if (!field || isBlank(en[key]) || isBlank(value)) continue
      if (field.kind === "text") {
        if (typeof value === "string") out[key] = value
      } else if (field.kind === "texts") {
        out[key] = texts(value)
      } else if (field.kind === "object") {
        const inner = cleaned(field.fields ?? {}, en[key], value)
        if (Object.keys(inner).length > 0) out[key] = inner
      } else {
        const entries = en[key]
        if (Array.isArray(entries) && Array.isArray(value))
          out[key] = value
            .slice(0, entries.length)
            .map((entry: unknown, i) => cleaned(field.fields ?? {}, entries[i], entry))
      }
    }
    return out
  }

  /** `value` with each object's keys in the fields' order (keys of no field last, as they were). */
  const ordered = (value: unknown, order: FieldOrder): unknown => {
    if (Array.isArray(value)) return value.map((item: unknown) => ordered(item, order))
    if (!isRecord(value)) return value
    const keys = Object.keys(order).filter((key) => key in value)
    const rest = Object.keys(value).filter((key) => !(key in order))
    const out: Record<string, unknown> = {}
    for (const key of keys) out[key] = ordered(value[key], order[key] ?? {})
    for (const key of rest) out[key] = value[key]
    return out
  }

  const dump = (data: unknown) => yaml.dump(data, { lineWidth: 120, noRefs: true, skipInvalid: true })

  const format: TranslatedFormat = {
    fromFile(content) {
      const data = yaml.load(content) ?? {}
      if (isRecord(data)) withTypes(data.en, data.es)
      return data
    },
    // Decap also writes one language alone (its local backups of a draft): only a file of both is checked.
    toFile(data, sortedKeys = []) {
      const file = map[sortedKeys.join(",")]
      if (!file || !isRecord(data) || !isRecord(data.en)) return dump(data)
      const found = problems(file.translated, data.en, data.es, "")
      if (found.length > 0)
        throw new Error(
          `the Spanish (ES) is not complete: ${found.join("; ")}. Fill it in on the ES side, then publish again.`,
        )
      const spanish = cleaned(file.translated, data.en, data.es)
      return dump({ en: ordered(data.en, file.order), es: ordered(spanish, file.order) })
    },
  }
  const editor = cms as
    { registerCustomFormat?: (name: string, extension: string, format: TranslatedFormat) => void } | undefined
  editor?.registerCustomFormat?.(name, "yaml", format)
  return format
}

// The site's own js-yaml (a pinned dependency): resolved from the project, as Gatsby runs there (admin-files.ts).
const jsYamlDir = () =>
  path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("js-yaml/package.json"))

/** js-yaml's browser file (it sets window.jsyaml), with its licence line. */
export function jsYamlScript(): string {
  const dir = jsYamlDir()
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }
  const code = fs.readFileSync(path.join(dir, "dist", "js-yaml.min.js"), "utf8")
  return `/*! js-yaml ${version} | (c) Vitaly Puzrin | MIT License | github.com/nodeca/js-yaml */\n${code.trim()}\n`
}

/** The script's part that registers the format (`__name`: see blankFieldsScript), after js-yaml's. */
export const translatedFormatScript = (map: TranslationMap, typeKeys: readonly string[]) =>
  `var __name = function (fn) { return fn };\n(${registerTranslatedFormat.toString()})(${JSON.stringify(
    TRANSLATED_FORMAT,
  )}, ${JSON.stringify(map)}, ${JSON.stringify(typeKeys)}, window.jsyaml, window.CMS);\n`
