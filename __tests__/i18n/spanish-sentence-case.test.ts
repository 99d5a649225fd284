/**
 * Sentence case in Spanish headings, titles, buttons, badges, labels and subjects (docs/spanish.md): only the
 * first word of a sentence and names take a capital. The names come from the data itself: every value written
 * once (fixedText: the company, towns, testimonial names), every translated text kept as its English when it is
 * written in mixed case (plan and brand names: EZ-One, C•ARE+, Quick-Knock), the glossary's terms that are
 * the same in both languages; only what the data cannot say is in spanish-names.txt.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { glossarySchema } from "../../gatsby/data-schemas/glossary"
import { isRecord } from "../../gatsby/data-problem"
import { isTranslated, languagesOf } from "../../gatsby/i18n/data-file"
import { textPairs } from "../../gatsby/i18n/translations"
import { DEFAULT_LANGUAGE } from "../../supabase/functions/_shared/kernel/languages"
import { dataFiles } from "../fixtures/data"

const DATA = path.join(__dirname, "..", "..", "data")
const read = (file: string): unknown => load(fs.readFileSync(path.join(DATA, file), "utf8"))

/**
 * The fields that name or head something rather than say a sentence, by their schema name: `heading`,
 * `title`, `name`, `badge`, `label`, `legend`, `eyebrow`, `subject` and any `…Heading`, `…Title`, `…Label`,
 * `…Name`, `…Subject` (submitLabel, offerName, stepTitles, emailSubject), and the entries of a `…Labels` group.
 */
const HEADING_FIELD = /(?:^|[a-z])(?:heading|title|name|badge|label|legend|eyebrow|subject)s?$/i
const LABELS_GROUP = /Labels$/
export const isHeadingField = (field: string): boolean => {
  const keys = field.split(/[.[\]]+/).filter((key) => key !== "" && !/^\d+$/.test(key))
  const last = keys.at(-1) ?? ""
  return HEADING_FIELD.test(last) || LABELS_GROUP.test(keys.at(-2) ?? "")
}

/** A word written in mixed case with a capital first letter ("Inicial"); all-caps badges and brands are left. */
const CAPITALIZED = /^\p{Lu}[\p{L}\p{M}'’-]*\p{Ll}/u
/** Where a new sentence (or a title's new part) begins: a capital may follow. */
const SENTENCE_BREAK = /(?:[.!?|—–]\s+|\n)/u

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * The words of `text` capitalized where Spanish writes them in lower case: not the first word of a sentence
 * or of a title's part (after "|", "—"), not inside one of `names`, not a {placeholder} or `code`, not a
 * scientific name in parentheses.
 */
export function titleCaseWords(text: string, names: readonly string[]): string[] {
  const longestFirst = [...names].sort((a, b) => b.length - a.length)
  const pattern = longestFirst.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${longestFirst.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "gu")
    : undefined
  // A name, a placeholder or code stands as one lower-case word, so the word after it is not a sentence's first.
  const plain = (pattern ? text.replace(pattern, "x") : text).replace(/\{[^}]*\}|`[^`]*`/g, "x")
  return plain.split(SENTENCE_BREAK).flatMap((sentence) => {
    // A word opening a parenthesis may be a scientific name ("(Ctenocephalides felis)").
    return sentence
      .split(/\s+/)
      .filter((word) => word !== "")
      .slice(1)
      .filter((word) => !word.startsWith("("))
      .map((word) => word.replace(/^[¿¡"“«]+/u, "").replace(/[^\p{L}\p{M}'’-]+$/u, ""))
      .filter((word) => CAPITALIZED.test(word))
  })
}

/** Every string of `value` outside the `texts` fields (the values written once), by field path. */
const fixedValues = (value: unknown, texts: ReadonlySet<string>, at = ""): string[] => {
  if (typeof value === "string") return texts.has(at) ? [] : [value]
  if (Array.isArray(value)) return value.flatMap((item, i) => fixedValues(item, texts, `${at}[${i}]`))
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => fixedValues(item, texts, at ? `${at}.${key}` : key))
  return []
}

const files = dataFiles()
  .filter(isTranslated)
  .flatMap((file) => {
    const kind = findDataFileKind(file)
    const sections = languagesOf(read(file))
    if (!kind) return []
    const pairs = textPairs(kind.schema, sections[DEFAULT_LANGUAGE], sections.es)
    const fixed = fixedValues(sections[DEFAULT_LANGUAGE], new Set(pairs.map((pair) => pair.field)))
    return [{ file, pairs, fixed }]
  })

const { terms } = glossarySchema.validateSync(read("glossary.yaml"), { strict: true })
const ALLOWED = fs
  .readFileSync(path.join(__dirname, "spanish-names.txt"), "utf8")
  .split("\n")
  .map((line) => line.replace(/#.*/, "").trim())
  .filter((line) => line !== "")

/** A name keeps a capital inside it (EZ-One, Quick-Knock): a plain word kept as its English ("Mosquitos") is not one. */
const isBrandLike = (text: string) => /^\S+(?:[\s-]\S+)*$/u.test(text) && /.\p{Lu}/u.test(text)

const NAMES = [
  ...new Set([
    ...files.flatMap(({ fixed }) => fixed.filter((value) => /\p{Lu}/u.test(value))),
    ...files.flatMap(({ pairs }) =>
      pairs.filter((pair) => pair.translated === pair.english && isBrandLike(pair.english)).map((pair) => pair.english),
    ),
    ...terms.flatMap((term) => term.es.filter((form) => term[DEFAULT_LANGUAGE].includes(form))),
    ...ALLOWED,
  ]),
]

describe("sentence case in Spanish headings, titles, buttons and labels", () => {
  test.each([
    ["Visita Inicial en Scarsdale por {price}", ["Inicial"]],
    ["Control de Plagas Exprés", ["Plagas", "Exprés"]],
    ["Control de plagas en Scarsdale: Visita Inicial, {price}", ["Visita", "Inicial"]],
    ["¿Listo para un Hogar libre de plagas?", ["Hogar"]],
  ])("finds %p", (text, words) => {
    expect(titleCaseWords(text, NAMES)).toEqual(words)
  })

  test.each([
    "Visita inicial en Scarsdale por {price}",
    "Control de plagas exprés por {price} en Yonkers, NY | Westchester Family Pest Control",
    "Servicio QUICK-KNOCK el mismo día",
    "MÁS POPULAR",
    "Plan C•ARE+",
    "Tratamiento EZ-One",
    "Pulga del gato (Ctenocephalides felis)",
    "¡Gracias! Su visita de {price} está reservada",
    "Lo que dicen sus vecinos de New Rochelle",
  ])("lets %p pass", (text) => {
    expect(titleCaseWords(text, NAMES)).toEqual([])
  })

  test.each([
    ["hero.heading", true],
    ["sections[2].steps[0].title", true],
    ["form.submitLabel", true],
    ["offerName", true],
    ["stepTitles", true],
    ["appointments.emailSubject", true],
    ["reviewLabels.propertyType", true],
    ["hero.intro", false],
    ["faq.items[0].answer", false],
  ])("reads %p as a heading-like field: %p", (field, heading) => {
    expect(isHeadingField(field)).toBe(heading)
  })

  test("takes its names from the data: the company, the towns, the plans, the brands", () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(["Westchester Family Pest Control", "White Plains", "EZ-One", "C•ARE", "QUICK-KNOCK"]),
    )
  })

  test("holds in every Spanish heading-like text of data/, named by file and field", () => {
    const broken = files.flatMap(({ file, pairs }) =>
      pairs
        .filter((pair) => isHeadingField(pair.field))
        .flatMap(({ field, translated }) => {
          const words = titleCaseWords(translated, NAMES)
          return words.length ? [`data/${file} es.${field}: "${translated}": lower-case ${words.join(", ")}`] : []
        }),
    )
    expect(broken).toEqual([])
  })
})
