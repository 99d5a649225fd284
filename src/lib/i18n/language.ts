import { createContext, useContext } from "react"
import { DEFAULT_LANGUAGE, type Language } from "../../../supabase/functions/_shared/kernel/languages"

import type { Alternate } from "./page-context"

export type { Language }

/** The page's language (its pageContext.lang), for what a component says or sends without being told. */
export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE)

export const useLanguage = (): Language => useContext(LanguageContext)

/** What the switch says of one language: its name and a screen reader's words, written in that language. */
export interface LanguageSwitchTexts {
  readonly label: string
  readonly ariaLabel: string
}

/** The page in every language (its pageContext.alternates), where the language switch leads, and what it says of each language. */
export interface LanguageSwitchData {
  alternates: readonly Alternate[]
  texts: Readonly<Partial<Record<string, LanguageSwitchTexts>>>
}

/** Given by the page's template; without it (a component alone) there is no switch. */
export const LanguageSwitchContext = createContext<LanguageSwitchData | null>(null)

export const useLanguageSwitch = () => useContext(LanguageSwitchContext)
