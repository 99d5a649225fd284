/** Every translated text (Spanish, and each other language) says a pest or a service as data/glossary.yaml does, wherever its English names it. */
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
  },
)
