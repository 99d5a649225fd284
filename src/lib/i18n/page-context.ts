import type { Language } from "../../../supabase/functions/_shared/kernel/languages"

/** A page's version in one language: the head's hreflang links and the language switch lead to it. */
export interface Alternate {
  lang: Language
  path: string
}

/**
 * A page's version as the language switch links to it: named in its own language ("Español" on an English page,
 * its section of data/navigation.yaml `languageSwitch`), and what a screen reader hears after the name, in the
 * language of the page that links to it (that page's `versionNotes`).
 */
export interface PageVersion extends Alternate {
  label: string
  note: string
}

/**
 * What gatsby/create-pages.ts gives every page: the key its query finds its data by (the English route of a
 * page, pest or offer), its language, and its versions in every language (itself included).
 */
export interface PageContext {
  key: string
  lang: Language
  alternates: readonly PageVersion[]
}
