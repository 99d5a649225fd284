/**
 * How the editor reads and writes a translated data file (`{ en: …, es: … }`, one section per language of
 * kernel/languages.ts: Decap's single_file i18n structure): a file format of our own, registered with Decap
 * (`CMS.registerCustomFormat`), because Decap alone would write a translation the build refuses and lets a
 * marketer publish one that is missing:
 *
 * - Decap validates the default locale only: publishing switches the form back to English and validates
 *   that pane (`handleOnPublish` in decap-cms-core's EditorInterface.js; decaporg/decap-cms#5112, #5653).
 *   So saving checks, in every translation, that every English text has its translation, that each list of
 *   entries has as many as in English, and each translated text's pattern; a gap stops the save and the
 *   editor says which language and field.
 * - Decap keeps what a translation's pane holds: "" for a field cleared there, the defaults of an entry added
 *   there (a switch's `false`, a section's `type`). Each translation written is its translated fields only,
 *   where the English has them, blanks left out: what gatsby/i18n/translations.ts accepts.
 * - A list with types (pest sections) needs each entry's `type` to show it, which a translation does not
 *   repeat: it is copied from the English entry when the file is read, and left out again when written.
 *
 * Every section is read and written in the order of the languages given (kernel/languages.ts's), so a
 * language added there is kept on save with no change here.
 *
 * The YAML is js-yaml's, the library the build reads the files with (its browser file is sent with the
 * admin's script, see editorFiles).
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
} from "../../supabase/functions/_shared/kernel/languages"
import type { FieldOrder, TranslatedFields, TranslationMap } from "./translation-map"

/** The name the collections' `format` gives (decap-config.ts). */
export const TRANSLATED_FORMAT = "translated-yaml"

/** What the format uses of js-yaml (window.jsyaml in the admin). */
export interface YamlLike {
  load: (text: string) => unknown
  dump: (value: unknown, options: Record<string, unknown>) => string
}

/** The languages a file holds, the default (English) first, each with its name in English for the editor's messages. */
export interface FormatLanguages {
  default: string
  translations: ReadonlyArray<{ code: string; name: string }>
}

/** The site's languages, as the format is given them (kernel/languages.ts). */
export const siteFormatLanguages = (): FormatLanguages => ({
  default: DEFAULT_LANGUAGE,
  translations: LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((code: Language) => ({
    code,
    name: LANGUAGE_NAMES[code],
  })),
})

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
  languages: FormatLanguages,
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

  /** A typed list's translated entries get their English entry's type back, so Decap can show them. */
  const withTypes = (english: unknown, translation: unknown): void => {
    if (Array.isArray(english) && Array.isArray(translation)) {
      translation.forEach((item: unknown, i) => {
        const source: unknown = english[i]
        if (!isRecord(item) || !isRecord(source)) return
        for (const key of typeKeys) if (typeof source[key] === "string" && !(key in item)) item[key] = source[key]
        withTypes(source, item)
      })
    } else if (isRecord(english) && isRecord(translation)) {
      for (const key of Object.keys(translation)) withTypes(english[key], translation[key])
    }
  }

  /** Why a translation (in language `name`) cannot be saved: a text missing or refused by its pattern, a list of another length. */
  const problems = (
    fields: TranslatedFields,
    english: unknown,
    translation: unknown,
    at: string,
    name: string,
  ): string[] => {
    const en = isRecord(english) ? english : {}
    const es = isRecord(translation) ? translation : {}
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
      if (field.kind === "object") return problems(field.fields ?? {}, en[key], value, where, name)
      const entries = en[key]
      if (!Array.isArray(entries)) return []
      const translated: unknown[] = Array.isArray(value) ? value : []
      if (translated.length !== entries.length)
        return [
          `${where} has ${translated.length} in ${name} and ${entries.length} in English: add or remove ${name} entries so each one sits beside its English entry`,
        ]
      return entries.flatMap((entry: unknown, i) =>
        problems(field.fields ?? {}, entry, translated[i], `${where} › ${i + 1}`, name),
      )
    })
  }

  /** A translation as the build wants it: translated fields only, where the English has them, no blanks. */
  const cleaned = (fields: TranslatedFields, english: unknown, translation: unknown): Record<string, unknown> => {
    const en = isRecord(english) ? english : {}
    const es = isRecord(translation) ? translation : {}
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

  const main = languages.default
  const format: TranslatedFormat = {
    fromFile(content) {
      const data = yaml.load(content) ?? {}
      if (isRecord(data)) for (const { code } of languages.translations) withTypes(data[main], data[code])
      return data
    },
    // Decap also writes one language alone (its local backups of a draft): only a file by language is checked.
    toFile(data, sortedKeys = []) {
      const file = map[sortedKeys.join(",")]
      if (!file || !isRecord(data) || !isRecord(data[main])) return dump(data)
      const english = data[main]
      const gaps = languages.translations.flatMap(({ code, name }) => {
        const found = problems(file.translated, english, data[code], "", name)
        const side = code.toUpperCase()
        return found.length > 0
          ? [`the ${name} (${side}) is not complete: ${found.join("; ")}. Fill it in on the ${side} side`]
          : []
      })
      if (gaps.length > 0) throw new Error(`${gaps.join("; ")}, then publish again.`)
      const out: Record<string, unknown> = { [main]: ordered(english, file.order) }
      for (const { code } of languages.translations)
        out[code] = ordered(cleaned(file.translated, english, data[code]), file.order)
      return dump(out)
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
export const translatedFormatScript = (
  map: TranslationMap,
  typeKeys: readonly string[],
  languages: FormatLanguages = siteFormatLanguages(),
) =>
  `var __name = function (fn) { return fn };\n(${registerTranslatedFormat.toString()})(${JSON.stringify(
    TRANSLATED_FORMAT,
  )}, ${JSON.stringify(map)}, ${JSON.stringify(typeKeys)}, ${JSON.stringify(languages)}, window.jsyaml, window.CMS);\n`
