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
 * A save changes the file in place: a one-field edit is a one-line diff, and the file keeps its layout, key
 * order, quoting, comments and blank lines (see `inPlace`). A new file is written whole.
 *
 * The data is js-yaml's, the library the build reads the files with; where each value's text is in the file
 * is the `yaml` package's parser's (both browser files are sent with the admin's script, see editorFiles).
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { buildSync } from "esbuild"
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
} from "../../supabase/functions/_shared/kernel/languages"
import type { FieldOrder, TranslatedFields, TranslationMap } from "./translation-map"

/** The name the collections' `format` gives (decap-config.ts). */
export const TRANSLATED_FORMAT = "translated-yaml"

/** What the format uses of js-yaml (window.jsyaml in the admin) and of the `yaml` package (window.YAML). */
export interface YamlLibraries {
  load: (text: string) => unknown
  dump: (value: unknown, options?: Record<string, unknown>) => string
  /** The `yaml` package's parser (version 1): each value's node with its place in the text (`range`). */
  parseDocument: (text: string) => { contents: unknown; errors: readonly unknown[] }
}

/** What the format reads of a node of `parseDocument`: its kind, where its text is, its entries or key. */
interface YamlNode {
  type?: unknown
  range?: unknown
  items?: unknown
  key?: unknown
  value?: unknown
}

/** One change of a file's text: `from`–`to` replaced by `text` (an insertion when they are equal). */
interface TextEdit {
  from: number
  to: number
  text: string
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
  yaml: YamlLibraries,
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

  /** The same data, as js-yaml reads it (what a file holds, not how it is written). */
  const same = (a: unknown, b: unknown): boolean => {
    if (a === b) return true
    if (a instanceof Date || b instanceof Date)
      return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
    if (Array.isArray(a) || Array.isArray(b))
      return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x: unknown, i) => same(x, b[i]))
    if (!isRecord(a) || !isRecord(b)) return false
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]))
  }

  const isNode = (value: unknown): value is YamlNode => isRecord(value)
  /** A node's place in the text, [start, end). */
  const rangeOf = (node: YamlNode): [number, number] | undefined => {
    const range = node.range
    return Array.isArray(range) && typeof range[0] === "number" && typeof range[1] === "number"
      ? [range[0], range[1]]
      : undefined
  }
  const itemsOf = (node: YamlNode): unknown[] => (Array.isArray(node.items) ? node.items : [])

  /**
   * `original` changed to hold `target`, each changed value rewritten where it is and nothing else: what
   * `String(doc)` of the `yaml` package cannot do, as it writes every text again at its own line width (the
   * files' hand-wrapped paragraphs would all move). The smallest node that changed is rewritten: a text in its
   * own quoting on its line, a list in brackets on its line; an entry added or removed is its lines; what
   * cannot be changed in place (a text becoming a paragraph, a text becoming a list) is that key written anew.
   * Undefined when the text cannot be read as one document, or (never expected) does not read back as `target`.
   */
  const inPlace = (original: string, target: unknown): string | undefined => {
    const doc = yaml.parseDocument(original)
    if (doc.errors.length > 0 || !isNode(doc.contents)) return undefined
    const edits: TextEdit[] = []
    const lineStart = (at: number) => original.lastIndexOf("\n", at - 1) + 1
    const column = (at: number) => at - lineStart(at)
    /** Where the line holding `at` ends (after its line break), or `at` if only indentation comes before it. */
    const lineEnd = (at: number) => {
      let i = at
      while (i > 0 && original[i - 1] === " ") i--
      if (i === 0 || original[i - 1] === "\n") return i
      const next = original.indexOf("\n", at)
      return next === -1 ? original.length : next + 1
    }
    /** The end of a node's own text: the parser counts the line break and indentation after it in it. */
    const contentEnd = (start: number, end: number) => {
      let i = end
      while (i > start && /\s/.test(original.charAt(i - 1))) i--
      return i
    }
    const onlyIndentBefore = (at: number) => original.slice(lineStart(at), at).trim() === ""
    /** `value` as js-yaml writes it (as the whole file would be), its lines after the first indented by `by`. */
    const dumpAt = (value: unknown, by: number) =>
      yaml
        .dump(value, { lineWidth: Math.max(40, 120 - by), noRefs: true, skipInvalid: true })
        .replace(/\n$/, "")
        .split("\n")
        .map((line, i) => (i === 0 || line === "" ? line : " ".repeat(by) + line))
        .join("\n")
    const readsAs = (text: string, value: unknown) => {
      try {
        return same(yaml.load(text), value)
      } catch {
        return false
      }
    }
    /** A value on one line, quoted as the old one was (plain when it reads the same), if it fits on one. */
    const scalarText = (value: unknown, style: unknown, inFlow: boolean): string | undefined => {
      if (typeof value === "number" || typeof value === "boolean" || value === null) return yaml.dump(value).trim()
      if (typeof value !== "string" || value.includes("\n")) return undefined
      const single = `'${value.replace(/'/g, "''")}'`
      if (style === "QUOTE_DOUBLE") return JSON.stringify(value)
      if (style === "QUOTE_SINGLE") return single
      if (style !== "PLAIN") return undefined
      const plain = inFlow ? readsAs(`[${value}]`, [value]) : readsAs(`k: ${value}`, { k: value })
      return plain ? value : single
    }

    /** Makes the text of `node` (which says `was`) say `value`; false, with no edit, if it cannot in place. */
    const change = (node: YamlNode, was: unknown, value: unknown, inFlow: boolean): boolean => {
      if (same(was, value)) return true
      const mark = edits.length
      const done = changeNode(node, was, value, inFlow)
      if (!done) edits.length = mark
      return done
    }
    const changeNode = (node: YamlNode, was: unknown, value: unknown, inFlow: boolean): boolean => {
      const range = rangeOf(node)
      if (!range) return false
      if (node.type === "MAP") return isRecord(was) && isRecord(value) && changeMap(node, was, value)
      if (node.type === "SEQ") return Array.isArray(was) && Array.isArray(value) && changeList(node, was, value)
      const text =
        node.type === "FLOW_SEQ"
          ? Array.isArray(value)
            ? flowList(value)
            : undefined
          : scalarText(value, node.type, inFlow)
      if (text === undefined) return false
      edits.push({ from: range[0], to: range[1], text })
      return true
    }
    const flowList = (values: unknown[]) => {
      const items = values.map((item) => scalarText(item, "PLAIN", true))
      return items.every((item): item is string => item !== undefined) ? `[${items.join(", ")}]` : undefined
    }

    const changeMap = (node: YamlNode, was: Record<string, unknown>, value: Record<string, unknown>): boolean => {
      const pairs: Array<{ key: string; start: number; value: YamlNode; end: number }> = []
      for (const pair of itemsOf(node)) {
        if (!isNode(pair) || pair.type !== "PAIR" || !isNode(pair.key) || !isNode(pair.value)) return false
        const keyRange = rangeOf(pair.key)
        const valueRange = rangeOf(pair.value)
        if (!keyRange || !valueRange || typeof pair.key.value !== "string") return false
        pairs.push({ key: pair.key.value, start: keyRange[0], value: pair.value, end: valueRange[1] })
      }
      const first = pairs[0]
      const keys = pairs.map((pair) => pair.key)
      if (!first || !same([...keys].sort(), Object.keys(was).sort())) return false
      const keyColumn = column(first.start)
      for (const pair of pairs) {
        if (!(pair.key in value)) {
          if (!onlyIndentBefore(pair.start)) return false
          edits.push({ from: lineStart(pair.start), to: lineEnd(pair.end), text: "" })
        } else if (!change(pair.value, was[pair.key], value[pair.key], false)) {
          const text = dumpAt({ [pair.key]: value[pair.key] }, keyColumn)
          edits.push({ from: pair.start, to: contentEnd(pair.start, pair.end), text })
        }
      }
      // A key new to the file goes after the one before it in the fields' order (first if none is before it).
      const order = Object.keys(value)
      order.forEach((key, i) => {
        if (key in was) return
        const before = order
          .slice(0, i)
          .reverse()
          .find((other) => keys.includes(other))
        const after = pairs.find((pair) => pair.key === before)
        const at = after
          ? lineEnd(after.end)
          : onlyIndentBefore(first.start)
            ? lineStart(first.start)
            : lineEnd(first.end)
        const text = `${" ".repeat(keyColumn)}${dumpAt({ [key]: value[key] }, keyColumn)}\n`
        edits.push({ from: at, to: at, text: at === original.length && !original.endsWith("\n") ? `\n${text}` : text })
      })
      return true
    }

    const changeList = (node: YamlNode, was: unknown[], value: unknown[]): boolean => {
      const items: Array<{ node: YamlNode; dash: number; end: number }> = []
      for (const item of itemsOf(node)) {
        const range = isNode(item) ? rangeOf(item) : undefined
        if (!isNode(item) || !range) return false
        let dash = range[0]
        while (dash > 0 && original[dash - 1] === " ") dash--
        if (original[dash - 1] !== "-") return false
        items.push({ node: item, dash: dash - 1, end: range[1] })
      }
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last || items.length !== was.length) return false
      const dashColumn = column(first.dash)
      items.forEach((item, i) => {
        if (i >= value.length || change(item.node, was[i], value[i], false)) return
        edits.push({ from: item.dash, to: contentEnd(item.dash, item.end), text: dumpAt([value[i]], dashColumn) })
      })
      const gone = items[value.length]
      if (gone) {
        if (!onlyIndentBefore(gone.dash)) return false
        edits.push({ from: lineStart(gone.dash), to: lineEnd(last.end), text: "" })
      }
      if (value.length > items.length) {
        const at = lineEnd(last.end)
        edits.push({
          from: at,
          to: at,
          text: `${" ".repeat(dashColumn)}${dumpAt(value.slice(items.length), dashColumn)}\n`,
        })
      }
      return true
    }

    if (!change(doc.contents, yaml.load(original), target, false)) return undefined
    // From the end, so each edit's offsets still hold; at one offset, what is replaced before what is inserted,
    // and insertions in the order they were made.
    const ordered = edits.map((edit, i) => ({ edit, i }))
    ordered.sort((a, b) => b.edit.from - a.edit.from || b.edit.to - a.edit.to || b.i - a.i)
    const text = ordered.reduce((out, { edit }) => out.slice(0, edit.from) + edit.text + out.slice(edit.to), original)
    return readsAs(text, target) ? text : undefined
  }

  /**
   * The text each file was read from (or last written as), by the file it is: Decap gives `toFile` the entry's
   * data and fields only, not the text it was read from, so the format remembers it when reading. A file of a
   * collection of files is known by its fields (its map key), one of a folder by that and its identifier (its
   * key, set once: it names the file). A file read whose English has a field of none is not remembered; a new
   * entry has no text, and is written whole. Whichever text is taken, what is written reads as the entry's data.
   */
  const readTexts: Record<string, string> = {}
  const textKey = (fields: string, english: Record<string, unknown>): string | undefined => {
    const file = map[fields]
    if (!file || !Object.keys(english).every((key) => key in file.order)) return undefined
    if (file.identifier === undefined) return fields
    const id = english[file.identifier]
    return typeof id === "string" && id !== "" ? `${fields}\n${id}` : undefined
  }

  const main = languages.default
  const format: TranslatedFormat = {
    fromFile(content) {
      const data = yaml.load(content) ?? {}
      if (isRecord(data)) {
        const english = data[main]
        if (isRecord(english))
          for (const fields of Object.keys(map)) {
            const key = textKey(fields, english)
            if (key !== undefined) readTexts[key] = content
          }
        for (const { code } of languages.translations) withTypes(data[main], data[code])
      }
      return data
    },
    // Decap also writes one language alone (its local backups of a draft): only a file by language is checked.
    toFile(data, sortedKeys = []) {
      const fields = sortedKeys.join(",")
      const file = map[fields]
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
      const whole = dump(out)
      const key = textKey(fields, english)
      const original = key === undefined ? undefined : readTexts[key]
      // The data as the whole file would hold it (js-yaml's reading of its own writing: no undefined, no blanks).
      const written = (original !== undefined && inPlace(original, yaml.load(whole))) || whole
      if (key !== undefined) readTexts[key] = written
      return written
    },
  }
  const editor = cms as
    { registerCustomFormat?: (name: string, extension: string, format: TranslatedFormat) => void } | undefined
  editor?.registerCustomFormat?.(name, "yaml", format)
  return format
}

// The site's own js-yaml and yaml (pinned dependencies): resolved from the project, as Gatsby runs there
// (admin-files.ts).
const packageDir = (specifier: string) =>
  path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve(specifier))
const versionOf = (dir: string) => {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))
  const version = isObject(manifest) && typeof manifest.version === "string" ? manifest.version : ""
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`${dir}/package.json has no version: reinstall with npm install`)
  return version
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** js-yaml's browser file (it sets window.jsyaml), with its licence line. */
export function jsYamlScript(): string {
  const dir = packageDir("js-yaml/package.json")
  const code = fs.readFileSync(path.join(dir, "dist", "js-yaml.min.js"), "utf8")
  return `/*! js-yaml ${versionOf(dir)} | (c) Vitaly Puzrin | MIT License | github.com/nodeca/js-yaml */\n${code.trim()}\n`
}

let yamlBundle: { version: string; script: string } | undefined

/**
 * The `yaml` package's parser for the browser (it sets window.YAML): the package ships its browser build as
 * modules, so it is bundled into one classic script, as the lead service worker is (lead-sync-worker.ts).
 * Made once per version (the develop server asks for the admin's files on every load).
 */
export function yamlParserScript(): string {
  // Its exports map has no package.json: its main file sits beside it.
  const dir = packageDir("yaml")
  const version = versionOf(dir)
  if (yamlBundle?.version !== version) {
    const { outputFiles } = buildSync({
      stdin: { contents: 'export { parseDocument } from "yaml"', resolveDir: process.cwd(), loader: "js" },
      bundle: true,
      write: false,
      minify: true,
      format: "iife",
      globalName: "YAML",
      platform: "browser",
      target: "chrome100",
      legalComments: "none",
      logLevel: "warning",
    })
    const code = outputFiles.map((file) => file.text).join("")
    yamlBundle = {
      version,
      script: `/*! yaml ${version} | (c) Eemeli Aro | ISC License | github.com/eemeli/yaml */\n${code.trim()}\n`,
    }
  }
  return yamlBundle.script
}

/** The two libraries' browser files, which the format's script uses (window.jsyaml, window.YAML). */
export const yamlLibrariesScript = () => `${jsYamlScript()}${yamlParserScript()}`

/** The script's part that registers the format (`__name`: see blankFieldsScript), after the libraries'. */
export const translatedFormatScript = (
  map: TranslationMap,
  typeKeys: readonly string[],
  languages: FormatLanguages = siteFormatLanguages(),
) =>
  `var __name = function (fn) { return fn };\n(${registerTranslatedFormat.toString()})(${JSON.stringify(
    TRANSLATED_FORMAT,
  )}, ${JSON.stringify(map)}, ${JSON.stringify(typeKeys)}, ${JSON.stringify(
    languages,
  )}, { load: window.jsyaml.load, dump: window.jsyaml.dump, parseDocument: window.YAML.parseDocument }, window.CMS);\n`
