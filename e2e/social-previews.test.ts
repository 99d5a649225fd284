/**
 * Social previews as Facebook, WhatsApp, X and a text message's link preview read them: from a page's HTML as it
 * is built, without running its script. Every built page, in every language, shows a large card with a picture
 * made for it at 1200×630 (the file is in public/ and really is that size and type), at an absolute address on
 * the page's own origin, described in the page's language.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { findDataFileKind } from "../gatsby/data-schemas"
import { languageContents } from "../gatsby/i18n/data-nodes"
import { routeTable } from "../gatsby/i18n/routes"
import { dataDir } from "../gatsby/site-config"
import { readDataDir } from "../gatsby/validate-data"
import { siteRoutes } from "../scripts/site-routes"
import { LANGUAGES, type Language } from "../supabase/functions/_shared/kernel/languages"
import { builtPages } from "./page-checks/nu-checker"
import { PUBLIC } from "./public-files"

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" }
const decoded = (value: string) =>
  value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_all, name: string) => ENTITIES[name] ?? "")

interface BuiltPage {
  /** The HTML file, from public/. */
  file: string
  /** The page's language tag, as <html lang> says it (en-US, es-US). */
  lang: string
  /** Each meta element's content by its property or name. */
  meta: ReadonlyMap<string, string>
  canonical: string | undefined
}

function builtPage(file: string): BuiltPage {
  const html = fs.readFileSync(file, "utf8")
  const attributesOf = (tag: string) =>
    new Map([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, decoded(value)]))
  const meta = new Map<string, string>()
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const attributes = attributesOf(tag)
    const key = attributes.get("property") ?? attributes.get("name")
    const content = attributes.get("content")
    if (key !== undefined && content !== undefined) meta.set(key, content)
  }
  const canonical = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => attributesOf(tag))
    .find((link) => link.get("rel") === "canonical")
    ?.get("href")
  return {
    file: path.relative(PUBLIC, file),
    lang: /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? "",
    meta,
    canonical,
  }
}

/** Every alt text the data files give a picture, in a language. */
function altTextsIn(language: Language): Set<string> {
  const { files } = readDataDir(dataDir())
  const { table } = routeTable(files)
  const alts = new Set<string>()
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (typeof value === "object" && value !== null) {
      const record = Object.fromEntries(Object.entries(value))
      if (typeof record.src === "string" && typeof record.alt === "string") alts.add(record.alt)
      Object.values(record).forEach(walk)
    }
  }
  for (const file of files) {
    const kind = findDataFileKind(file.file)
    if (!kind) continue
    for (const { language: inLanguage, content } of languageContents(kind, file.file, file.raw, table).contents)
      if (inLanguage === language) walk(content)
  }
  return alts
}

/** The site's pages: the CMS's own page (public/admin/) is Decap's, not the site's. */
const pages = builtPages()
  .filter((file) => !path.relative(PUBLIC, file).startsWith("admin/"))
  .map(builtPage)

test("every route of the data files is built, in every language, and checked here", () => {
  const checked = new Set(pages.map((page) => page.file))
  const unchecked = siteRoutes()
    .map((route) => path.join(route.path.replace(/^\//, ""), "index.html"))
    .filter((file) => !checked.has(file))
  expect(unchecked).toEqual([])
  for (const language of LANGUAGES)
    expect(pages.filter((page) => page.lang.startsWith(`${language}-`)).length).toBeGreaterThan(10)
})

test("every page's preview is a large card with one picture made at 1200×630, under the page's own origin", async () => {
  const made = new Map<string, { width?: number; height?: number; format?: string; bytes: number }>()
  const problems: string[] = []
  for (const page of pages) {
    const image = page.meta.get("og:image") ?? ""
    const origin = page.canonical ? new URL(page.canonical).origin : "(no canonical)"
    const seen = {
      image: image.startsWith(`${origin}/`) && origin.startsWith("https://") ? "on the page's https origin" : image,
      width: page.meta.get("og:image:width"),
      height: page.meta.get("og:image:height"),
      type: page.meta.get("og:image:type"),
      card: page.meta.get("twitter:card"),
      twitterImage: page.meta.get("twitter:image") === image ? "the same" : page.meta.get("twitter:image"),
    }
    const expected = {
      image: "on the page's https origin",
      width: "1200",
      height: "630",
      type: "image/jpeg",
      card: "summary_large_image",
      twitterImage: "the same",
    }
    if (JSON.stringify(seen) !== JSON.stringify(expected)) problems.push(`${page.file}: ${JSON.stringify(seen)}`)
    if (!image) continue
    const file = path.join(PUBLIC, decodeURIComponent(new URL(image).pathname))
    if (!made.has(file))
      made.set(
        file,
        fs.existsSync(file)
          ? { ...(await sharp(file).metadata()), bytes: fs.statSync(file).size }
          : { bytes: 0, format: "missing" },
      )
  }
  expect(problems).toEqual([])
  expect(made.size).toBeGreaterThan(1)
  for (const [file, picture] of made)
    // WhatsApp leaves out a preview picture much over 300 KB.
    expect([
      path.relative(PUBLIC, file),
      picture.width,
      picture.height,
      picture.format,
      picture.bytes < 300_000,
    ]).toEqual([path.relative(PUBLIC, file), 1200, 630, "jpeg", true])
})

test("every page describes its picture, in its own language, the same to every reader", () => {
  const alts = new Map(LANGUAGES.map((language) => [language, altTextsIn(language)]))
  const problems: string[] = []
  for (const page of pages) {
    const alt = page.meta.get("og:image:alt") ?? ""
    const language = LANGUAGES.find((candidate) => page.lang.startsWith(`${candidate}-`))
    const own = language ? alts.get(language) : undefined
    const others = LANGUAGES.filter((other) => other !== language).flatMap((other) => [...(alts.get(other) ?? [])])
    if (!own?.has(alt) || others.includes(alt) || page.meta.get("twitter:image:alt") !== alt)
      problems.push(`${page.file} (${page.lang}): "${alt}"`)
  }
  expect(problems).toEqual([])
})
