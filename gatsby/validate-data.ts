/**
 * Build-time checks of the data files. Every message names the file, the
 * entry and the field, so a maintainer can fix a bad edit without reading code.
 */
import { validateArrivalWindows } from "./validate-arrival-windows"
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { ValidationError } from "yup"
import { findDataFileKind, OFFICE_PAGES_FOLDER, type DataFileKind } from "./data-schemas"
import type { DataFile, DataProblem } from "./data-problem"
import { isRecord, stringAt } from "./data-problem"
import { OFFICE_LINK_TEMPLATE } from "./data-schemas/page"
import { unknownPromises } from "./promise-texts"
import { validateOfferTexts } from "./validate-offer-texts"
import { validateAmountPlaceholders } from "./validate-placeholders"
import { englishOf, isByLanguage, isTranslated, TRANSLATIONS } from "./i18n/data-file"
import { routeTable } from "./i18n/routes"
import { translationProblems } from "./i18n/translations"
import { LANGUAGES, LANGUAGE_NAMES } from "../supabase/functions/_shared/kernel/languages"

export type { DataFile, DataProblem }

export const formatProblem = ({ file, entry, field, message }: DataProblem) =>
  `Invalid data in data/${file}, entry "${entry}", field "${field}": ${message}`

// GitHub's workflow-command escaping: a message may hold any character without ending the command early.
const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C")

/**
 * The problem as a GitHub Actions error annotation, so a pull request from the content editor shows it
 * on the changed file, in the same words, where the marketer who made the change looks.
 */
export const githubAnnotation = (problem: DataProblem) =>
  `::error file=${escapeProperty(`data/${problem.file}`)},title=${escapeProperty(
    `Fix "${problem.field}" in ${problem.entry}`,
  )}::${escapeData(formatProblem(problem))}`

const entryName = (kind: DataFileKind | undefined, file: string, content: Record<string, unknown>) => {
  const key = kind?.entryKey ? content[kind.entryKey] : undefined
  return typeof key === "string" && key ? key : file.replace(/\.ya?ml$/, "")
}

/** Yup reports "field must be …"; keep the rule, drop the repeated path. */
const ruleOf = (error: ValidationError) => {
  const path = error.path ?? ""
  return path && error.message.startsWith(path) ? error.message.slice(path.length).trim() : error.message
}

/** Checks one data file's content against the schema of its kind. */
export function validateDataFile(file: string, content: Record<string, unknown>): DataProblem[] {
  const kind = findDataFileKind(file)
  const entry = entryName(kind, file, content)
  if (!kind) {
    return [
      {
        file,
        entry,
        field: "(file)",
        message: "is not a known kind of data file; see the README for where data files go",
      },
    ]
  }
  const promises = misnamedPromises(content).map(({ field, names }) => ({
    file,
    entry,
    field,
    message: `uses ${names.map((n) => `{${n}}`).join(", ")}, which names no form's promise (data/response-promises.yaml: {contactPromise}, {estimatePromise}, {bookingPromise}, {callbackPromise})`,
  }))
  try {
    kind.schema.validateSync(content, { abortEarly: false, strict: true })
    return promises
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return [
      ...error.inner.map((inner) => ({ file, entry, field: inner.path || "(file)", message: ruleOf(inner) })),
      ...promises,
    ]
  }
}

/**
 * A visitor's data file holds its English under `en:` and each translation under its language's key
 * (gatsby/i18n/): checks that shape, then every translation against the English, text by text.
 */
export function validateLanguages(file: string, raw: unknown): DataProblem[] {
  const kind = findDataFileKind(file)
  if (!kind) return []
  const english = englishOf(raw)
  const entry = entryName(kind, file, isRecord(english) ? english : {})
  if (!isTranslated(file))
    return isByLanguage(raw)
      ? [
          {
            file,
            entry,
            field: "(file)",
            message: "is read by the office only, in English: write its fields without en: and es:",
          },
        ]
      : []
  if (!isByLanguage(raw))
    return [
      {
        file,
        entry,
        field: "(file)",
        message: `must hold its English under en: and its translations under ${TRANSLATIONS.map((l) => `${l}:`).join(", ")} (see the README, "Translations")`,
      },
    ]
  const unknown = Object.keys(raw)
    .filter((key) => !(LANGUAGES as readonly string[]).includes(key))
    .map((key) => ({ file, entry, field: key, message: `is not a language of the site (${LANGUAGES.join(", ")})` }))
  return [
    ...unknown,
    ...TRANSLATIONS.flatMap((language) =>
      translationProblems(kind.schema, english, raw[language], language, LANGUAGE_NAMES[language]).map((problem) => ({
        file,
        entry,
        ...problem,
      })),
    ),
  ]
}

/** Every text of a file that uses a {…Promise} placeholder naming no form, with its path (sections[2].text). */
function misnamedPromises(value: unknown, path = ""): Array<{ field: string; names: string[] }> {
  if (typeof value === "string") {
    const names = unknownPromises(value)
    return names.length ? [{ field: path || "(file)", names }] : []
  }
  if (Array.isArray(value)) return value.flatMap((item: unknown, i) => misnamedPromises(item, `${path}[${i}]`))
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => misnamedPromises(item, path ? `${path}.${key}` : key))
  return []
}

const recordsAt = (record: unknown, key: string): Record<string, unknown>[] =>
  isRecord(record) && Array.isArray(record[key]) ? record[key].filter(isRecord) : []

/** The items after the first with the same key (items without a key are skipped). */
const repeats = <T>(items: readonly T[], keyOf: (item: T) => string | undefined) => {
  const first = new Map<string, T>()
  return items.flatMap((item) => {
    const key = keyOf(item)
    if (key === undefined) return []
    const earlier = first.get(key)
    if (earlier === undefined) first.set(key, item)
    return earlier === undefined ? [] : [{ item, earlier, key }]
  })
}

/**
 * Checks between files: file names that match their keys, unique routes,
 * keys and estimate choices, menus that point at real pages, plans that exist.
 */
export function validateReferences(files: readonly DataFile[]): DataProblem[] {
  const problems: DataProblem[] = []
  const inDir = (dir: string) => files.filter((f) => f.file.startsWith(`${dir}/`))
  const named = (name: string) => files.find((f) => f.file === name)
  const baseName = (file: string) => path.posix.basename(file).replace(/\.ya?ml$/, "")
  const pages = inDir("pages")
  const pests = inDir("pests")
  const offers = inDir("offers")

  for (const { item, earlier, key } of repeats(pages, (p) => stringAt(p.content, "path")))
    problems.push({ file: item.file, entry: key, field: "path", message: `is also the path of data/${earlier.file}` })

  // The office's pages stay out of the editor's list by living in their own folder, which holds nothing else.
  const officeFolder = `pages/${OFFICE_PAGES_FOLDER}/`
  for (const { file, content } of pages) {
    const inOffice = file.startsWith(officeFolder)
    if (inOffice !== (content.template === OFFICE_LINK_TEMPLATE))
      problems.push({
        file,
        entry: stringAt(content, "path") ?? baseName(file),
        field: "template",
        message: inOffice
          ? `data/${officeFolder} holds only the office's pages (template ${OFFICE_LINK_TEMPLATE}); move this page to data/pages/`
          : `an office page (template ${OFFICE_LINK_TEMPLATE}) goes in data/${officeFolder}, which the content editor does not list`,
      })
  }

  const checkFileName = (dir: string, field: string, list: readonly DataFile[]) => {
    for (const { file, content } of list) {
      const key = stringAt(content, field)
      if (key !== undefined && key !== baseName(file))
        problems.push({ file, entry: key, field, message: `must match the file name (${dir}/${key}.yaml)` })
    }
    for (const { item, earlier, key } of repeats(list, (f) => stringAt(f.content, field)))
      problems.push({ file: item.file, entry: key, field, message: `is also the ${field} of data/${earlier.file}` })
  }
  checkFileName("pests", "slug", pests)
  checkFileName("offers", "key", offers)

  const pestEntry = (f: DataFile) => stringAt(f.content, "slug") ?? baseName(f.file)
  const label = (f: DataFile) =>
    (isRecord(f.content.estimate) ? stringAt(f.content.estimate, "label") : undefined) ?? stringAt(f.content, "name")
  for (const { item, earlier, key } of repeats(pests, label))
    problems.push({
      file: item.file,
      entry: pestEntry(item),
      field: "estimate.label",
      message: `the estimate choice "${key}" is also data/${earlier.file}'s; set a different estimate.label`,
    })

  const fallbacks = offers.filter((o) => o.content.fallback === true)
  if (offers.length > 0 && fallbacks.length !== 1) {
    const file = fallbacks[1]?.file ?? offers[0]?.file ?? "offers/"
    problems.push({
      file,
      entry: "fallback",
      field: "fallback",
      message: `exactly one offer must set fallback: true (found ${fallbacks.length})`,
    })
  }

  const sitePhone = stringAt(named("site.yaml")?.content.phone, "display")
  if (sitePhone !== undefined) problems.push(...validateOfferTexts(offers, sitePhone))
  problems.push(...validateAmountPlaceholders(files, "scarsdale-offer"))

  const routes = new Set(routeTable(files).table.pages.map((page) => page.key))
  const navigation = named("navigation.yaml")
  if (navigation) {
    const checkLink = (entry: string, field: string, link: unknown) => {
      const route = stringAt(link, "path")
      if (route !== undefined && !routes.has(route))
        problems.push({ file: navigation.file, entry, field: `${field}.path`, message: `no page at ${route}` })
    }
    const { footer, servicesMenu, routes: roles } = navigation.content
    recordsAt(navigation.content, "main").forEach((link, i) => {
      checkLink("main", `main[${i}]`, link)
    })
    checkLink("servicesMenu", "servicesMenu", servicesMenu)
    if (isRecord(roles)) for (const [role, link] of Object.entries(roles)) checkLink("routes", `routes.${role}`, link)
    for (const list of ["company", "legal"])
      recordsAt(footer, list).forEach((link, i) => {
        checkLink("footer", `${list}[${i}]`, link)
      })
  }

  const offerPage = named("offer-page.yaml")
  const known = recordsAt(named("plans.yaml")?.content, "plans").map((p) => stringAt(p, "id"))
  if (offerPage)
    recordsAt(offerPage.content.protection, "plans").forEach((card, i) => {
      const id = stringAt(card, "plan")
      if (id !== undefined && !known.includes(id))
        problems.push({
          file: offerPage.file,
          entry: "protection",
          field: `plans[${i}].plan`,
          message: `no plan "${id}" in data/plans.yaml`,
        })
    })
  return problems
}

const IMAGE_FILE = /\.(png|jpe?g|webp)$/

/** Every image a data file names (a `src` path relative to the file) must exist. */
export function validateImages(files: readonly DataFile[], dir: string): DataProblem[] {
  return files.flatMap(({ file, content }) => {
    const kind = findDataFileKind(file)
    const entry = entryName(kind, file, content)
    const found: DataProblem[] = []
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value))
        value.forEach((item, i) => {
          walk(item, `${at}[${i}]`)
        })
      else if (isRecord(value))
        for (const [key, inner] of Object.entries(value)) {
          const field = at ? `${at}.${key}` : key
          if (key === "src" && typeof inner === "string" && IMAGE_FILE.test(inner)) {
            const target = path.resolve(dir, path.dirname(file), inner)
            if (!fs.existsSync(target))
              found.push({ file, entry, field, message: `no image file at ${path.relative(process.cwd(), target)}` })
          } else walk(inner, field)
        }
    }
    walk(content, "")
    return found
  })
}

/** Reads every YAML file under `dir`; a file that is not valid YAML is a problem of its own. */
export function readDataDir(dir: string): { files: DataFile[]; problems: DataProblem[] } {
  const files: DataFile[] = []
  const problems: DataProblem[] = []
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const file = sub ? `${sub}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(file)
      else if (/\.ya?ml$/.test(entry.name)) {
        try {
          const raw: unknown = load(fs.readFileSync(path.join(dir, file), "utf8")) ?? {}
          const content = englishOf(raw)
          files.push({ file, content: isRecord(content) ? content : {}, raw })
        } catch (error) {
          const message = `is not valid YAML: ${(error as Error).message.split("\n")[0] ?? ""}`
          problems.push({ file, entry: file.replace(/\.ya?ml$/, ""), field: "(file)", message })
        }
      }
    }
  }
  walk("")
  files.sort((a, b) => a.file.localeCompare(b.file))
  return { files, problems }
}

/**
 * Every check of the data: each file against its schema, the checks between
 * files and the images. The build (onPreInit) and `npm run validate:data`
 * both run exactly this.
 */
export function validateDataDir(dir: string): DataProblem[] {
  const { files, problems } = readDataDir(dir)
  return [
    ...problems,
    ...files.flatMap((f) => [...validateLanguages(f.file, f.raw), ...validateDataFile(f.file, f.content)]),
    ...validateReferences(files),
    ...routeTable(files).problems,
    ...validateArrivalWindows(files),
    ...validateImages(files, dir),
  ]
}
