/**
 * Every translated text (Spanish, and each other language) says a pest or a service as data/glossary.yaml does,
 * wherever its English names it, and never with one of the words the glossary says to avoid for it.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { glossarySchema } from "../../gatsby/data-schemas/glossary"
import { isTranslated, languagesOf, TRANSLATIONS } from "../../gatsby/i18n/data-file"
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES } from "../../supabase/functions/_shared/kernel/languages"
import { textPairs } from "../../gatsby/i18n/translations"
import { dataFiles } from "../fixtures/data"

const DATA = path.join(__dirname, "..", "..", "data")
const read = (file: string): unknown => load(fs.readFileSync(path.join(DATA, file), "utf8"))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** Any of the forms as a whole word: "ant" is not in "pleasant", "rat" not in "rates". */
const wordsPattern = (forms: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "iu")

/** The words of `text` that `avoid` lists, as written in the text. */
export const avoidedWords = (text: string, avoid: readonly string[]): string[] => {
  if (avoid.length === 0) return []
  const pattern = new RegExp(wordsPattern(avoid).source, "giu")
  return [...text.matchAll(pattern)].map((match) => match[0])
}

const { terms } = glossarySchema.validateSync(read("glossary.yaml"), { strict: true })
/** The company's name says "Pest Control" in every language: it is not the term. */
const companyName = (languagesOf(read("site.yaml"))[DEFAULT_LANGUAGE] as { name: string }).name
const withoutName = (text: string) => text.replaceAll(companyName, "")

const pairs = dataFiles()
  .filter(isTranslated)
  .flatMap((file) => {
    const kind = findDataFileKind(file)
    const sections = languagesOf(read(file))
    return TRANSLATIONS.flatMap((language) =>
      kind
        ? textPairs(kind.schema, sections[DEFAULT_LANGUAGE], sections[language]).map((pair) => ({
            file,
            language,
            ...pair,
          }))
        : [],
    )
  })

describe("the words to avoid", () => {
  test.each([
    ["Horario de atención", ["horario de atención"], ["Horario de atención"]],
    ["Tratamiento rápido de choque", ["rápido de choque"], ["rápido de choque"]],
    ["su visita inicial (un valor de {regularValue})", ["un valor de", "valor de {regularValue}"], ["un valor de"]],
  ])("finds %p", (text, avoid, found) => {
    expect(avoidedWords(text, avoid)).toEqual(found)
  })

  test.each([
    ["Horario de oficina", ["horario de atención"]],
    ["prestar atención y horario", ["horario de atención"]],
    ["Tratamiento de choque rápido", ["rápido de choque"]],
    ["Precio normal {regularValue}", ["valor de {regularValue}"]],
  ])("lets %p pass", (text, avoid) => {
    expect(avoidedWords(text, avoid)).toEqual([])
  })

  test("are listed for some terms, each in a language of the glossary", () => {
    expect(terms.filter((term) => term.avoid?.es).length).toBeGreaterThan(0)
  })
})

describe.each(TRANSLATIONS.map((language) => [LANGUAGE_NAMES[language], language] as const))(
  "the %s glossary",
  (_name, language) => {
    const inLanguage = pairs.filter((pair) => pair.language === language)

    it("finds texts to check in every translated file", () => {
      expect(new Set(inLanguage.map((pair) => pair.file)).size).toBe(dataFiles().filter(isTranslated).length)
    })

    it.each(terms.map((term) => [term[DEFAULT_LANGUAGE].join(" / "), term] as const))(
      "says %s one way",
      (_term, term) => {
        const english = wordsPattern(term[DEFAULT_LANGUAGE])
        const translated = wordsPattern(term[language])
        const astray = inLanguage
          .filter((pair) => english.test(withoutName(pair.english)) && !translated.test(pair.translated))
          .map(
            (pair) =>
              `data/${pair.file} ${language}.${pair.field}: "${pair.translated}" (should say ${term[language].join(" or ")})`,
          )
        expect(astray).toEqual([])
      },
    )

    it.each(
      terms.flatMap((term) => {
        const avoid = term.avoid?.[language] ?? []
        return avoid.length ? [[term[language].join(" / "), avoid] as const] : []
      }),
    )("never says %s another way", (_term, avoid) => {
      const astray = inLanguage.flatMap((pair) => {
        const words = avoidedWords(pair.translated, avoid)
        return words.length
          ? [`data/${pair.file} ${language}.${pair.field}: "${pair.translated}" (says ${words.join(", ")})`]
          : []
      })
      expect(astray).toEqual([])
    })
  },
)
