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
   * Its short clock for the hours lists: a 12-hour clock's words for before and after noon, written without a
   * space and a whole hour without ":00" ("8am", "1:30pm"), or none for the 24-hour clock ("13:30"). `clock`,
   * when stated, is used instead.
   */
  dayPeriods?: readonly [am: string, pm: string]
  /**
   * Its one clock, for every time it writes (hours lists, arrival windows, e-mails, texts, calendar files), or
   * none for Intl's own (English's windows: "8:00 AM"). Stated, not read from Intl: ICU versions write es-US's
   * "a.m." or "a. m." (with a no-break space), so the build's page, the browser's and the functions' would differ.
   */
  clock?: ClockStyle
}

/** A 12-hour clock as a language writes it: "8:00 a. m." is { dayPeriods: ["a. m.", "p. m."] }, hour and minutes always, a plain space between. */
export interface ClockStyle {
  readonly dayPeriods: readonly [am: string, pm: string]
}

/** es-US as a Spanish editor writes it (Real Academia's "a. m.", with the space; "12:00 p. m." is noon). */
const SPANISH_CLOCK: ClockStyle = { dayPeriods: ["a. m.", "p. m."] }

export const LANGUAGE_FORMS: Readonly<Record<Language, LanguageForm>> = {
  en: { tag: "en-US", ogLocale: "en_US", prefix: "", dayPeriods: ["am", "pm"] },
  es: { tag: "es-US", ogLocale: "es_US", prefix: "/es", clock: SPANISH_CLOCK },
}

/** A time of day (minutes since local midnight) on a stated clock: 480 is "8:00 a. m.", 810 "1:30 p. m.". */
export const clockText = (minutes: number, clock: ClockStyle): string => {
  const hour = Math.floor(minutes / 60) % 24
  const minute = String(minutes % 60).padStart(2, "0")
  return `${hour % 12 || 12}:${minute} ${clock.dayPeriods[hour < 12 ? 0 : 1]}`
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
export const languageOf = (value: unknown): Language =>
  (typeof value === "string" ? knownLanguageOf(value) : null) ?? DEFAULT_LANGUAGE

/** The language of ours a code names ("es", "ES", "es-MX"), or null for any other code. */
export function knownLanguageOf(value: string): Language | null {
  const primary = value.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : null
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
