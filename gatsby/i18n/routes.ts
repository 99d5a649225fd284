/**
 * Every page's route in every language, from the data: a page of data/pages at its `path` (the
 * translation's own path, under the language's prefix), a pest at `<sections.pests>/<slug>`, a city
 * offer at `<sections.offers>/<key>`. Links in the data are written as English routes; this table
 * turns each into the same page's route in the reader's language.
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_FORMS,
  prefixedRoute,
  type Language,
} from "../../supabase/functions/_shared/kernel/languages"
import type { DataFile, DataProblem } from "../data-problem"
import { isRecord, stringAt } from "../data-problem"
import { isTranslated, languagesOf } from "./data-file"

/** One page in every language: its English route (the key links use) and its route in each language. */
export interface PageRoutes {
  /** The English route, as links in data/ write it ("/services/ants"). */
  key: string
  /** Where it is listed in data/, for messages. */
  file: string
  routes: Record<Language, string>
}

export interface RouteTable {
  pages: readonly PageRoutes[]
  /** The route of the page an English route names, in `language`; undefined when no page has it. */
  localize: (language: Language, route: string) => string | undefined
}

/** The route of `language`'s version of an entry, from the English route and what the translation writes. */
const inLanguage = (language: Language, route: string | undefined) =>
  route === undefined ? undefined : prefixedRoute(language, route)

/**
 * The table and what keeps it from being one (two pages at one route in a language, a translation without
 * its route): the build fails on those, naming the file. Missing translations are validate-data's to report;
 * an entry without one is left out here.
 */
export function routeTable(files: readonly DataFile[]): { table: RouteTable; problems: DataProblem[] } {
  const sectionOf = (language: Language, section: "pests" | "offers") => {
    const navigation = files.find((f) => f.file === "navigation.yaml")
    const sections = navigation ? languagesOf(navigation.raw)[language] : undefined
    return stringAt(isRecord(sections) ? sections.sections : undefined, section)
  }
  const entry = (file: DataFile, ownRoute: (language: Language, content: unknown) => string | undefined) => {
    const english = ownRoute(DEFAULT_LANGUAGE, file.content)
    if (english === undefined) return []
    // An office page (English only) is the same page in every language.
    const translated = isTranslated(file.file)
    const sections = languagesOf(file.raw)
    const routes: Partial<Record<Language, string>> = {}
    for (const language of LANGUAGES)
      routes[language] =
        language === DEFAULT_LANGUAGE || !translated
          ? english
          : inLanguage(language, ownRoute(language, sections[language]))
    if (!LANGUAGES.every((language) => routes[language] !== undefined)) return []
    return [{ key: english, file: file.file, routes: routes as Record<Language, string> }]
  }
  const pestRoute = (language: Language, content: unknown) => {
    const section = sectionOf(language, "pests")
    const slug = stringAt(content, "slug")
    return section && slug ? `${section}/${slug}` : undefined
  }
  const offerRoute = (language: Language, english: unknown) => {
    const section = sectionOf(language, "offers")
    const key = stringAt(english, "key")
    return section && key ? `${section}/${key}` : undefined
  }
  const offerSection = (language: Language) => sectionOf(language, "offers")
  const pages: PageRoutes[] = files.flatMap((file) => {
    if (file.file.startsWith("pages/")) return entry(file, (_language, content) => stringAt(content, "path"))
    if (file.file.startsWith("pests/")) return entry(file, pestRoute)
    // An offer's key is its address in every language (the ads link to it): only the section is translated.
    if (file.file.startsWith("offers/")) return entry(file, (language) => offerRoute(language, file.content))
    return []
  })
  const english = offerSection(DEFAULT_LANGUAGE)
  if (english) {
    // The fallback offer's page (/offer/ and every unknown key under it).
    const routes = Object.fromEntries(
      LANGUAGES.map((language) => [language, inLanguage(language, offerSection(language))]),
    )
    if (LANGUAGES.every((language) => routes[language] !== undefined))
      pages.push({ key: english, file: "navigation.yaml", routes: routes as Record<Language, string> })
  }

  // Two pages at one English route are validate-data's to report (its path and key checks); a translation's own
  // route that another page's translation also takes is reported here.
  const problems: DataProblem[] = []
  for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    const seen = new Map<string, PageRoutes>()
    for (const page of pages) {
      const earlier = seen.get(page.routes[language])
      if (earlier && earlier.key !== page.key)
        problems.push({
          file: page.file,
          entry: page.key,
          field: `${language}.${page.file.startsWith("pests/") ? "slug" : "path"}`,
          message: `${page.routes[language]} is also the ${LANGUAGE_FORMS[language].tag} route of data/${earlier.file}`,
        })
      else if (!earlier) seen.set(page.routes[language], page)
    }
  }
  const byKey = new Map(pages.map((page) => [page.key, page]))
  const localize = (language: Language, route: string) => byKey.get(route)?.routes[language]
  return { table: { pages, localize }, problems }
}
