/**
 * How a data file holds its languages. A file visitors read is written as Decap's single-file i18n
 * structure: the whole file under `en:`, and under `es:` its texts again in Spanish (translations.ts
 * says which fields are texts). The office's own files (its link pages, their texts) stay English only.
 */
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from "../../supabase/functions/_shared/kernel/languages"
import { findDataFileKind, OFFICE_PAGES_FOLDER } from "../data-schemas"
import { isRecord } from "../data-problem"

/** The languages beside English that every visitor's data file translates. */
export const TRANSLATIONS = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)

// The office's link pages, and the glossary, which holds every language side by side.
const OFFICE_ONLY_FILES = new Set(["office-links.yaml", "glossary.yaml"])

/** Whether a data file is read by visitors, so written in every language. */
export const isTranslated = (relativePath: string) =>
  findDataFileKind(relativePath) !== undefined &&
  !OFFICE_ONLY_FILES.has(relativePath) &&
  !relativePath.startsWith(`pages/${OFFICE_PAGES_FOLDER}/`)

/** Whether a file is written by language (en:, es:), whichever kind of file it is. */
export const isByLanguage = (raw: unknown): raw is Record<string, unknown> =>
  isRecord(raw) && DEFAULT_LANGUAGE in raw && Object.keys(raw).every((key) => /^[a-z]{2}$/.test(key))

/**
 * A file's sections by language: its `en:` and each translation. A file without them (the office's, or one
 * written before its translation) is all English: validate-data says what it lacks, once, and checks the rest.
 */
export function languagesOf(raw: unknown): Partial<Record<Language, unknown>> {
  if (!isByLanguage(raw)) return { [DEFAULT_LANGUAGE]: raw }
  return Object.fromEntries(
    LANGUAGES.filter((language) => language in raw).map((language) => [language, raw[language]]),
  )
}

/** The file's English content. */
export const englishOf = (raw: unknown): unknown => languagesOf(raw)[DEFAULT_LANGUAGE]
