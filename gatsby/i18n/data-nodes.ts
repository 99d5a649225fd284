/**
 * The nodes of one data file: one per language, each with the whole content in that language (the
 * translation's texts over the English, links leading to that language's pages), its `lang`, and for an
 * entry of a folder (a page, a pest, an offer) its `pageKey` (what links and page contexts name it by: its
 * English route) and its `route` in that language.
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  prefixedRoute,
  type Language,
} from "../../supabase/functions/_shared/kernel/languages"
import type { DataFileKind } from "../data-schemas"
import type { DataProblem } from "../data-problem"
import { isRecord } from "../data-problem"
import { withTrailingSlash } from "../../src/lib/paths"
import { englishOf, isTranslated, languagesOf } from "./data-file"
import type { RouteTable } from "./routes"
import { localized } from "./translations"

export interface LanguageContent {
  language: Language
  content: Record<string, unknown>
}

/**
 * Each language's content of a file that passed validation. A link to a route no page has is a problem
 * naming the field (the English build checks its menus; this covers every link of every language).
 */
export function languageContents(
  kind: DataFileKind,
  file: string,
  raw: unknown,
  table: RouteTable,
): { contents: LanguageContent[]; problems: DataProblem[] } {
  const english = englishOf(raw)
  if (!isRecord(english)) return { contents: [], problems: [] }
  const sections = languagesOf(raw)
  const key = kind.entryKey ? english[kind.entryKey] : undefined
  const entry = typeof key === "string" ? key : file.replace(/\.ya?ml$/, "")
  const problems: DataProblem[] = []
  const languages = isTranslated(file) ? LANGUAGES : [DEFAULT_LANGUAGE]
  const page = kind.folder ? table.pages.find((listed) => listed.file === file) : undefined
  const contents = languages.map((language) => {
    const routes = {
      link: (route: string, field: string) => {
        const found = table.localize(language, route)
        if (found === undefined)
          problems.push({ file, entry, field, message: `links to ${route}, which is no page of data/` })
        return found ?? route
      },
      // A page's own route is its table entry's; another file's (a section such as /oferta) is prefixed.
      own: (route: string) => (page ? page.routes[language] : prefixedRoute(language, route)),
    }
    const content =
      language === DEFAULT_LANGUAGE
        ? (localized(kind.schema, english, english, { ...routes, own: (route) => route }) as Record<string, unknown>)
        : (localized(kind.schema, english, sections[language], routes) as Record<string, unknown>)
    const entryFields = page ? { pageKey: page.key, route: withTrailingSlash(page.routes[language]) } : {}
    return { language, content: { ...content, ...entryFields } }
  })
  // A link every language follows is reported once.
  const unique = problems.filter(
    (problem, i) =>
      problems.findIndex((other) => other.field === problem.field && other.message === problem.message) === i,
  )
  return { contents, problems: unique }
}
