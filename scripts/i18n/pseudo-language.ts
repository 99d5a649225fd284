/**
 * A made-up third language added to a throwaway copy of the project (scripts/scratch-project.ts) the way a
 * developer adds a real one (docs/languages.md): its code in kernel/languages.ts's LANGUAGES, its line in
 * LANGUAGE_FORMS, and its section in every translated data file, with texts derived from
 * the English mechanically (pseudo-localisation: upper case, so every page shows which texts came through).
 * The shipping site never has it: only the copy is changed. e2e/third-language-build.test.ts builds such a
 * copy and checks that every page exists in every language.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { dump, load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { isRecord } from "../../gatsby/data-problem"
import { isTranslated, languagesOf } from "../../gatsby/i18n/data-file"
import { textsOf } from "../../gatsby/i18n/translations"
import { DEFAULT_LANGUAGE } from "../../supabase/functions/_shared/kernel/languages"

/** The pseudo-language: a code no real language has (ISO 639 leaves qaa–qtz for private use; "xx" is no code). */
export const PSEUDO = {
  code: "xx",
  tag: "en-XA",
  ogLocale: "en_XA",
  prefix: "/xx",
  dayPeriods: ["AM", "PM"],
  name: "Pseudo",
} as const

/**
 * An English text in the pseudo-language: upper case, except its `{placeholders}` and what is an address
 * (a slug such as "bed-bugs", a route such as "/services"), kept as written so the routes stay valid and
 * different by the language's prefix. Upper case keeps every length, pattern and SMS character of a field.
 */
export const pseudoText = (english: string): string =>
  /^\/|^[a-z0-9-]+$/.test(english)
    ? english
    : english
        .split(/(\{[^}]*\})/)
        .map((part) => (part.startsWith("{") ? part : part.toUpperCase()))
        .join("")

const pseudoOf = (value: unknown): unknown => {
  if (typeof value === "string") return pseudoText(value)
  if (Array.isArray(value)) return value.map(pseudoOf)
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudoOf(inner)]))
  return value
}

/** The pseudo-language's section of a translated data file: its English texts, in the same places, pseudo-localised. */
export const pseudoSection = (file: string, raw: unknown): unknown => {
  const kind = findDataFileKind(file)
  return kind ? pseudoOf(textsOf(kind.schema, languagesOf(raw)[DEFAULT_LANGUAGE])) : undefined
}

const replaceOnce = (text: string, from: RegExp, to: (match: string) => string, what: string) => {
  if (!from.test(text))
    throw new Error(`kernel/languages.ts no longer has ${what}: update scripts/i18n/pseudo-language.ts`)
  return text.replace(from, to)
}

/** kernel/languages.ts with the pseudo-language added: one code in LANGUAGES, its line of LANGUAGE_FORMS and its name. */
export function withPseudoLanguage(source: string): string {
  const { code, tag, ogLocale, prefix, dayPeriods, name } = PSEUDO
  const forms = `  ${code}: { tag: "${tag}", ogLocale: "${ogLocale}", prefix: "${prefix}", dayPeriods: ${JSON.stringify(dayPeriods)} },`
  const withCode = replaceOnce(source, /export const LANGUAGES = \[[^\]]*/, (m) => `${m}, "${code}"`, "LANGUAGES")
  const withForms = replaceOnce(
    withCode,
    /export const LANGUAGE_FORMS[^=]*= \{\n[\s\S]*?\n\}/,
    (m) => m.replace(/\n\}$/, `\n${forms}\n}`),
    "LANGUAGE_FORMS",
  )
  return replaceOnce(
    withForms,
    /export const LANGUAGE_NAMES[^=]*= \{[^}]*/,
    (m) => `${m.trimEnd()}, ${code}: "${name}" `,
    "LANGUAGE_NAMES",
  )
}

const yamlFiles = (dir: string, sub = ""): string[] =>
  fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
    const rel = sub ? `${sub}/${entry.name}` : entry.name
    return entry.isDirectory() ? yamlFiles(dir, rel) : /\.ya?ml$/.test(entry.name) ? [rel] : []
  })

/**
 * `npm run generate:backend-data` in the copy, with the copy's own kernel: the functions' copy of the data
 * gets the new language. A bare `gatsby build` writes it too (onPreInit), but only after Gatsby has loaded
 * gatsby-node, whose kernel reads that copy for every language of LANGUAGES (kernel/consent.ts).
 */
function generateBackendData(dir: string) {
  const script = path.join(dir, "generate-backend-data.ts")
  fs.writeFileSync(script, 'import { writeBackendData } from "./gatsby/backend-data"\nwriteBackendData()\n')
  const result = spawnSync(process.execPath, [require.resolve("tsx/cli"), script], { cwd: dir, encoding: "utf8" })
  fs.rmSync(script)
  if (result.status !== 0) throw new Error(`generating the functions' data failed:\n${result.stderr}`)
}

/**
 * Adds the pseudo-language to a copy of the project at `dir`: the kernel's declaration, a section in every
 * translated data file, its forms in the glossary and its name among the office's language names (the data
 * a real language writes by hand), then the functions' copy of the data. Returns the data files it wrote a
 * section into.
 */
export function addPseudoLanguage(dir: string): string[] {
  const kernel = path.join(dir, "supabase/functions/_shared/kernel/languages.ts")
  fs.writeFileSync(kernel, withPseudoLanguage(fs.readFileSync(kernel, "utf8")))
  const dataDir = path.join(dir, "data")
  const write = (file: string, raw: unknown) =>
    fs.writeFileSync(path.join(dataDir, file), dump(raw, { lineWidth: 120, noRefs: true }))
  const read = (file: string): unknown => load(fs.readFileSync(path.join(dataDir, file), "utf8"))

  const translated = yamlFiles(dataDir).filter(isTranslated)
  for (const file of translated) {
    const raw = read(file)
    if (isRecord(raw)) write(file, { ...raw, [PSEUDO.code]: pseudoSection(file, raw) })
  }
  const glossary = read("glossary.yaml")
  if (isRecord(glossary) && Array.isArray(glossary.terms))
    write("glossary.yaml", {
      ...glossary,
      terms: glossary.terms.map((term: unknown) =>
        isRecord(term) && Array.isArray(term[DEFAULT_LANGUAGE])
          ? { ...term, [PSEUDO.code]: pseudoOf(term[DEFAULT_LANGUAGE]) }
          : term,
      ),
    })
  const messages = read("lead-messages.yaml")
  const alerts =
    isRecord(messages) && isRecord(messages[DEFAULT_LANGUAGE]) ? messages[DEFAULT_LANGUAGE].officeAlerts : undefined
  if (isRecord(messages) && isRecord(alerts) && isRecord(alerts.languageNames)) {
    alerts.languageNames = { ...alerts.languageNames, [PSEUDO.code]: PSEUDO.name }
    write("lead-messages.yaml", messages)
  }
  // Every language's switch tells a screen reader, in its own words, which language each other version is in.
  const navigation = read("navigation.yaml")
  if (isRecord(navigation)) {
    for (const section of Object.values(navigation)) {
      const notes = isRecord(section) && isRecord(section.languageSwitch) ? section.languageSwitch.versionNotes : null
      if (isRecord(notes) && typeof notes[DEFAULT_LANGUAGE] === "string")
        notes[PSEUDO.code] = pseudoText(notes[DEFAULT_LANGUAGE].replace("English", PSEUDO.name))
    }
    write("navigation.yaml", navigation)
  }
  generateBackendData(dir)
  return translated
}
