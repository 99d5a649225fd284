/** Every Spanish text says a pest or a service as data/glossary.yaml does, wherever its English names it. */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { glossarySchema } from "../../gatsby/data-schemas/glossary"
import { isTranslated, languagesOf } from "../../gatsby/i18n/data-file"
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
const companyName = (languagesOf(read("site.yaml")).en as { name: string }).name
const withoutName = (text: string) => text.replaceAll(companyName, "")

const pairs = dataFiles()
  .filter(isTranslated)
  .flatMap((file) => {
    const kind = findDataFileKind(file)
    const { en, es } = languagesOf(read(file))
    return kind ? textPairs(kind.schema, en, es).map((pair) => ({ file, ...pair })) : []
  })

describe("the Spanish glossary", () => {
  it("finds texts to check in every translated file", () => {
    expect(new Set(pairs.map((pair) => pair.file)).size).toBe(dataFiles().filter(isTranslated).length)
  })

  it.each(terms.map((term) => [term.en.join(" / "), term] as const))("says %s one way", (_name, term) => {
    const english = wordsPattern(term.en)
    const spanish = wordsPattern(term.es)
    const astray = pairs
      .filter((pair) => english.test(withoutName(pair.english)) && !spanish.test(pair.translated))
      .map((pair) => `data/${pair.file} es.${pair.field}: "${pair.translated}" (should say ${term.es.join(" or ")})`)
    expect(astray).toEqual([])
  })
})
