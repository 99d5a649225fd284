/**
 * A third language is data only: a throwaway copy of the project gets a made-up language the way a developer
 * adds one (scripts/i18n/pseudo-language.ts: its code in LANGUAGES, its forms and name, a section in every
 * translated data file), and a real `gatsby build` of it must pass its data checks and build every page in all
 * three languages, each with its own address, <html lang> and hreflang links to all its versions. The shipping
 * site and public/ are untouched; the copy's build runs beside the browser tests (two test files at a time).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { dump, load } from "js-yaml"
import { LANGUAGES } from "../supabase/functions/_shared/kernel/languages"
import { addPseudoLanguage, PSEUDO } from "../scripts/i18n/pseudo-language"
import { plainOutput, scratchProject, throwawayGatsbyEnv } from "../scripts/scratch-project"

// A whole build on a shared 2-core machine: minutes, not seconds.
jest.setTimeout(900_000)

const ALL = [...LANGUAGES, PSEUDO.code]

interface BuiltPage {
  /** The page's address ("/xx/services/ants/"). */
  route: string
  lang: string
  alternates: Map<string, string>
}

/** Every built page of the site (admin and the Gatsby internals left out), with its language and hreflang links. */
function builtPages(publicDir: string): BuiltPage[] {
  const walk = (sub: string): string[] =>
    fs.readdirSync(path.join(publicDir, sub), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.posix.join(sub, entry.name)
      if (entry.isDirectory()) return ["admin", "page-data", "static", "~partytown"].includes(rel) ? [] : walk(rel)
      return entry.name === "index.html" ? [rel] : []
    })
  return walk("").map((file) => {
    const html = fs.readFileSync(path.join(publicDir, file), "utf8")
    return {
      route: `/${path.posix.dirname(file)}/`.replace(/^\/\.\/$/, "/").replace(/\/\/$/, "/"),
      lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1] ?? "",
      alternates: new Map(
        [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
          ([, lang = "", href = ""]) => [lang, new URL(href).pathname] as const,
        ),
      ),
    }
  })
}

let pages: BuiltPage[] = []
let publicDir = ""
let written: string[] = []
const project = scratchProject("third-language-")

beforeAll(() => {
  written = addPseudoLanguage(project.dir)
  const result = spawnSync(process.execPath, [require.resolve("gatsby/cli.js"), "build"], {
    cwd: project.dir,
    env: throwawayGatsbyEnv({ CI: "true" }),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0)
    throw new Error(
      `the build with a third language failed:\n${plainOutput(`${result.stdout}${result.stderr}`).slice(-3000)}`,
    )
  publicDir = path.join(project.dir, "public")
  pages = builtPages(publicDir)
})

afterAll(() => {
  project.remove()
})

test("the made-up language is a section in every translated data file", () => {
  expect(written.length).toBeGreaterThan(40)
})

test("every page is built in every language, each its own address and <html lang>", () => {
  const versioned = pages.filter((page) => page.alternates.size > 0)
  expect(versioned.length).toBeGreaterThan(0)
  const byLanguage = new Map(
    ALL.map((lang) => [lang, versioned.filter((page) => page.alternates.get(lang) === page.route)]),
  )
  const counts = ALL.map((lang) => [lang, byLanguage.get(lang)?.length ?? 0])
  expect(counts).toEqual(ALL.map((lang) => [lang, byLanguage.get(LANGUAGES[0])?.length ?? 0]))
  for (const page of byLanguage.get(PSEUDO.code) ?? []) {
    expect([page.route, page.lang]).toEqual([page.route, PSEUDO.tag])
    expect(page.route.startsWith(`${PSEUDO.prefix}/`)).toBe(true)
  }
})

test("every page links every language's version, and each version exists", () => {
  const routes = new Set(pages.map((page) => page.route))
  const missing = pages.flatMap((page) =>
    page.alternates.size === 0
      ? []
      : [
          ...ALL.filter((lang) => !page.alternates.has(lang)).map((lang) => `${page.route}: no ${lang} version`),
          ...[...page.alternates]
            .filter(([, route]) => !routes.has(route))
            .map(([lang, route]) => `${page.route}: ${lang} ${route} not built`),
        ],
  )
  expect(missing).toEqual([])
})

test("the made-up language's pages show its texts and a switch to every other language", () => {
  const html = fs.readFileSync(path.join(publicDir, PSEUDO.prefix.slice(1), "index.html"), "utf8")
  expect(html).toContain(`lang="${PSEUDO.tag}"`)
  for (const lang of LANGUAGES)
    expect(html).toMatch(new RegExp(`<a [^>]*hrefLang="${lang}"|<a [^>]*hreflang="${lang}"`))
  const notFound = path.join(publicDir, PSEUDO.prefix.slice(1), "404", "index.html")
  expect(fs.existsSync(notFound)).toBe(true)
})

test("a text missing in the made-up language fails the data checks, naming file, entry, field and language", () => {
  const offer = path.join(project.dir, "data", "offers", "yonkers39.yaml")
  const raw = load(fs.readFileSync(offer, "utf8")) as Record<string, Record<string, unknown>>
  delete raw[PSEUDO.code]?.title
  fs.writeFileSync(offer, dump(raw, { lineWidth: 120 }))
  // The checks the build and `npm run validate:data` run, with the copy's own kernel (its three languages).
  const script = path.join(project.dir, "validate.ts")
  fs.writeFileSync(
    script,
    'import { formatProblem, validateDataDir } from "./gatsby/validate-data"\nconsole.log(validateDataDir("data").map(formatProblem).join("\\n"))\n',
  )
  const result = spawnSync(process.execPath, [require.resolve("tsx/cli"), script], {
    cwd: project.dir,
    encoding: "utf8",
  })
  expect(result.stdout).toContain(
    `data/offers/yonkers39.yaml, entry "yonkers39", field "${PSEUDO.code}.title": is missing its ${PSEUDO.name} text`,
  )
})
