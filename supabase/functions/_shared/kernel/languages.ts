/**
 * The languages the site, its forms and its messages speak. English is the default: the office reads
 * its notices and alerts in it, a page without a prefix is English, and an unknown language code in a
 * request is stored as English (never refused).
 *
 * A new language is one code here, its line in LANGUAGE_FORMS and LANGUAGE_NAMES, and its section in every translated data
 * file (docs/languages.md): everything else iterates this list, and every
 * per-language record is a `Record<Language, …>`, so the type check names each place its data is missing.
 */
export const LANGUAGES = ["en", "es"] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = "en"

/** How a language is written out. */
export interface LanguageForm {
  /** Its BCP 47 tag: Intl (dates, prices, day names, the am/pm words), hreflang, <html lang>. */
  tag: string
  ogLocale: string
  /** The prefix of its routes ("" for the default language). */
  prefix: string
  /**
   * Its clock: a 12-hour clock's words for before and after noon, as the site writes them ("8am", "1:30pm"), or
   * none for the 24-hour clock ("13:30"). Stated, not read from Intl: es-US's clock is 12-hour, the site's
   * Spanish writes the 24-hour one.
   */
  dayPeriods?: readonly [am: string, pm: string]
}

export const LANGUAGE_FORMS: Readonly<Record<Language, LanguageForm>> = {
  en: { tag: "en-US", ogLocale: "en_US", prefix: "", dayPeriods: ["am", "pm"] },
  es: { tag: "es-US", ogLocale: "es_US", prefix: "/es" },
}

/** One value per language, made by `make`: the record is whole for every language of LANGUAGES. */
export const byLanguage = <T>(make: (language: Language) => T): Record<Language, T> =>
  // Object.fromEntries types its keys as string; the entries are LANGUAGES', every one of them.
  Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Record<Language, T>

/**
 * Each language's name in English, as build messages and the editor say it. Beside LANGUAGE_FORMS, not in it:
 * the browser, which never names a language in English, then ships none of these names.
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", es: "Spanish" }

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value)

/** A code as a request or a page sent it ("es", "ES", "es-MX") as one of ours; anything else is the default. */
export const languageOf = (value: unknown): Language => {
  if (typeof value !== "string") return DEFAULT_LANGUAGE
  const primary = value.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE
}

/** A site route in a language: "/services/ants" stays, "/servicios/hormigas" in Spanish becomes "/es/servicios/hormigas". */
export const prefixedRoute = (language: Language, route: string) => {
  const { prefix } = LANGUAGE_FORMS[language]
  return prefix && route === "/" ? prefix : `${prefix}${route}`
}

/** The language of a page by its address: "/es/servicios/" is Spanish, any other English. */
export const languageOfPath = (pathname: string): Language =>
  LANGUAGES.find((language) => {
    const { prefix } = LANGUAGE_FORMS[language]
    return prefix !== "" && (pathname === prefix || pathname.startsWith(`${prefix}/`))
  }) ?? DEFAULT_LANGUAGE
