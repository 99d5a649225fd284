/**
 * The languages the site, its forms and its messages speak. English is the default: the office reads
 * its notices and alerts in it, a page without a prefix is English, and an unknown language code in a
 * request is stored as English (never refused).
 */
export const LANGUAGES = ["en", "es"] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = "en"

/** How each language is written out: its BCP 47 tag (Intl, hreflang, <html lang>), og:locale and route prefix. */
export const LANGUAGE_FORMS: Readonly<Record<Language, { tag: string; ogLocale: string; prefix: string }>> = {
  en: { tag: "en-US", ogLocale: "en_US", prefix: "" },
  es: { tag: "es-US", ogLocale: "es_US", prefix: "/es" },
}

/** Each language's name in English, as build messages and the office's notices say it. */
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
