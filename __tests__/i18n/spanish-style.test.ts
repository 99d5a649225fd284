/** The Spanish style sheet (docs/spanish.md) where a machine can hold it, over every es: text of data/. */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { isTranslated, languagesOf } from "../../gatsby/i18n/data-file"
import { textPairs } from "../../gatsby/i18n/translations"
import { DEFAULT_LANGUAGE } from "../../supabase/functions/_shared/kernel/languages"
import { dataFiles } from "../fixtures/data"

/** Each rule: what it finds, and what the style sheet says instead. */
const RULES: ReadonlyArray<{ name: string; finds: RegExp; instead: string }> = [
  { name: "a.m./p.m. without es-US spacing", finds: /\b[ap]\.m\./iu, instead: '"8:00 a. m."' },
  {
    name: "an English-style time",
    finds: /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/iu,
    instead: '"antes del mediodía", "8:00 a. m."',
  },
  {
    name: "noon written as a time",
    finds: /\b(?:antes|después|a partir) de las 12(?::00)? ?(?:p\. ?m\.|pm)/iu,
    instead: '"antes del mediodía", "después del mediodía"',
  },
  {
    name: 'a badge or title that opens with "Seguro para" (read as insurance)',
    finds: /^Seguros? para\b/u,
    instead: '"Sin riesgo para mascotas y niños"',
  },
  {
    // A window's label opens with its abbreviated day ("mar, 8 de dic"): "el mar" reads "the sea".
    name: "a window after a bare article",
    finds: /\b(?:el|del|al) \{window\}/u,
    instead: '"en el horario {window}"',
  },
  { name: "a doubled period", finds: /(?<!\.)\.\.(?!\.)/u, instead: "one period (an ellipsis is three)" },
  { name: "a plus sign between words", finds: /\p{L} \+ \p{L}/u, instead: '"y" or "e"' },
]

/** The rules a text breaks, by name. */
export const brokenRules = (text: string): string[] =>
  RULES.filter((rule) => rule.finds.test(text)).map((rule) => `${rule.name} (say ${rule.instead})`)

const DATA = path.join(__dirname, "..", "..", "data")
const spanishTexts = dataFiles()
  .filter(isTranslated)
  .flatMap((file) => {
    const kind = findDataFileKind(file)
    const sections = languagesOf(load(fs.readFileSync(path.join(DATA, file), "utf8")))
    return kind
      ? textPairs(kind.schema, sections[DEFAULT_LANGUAGE], sections.es).map((pair) => ({ file, ...pair }))
      : []
  })

describe("the Spanish style sheet", () => {
  test.each([
    ["antes de las 12pm", "an English-style time"],
    ["a las 8:00 a.m.", "a.m./p.m. without es-US spacing"],
    ["11:00 a. m.. Le confirmaremos", "a doubled period"],
    ["Tratamiento + inspección", "a plus sign between words"],
    ["Llame antes de las 12 p. m., de lunes a sábado", "noon written as a time"],
    ["Las llamadas después de las 12 p. m.", "noon written as a time"],
    ["Seguro para mascotas y niños", "Seguro para"],
    ["le reservamos su visita de {price} para el {window}", "a window after a bare article"],
  ])("finds %p", (text, rule) => {
    expect(brokenRules(text).join()).toContain(rule)
  })

  test.each([
    "8:00 a. m. – 6:00 p. m.",
    "Enviando...",
    "antes del mediodía",
    "Tratamiento e inspección",
    "+$75",
    "jue, 26 de nov, de 12:00 p. m. a 2:00 p. m.",
    "Sin riesgo para mascotas y niños",
    "nuestro técnico llegará en el horario {window}",
    "Productos de baja toxicidad, seguros para mascotas y niños",
  ])("lets %p pass", (text) => {
    expect(brokenRules(text)).toEqual([])
  })

  test("reads every translated file's Spanish", () => {
    expect(new Set(spanishTexts.map((pair) => pair.file)).size).toBe(dataFiles().filter(isTranslated).length)
  })

  test("holds in every es: text of data/, named by file and field", () => {
    const broken = spanishTexts.flatMap(({ file, field, translated }) =>
      brokenRules(translated).map((rule) => `data/${file} es.${field}: "${translated}": ${rule}`),
    )
    expect(broken).toEqual([])
  })
})
