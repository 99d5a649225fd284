/** @jest-environment node */
/**
 * The editor reads and writes a translated data file through the admin's own format (translated-format.ts),
 * tested here as the browser gets it: the admin's whole script (js-yaml's browser file included) run with a
 * stand-in for Decap's CMS global, its format called as Decap calls it (`toFile(data, fieldsOrder)`).
 */
import fs from "node:fs"
import path from "node:path"
import vm from "node:vm"
import { dump, load } from "js-yaml"
import type { CmsField } from "../gatsby/cms/cms-fields"
import { cmsSettingsFrom, decapConfig, editorFiles } from "../gatsby/cms/decap-config"
import {
  siteFormatLanguages,
  TRANSLATED_FORMAT,
  translatedFormatScript,
  type FormatLanguages,
  type TranslatedFormat,
  yamlLibrariesScript,
} from "../gatsby/cms/translated-format"
import { translationMapOf, typeKeysOf } from "../gatsby/cms/translation-map"
import { pseudoSection, PSEUDO } from "../scripts/i18n/pseudo-language"
import { isTranslated } from "../gatsby/i18n/data-file"
import { validateDataFile, validateLanguages } from "../gatsby/validate-data"

const config = decapConfig(cmsSettingsFrom({}))

/** Runs the admin's script as the page does, after Decap's bundle, and returns the format it registers. */
function loadFormat(): TranslatedFormat {
  const formats: Record<string, TranslatedFormat> = {}
  const CMS = {
    registerCustomFormat: (name: string, _extension: string, format: TranslatedFormat) => (formats[name] = format),
    registerWidget: () => undefined,
    registerEventListener: () => undefined,
  }
  const context = vm.createContext({ CMS, h: () => null, createClass: (spec: unknown) => spec })
  context.window = context
  vm.runInContext(editorFiles(cmsSettingsFrom({})).script, context)
  const format = formats[TRANSLATED_FORMAT]
  if (!format) throw new Error(`the script registered no ${TRANSLATED_FORMAT} format`)
  return format
}
const format = loadFormat()

/** The editor fields of a data file (relative to data/), as the configuration lists them. */
function fieldsFor(file: string): CmsField[] {
  for (const collection of config.collections) {
    if ("folder" in collection && path.dirname(`data/${file}`) === collection.folder) return collection.fields
    if ("files" in collection)
      for (const entry of collection.files) if (entry.file === `data/${file}`) return entry.fields
  }
  throw new Error(`no collection for ${file}`)
}

/** What Decap does on "Publish": the file's text from the entry's languages (`fieldsOrder`: the fields' names). */
const save = (file: string, data: unknown) =>
  format.toFile(
    data,
    fieldsFor(file).map((field) => field.name),
  )

const read = (file: string) => fs.readFileSync(path.join("data", file), "utf8")
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

const translatedFiles = () =>
  fs
    .readdirSync("data", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.ya?ml$/.test(file) && isTranslated(file))
    .sort()

/** A file's problems as the build and `npm run validate:data` report them (its languages and its English). */
function buildProblems(file: string, text: string) {
  const raw = load(text) as { en: Record<string, unknown> }
  return [...validateLanguages(file, raw), ...validateDataFile(file, raw.en)]
}

const OFFER = "offers/yonkers39.yaml"
const offer = () => format.fromFile(read(OFFER)) as { en: Record<string, unknown>; es: Record<string, unknown> }

describe("what is written is what the build reads", () => {
  test.each(translatedFiles())("%s: read by the editor and published unchanged, it is the same file", (file) => {
    const written = save(file, format.fromFile(read(file)))
    // The very text: its layout, key order, quoting, comments and blank lines.
    expect(written).toBe(read(file))
    expect(buildProblems(file, written)).toEqual([])
  })

  test("a file is known by its fields' names (what Decap gives a format): two with the same could not be told apart", () => {
    const fields: CmsField[] = [{ name: "title", label: "Title", widget: "string", i18n: true }]
    const collections = [
      { name: "a", i18n: true as const, fields },
      { name: "b", i18n: true as const, fields },
    ]
    expect(() => translationMapOf(collections)).toThrow(/a and b have the same fields/)
  })

  test("the office's files are not translated: Decap's own YAML reads them, no format of ours", () => {
    const untranslated = config.collections.filter((c) => !("i18n" in c && c.i18n))
    expect(untranslated.flatMap((c) => ("files" in c ? c.files.map((f) => f.file) : [c.name])).sort()).toEqual([
      "data/glossary.yaml",
      "data/office-links.yaml",
    ])
    for (const collection of untranslated) expect(collection).not.toHaveProperty("format")
  })
})

/** The lines of `after` that differ from `before`'s, as git shows them: removed (-) and added (+), in order. */
function changedLines(before: string, after: string): string[] {
  const [a, b] = [before.split("\n"), after.split("\n")]
  // The longest common subsequence of lines, then what is outside it.
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!)
  const out: string[] = []
  let [i, j] = [0, 0]
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) [i, j] = [i + 1, j + 1]
    else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) out.push(`-${a[i++]}`)
    else out.push(`+${b[j++]}`)
  }
  return out
}

describe("a save changes what was edited, and nothing else of the file", () => {
  test("an offer's price changed from $39 to $35 is a one-line change of its file", () => {
    const data = offer()
    data.en.price = "$35"
    expect(changedLines(read(OFFER), save(OFFER, data))).toEqual(["-  price: $39", "+  price: $35"])
  })

  test("the fallback offer's price changed: one line, and its comment and quoting stay", () => {
    const file = "offers/scarsdale49.yaml"
    const data = format.fromFile(read(file)) as { en: Record<string, unknown> }
    data.en.price = "$45"
    const written = save(file, data)
    expect(changedLines(read(file), written)).toEqual(["-  price: $49", "+  price: $45"])
    expect(written.split("\n")[0]).toBe("# The first offer: unknown or missing /offer/ keys fall back to it.")
    expect(buildProblems(file, written)).toEqual([])
  })

  test("a text keeps its quotes; a town added to a one-line list keeps it on one line", () => {
    const data = offer()
    data.en.metaDescription = `${String(data.en.metaDescription).slice(0, 120)} Call today.`
    data.en.serviceAreas = [...(data.en.serviceAreas as string[]), "Tuckahoe"]
    const changed = changedLines(read(OFFER), save(OFFER, data))
    expect(changed).toHaveLength(4)
    expect(changed[1]).toMatch(/^\+ {2}metaDescription: "Yonkers pest control for \{price\} .* Call today\."$/)
    expect(changed[3]).toBe(
      "+  serviceAreas: [Yonkers, Scarsdale, Bronxville, Eastchester, White Plains, New Rochelle, Tuckahoe]",
    )
  })

  test("a Spanish paragraph changed: only its lines, wrapped as before", () => {
    const data = offer()
    const quotes = data.es.customTestimonials as Array<{ quote: string }>
    quotes[1]!.quote = quotes[1]!.quote.replace("sin cargos sorpresa", "sin ningún cargo sorpresa")
    const changed = changedLines(read(OFFER), save(OFFER, data))
    expect(changed).toEqual([
      "-        Reservé en la mañana y en la tarde ya habían hecho el tratamiento. El precio de {price} era real, sin cargos",
      "-        sorpresa en la factura.",
      "+        Reservé en la mañana y en la tarde ya habían hecho el tratamiento. El precio de {price} era real, sin ningún",
      "+        cargo sorpresa en la factura.",
    ])
  })

  test("an optional text cleared is its line removed; a section added is its lines added, the rest untouched", () => {
    const file = "pests/bees.yaml"
    const bees = format.fromFile(read(file)) as {
      en: { sections: Array<Record<string, unknown>> }
      es: { sections: Array<Record<string, unknown>> }
    }
    const options = bees.en.sections.findIndex((section) => String(section.intro).startsWith("Prices depend"))
    delete bees.en.sections[options]!.intro
    bees.en.sections.push({ type: "steps", heading: "Call", steps: [{ title: "One", description: "First" }] })
    bees.es.sections.push({ type: "steps", heading: "Llame", steps: [{ title: "Uno", description: "Primero" }] })
    const written = save(file, bees)
    const changed = changedLines(read(file), written)
    expect(changed.filter((line) => line.startsWith("-"))).toEqual([
      "-      intro: Prices depend on the species, where the nest is and how hard it is to reach.",
      // Its Spanish goes with it: a Spanish text says an English one.
      "-      intro: El precio depende de la especie, de dónde está el nido y de qué tan difícil es llegar a él.",
    ])
    expect(changed.filter((line) => line.startsWith("+"))).toEqual([
      "+    - type: steps",
      "+      heading: Call",
      "+      steps:",
      "+        - title: One",
      "+          description: First",
      "+    - heading: Llame",
      "+      steps:",
      "+        - title: Uno",
      "+          description: Primero",
    ])
    expect(buildProblems(file, written)).toEqual([])
  })

  test("a second save of the same entry starts from what the first one wrote", () => {
    const first = offer()
    first.en.price = "$37"
    const once = save(OFFER, first)
    const second = offer()
    second.en.price = "$37"
    second.en.couponCode = "YON37"
    expect(changedLines(once, save(OFFER, { ...second, en: { ...second.en } }))).toEqual([
      "-  couponCode: YON39",
      "+  couponCode: YON37",
    ])
  })
})

describe("a pest's sections in Spanish", () => {
  test("each Spanish section gets its English section's type to be shown, and is written without it", () => {
    const bees = format.fromFile(read("pests/bees.yaml")) as {
      en: { sections: unknown[] }
      es: { sections: unknown[] }
    }
    const types = (sections: unknown[]) => sections.map((s) => (isRecord(s) ? s.type : undefined))
    expect(types(bees.es.sections)).toEqual(types(bees.en.sections))
    expect(types(bees.es.sections)).toContain("options")
    const written = load(save("pests/bees.yaml", bees)) as { es: { sections: Array<Record<string, unknown>> } }
    expect(written.es.sections.every((section) => !("type" in section))).toBe(true)
  })

  test("a section added on the Spanish side keeps only its texts (not Decap's defaults: its type, a switch's false)", () => {
    const bees = format.fromFile(read("pests/bees.yaml")) as {
      en: { sections: Array<Record<string, unknown>> }
      es: { sections: Array<Record<string, unknown>> }
    }
    const steps = { type: "steps", heading: "Call", steps: [{ title: "One", description: "First" }] }
    bees.en.sections.push(steps)
    bees.es.sections.push({ ...clone(steps), heading: "Llame", visitPreparation: false, intro: "" })
    const written = save("pests/bees.yaml", bees)
    expect((load(written) as { es: { sections: unknown[] } }).es.sections.at(-1)).toEqual({
      heading: "Llame",
      steps: [{ title: "One", description: "First" }],
    })
    expect(buildProblems("pests/bees.yaml", written)).toEqual([])
  })
})

describe("what the Spanish side must hold to be published", () => {
  test("every English text has its Spanish: a cleared Spanish text stops the save and names the field", () => {
    const data = offer()
    data.es.offerName = ""
    delete data.es.title
    expect(() => save(OFFER, data)).toThrow(
      /the Spanish \(ES\) is not complete: Offer name is required; Title is required\. Fill it in on the ES side/,
    )
  })

  test("a list of entries has as many in Spanish as in English, and each entry its texts", () => {
    const data = offer()
    ;(data.es.customTestimonials as unknown[]).pop()
    expect(() => save(OFFER, data)).toThrow(
      /Custom testimonials has 2 in Spanish and 3 in English: add or remove Spanish entries so each one sits beside its English entry/,
    )
    const blank = offer()
    ;(blank.es.customTestimonials as Array<Record<string, unknown>>)[1] = { quote: " " }
    expect(() => save(OFFER, blank)).toThrow(/Custom testimonials › 2 › Quote is required/)
  })

  test("a Spanish text follows the field's rules, as the English does: no dollar amount in an offer's title", () => {
    const data = offer()
    data.es.title = "Control de plagas por $39 en Yonkers"
    expect(() => save(OFFER, data)).toThrow(/Title: .*must not write a dollar amount/)
  })

  test("a Spanish text whose English is gone is left out; so are blanks and what is not translated", () => {
    const data = offer()
    data.es.price = "$39"
    const pest = format.fromFile(read("pests/bees.yaml")) as {
      en: Record<string, unknown>
      es: Record<string, unknown>
    }
    // The English intro cleared (the blank-field handler drops it), the Spanish one still there.
    delete pest.en.intro
    ;(pest.es.card as Record<string, unknown>).features = ["Servicio", "", "  "]
    const written = load(save("pests/bees.yaml", pest)) as { es: Record<string, unknown> }
    expect(written.es).not.toHaveProperty("intro")
    expect((written.es.card as Record<string, unknown>).features).toEqual(["Servicio"])
    expect(load(save(OFFER, data))).toMatchObject({ es: expect.not.objectContaining({ price: "$39" }) as unknown })
  })

  test("a new offer: English and Spanish filled in the editor make a file the build accepts", () => {
    const { en } = offer()
    const written = save("offers/ryebrook59.yaml", {
      en: { ...en, key: "ryebrook59", fallback: false },
      es: {
        offerName: "Revisión de primavera",
        title: "{offerName} por {price} en Rye Brook",
        metaDescription:
          "Control de plagas en Rye Brook por {price} con el cupón {couponCode}: inspección y tratamiento de hormigas.",
        customTestimonials: [{ quote: "Uno" }, { quote: "Dos" }, { quote: "Tres", name: "", location: "" }],
      },
    })
    expect(buildProblems("offers/ryebrook59.yaml", written)).toEqual([])
  })

  test("a draft's backup (one language alone) is written as it is, unchecked", () => {
    expect(load(save(OFFER, { offerName: "" }))).toEqual({ offerName: "" })
  })
})

describe("a third language", () => {
  // The format as the admin would get it with one more language than the site's (the made-up one of the
  // third-language build, scripts/i18n/pseudo-language.ts), run the way the page runs it.
  const languages: FormatLanguages = {
    ...siteFormatLanguages(),
    translations: [...siteFormatLanguages().translations, { code: PSEUDO.code, name: PSEUDO.name }],
  }
  const threeLanguageFormat = (): TranslatedFormat => {
    const formats: Record<string, TranslatedFormat> = {}
    const CMS = { registerCustomFormat: (name: string, _ext: string, f: TranslatedFormat) => (formats[name] = f) }
    const context = vm.createContext({ CMS })
    context.window = context
    const script = translatedFormatScript(
      translationMapOf(config.collections),
      typeKeysOf(config.collections),
      languages,
    )
    vm.runInContext(`${yamlLibrariesScript()}${script}`, context)
    const registered = formats[TRANSLATED_FORMAT]
    if (!registered) throw new Error("no format registered")
    return registered
  }
  const three = threeLanguageFormat()
  const withThird = (file: string) => {
    const raw = load(read(file)) as Record<string, unknown>
    return { ...raw, [PSEUDO.code]: pseudoSection(file, raw) }
  }
  const saveThree = (file: string, data: unknown) =>
    three.toFile(
      data,
      fieldsFor(file).map((field) => field.name),
    )

  test.each(translatedFiles())("%s: read and published with three sections, all three are kept", (file) => {
    const before = withThird(file)
    const written = load(saveThree(file, three.fromFile(dump(before)))) as Record<string, unknown>
    expect(Object.keys(written)).toEqual(["en", "es", PSEUDO.code])
    expect(written).toEqual(before)
  })

  test("a text missing in the third language stops the save and names the language and the field", () => {
    const data = three.fromFile(dump(withThird(OFFER))) as Record<string, Record<string, unknown>>
    const third = data[PSEUDO.code]
    if (third) delete third.title
    expect(() => saveThree(OFFER, data)).toThrow(
      new RegExp(`the ${PSEUDO.name} \\(${PSEUDO.code.toUpperCase()}\\) is not complete: Title is required`),
    )
  })
})
