import { createContext, useContext } from "react"
import { DEFAULT_LANGUAGE, type Language } from "../../../supabase/functions/_shared/kernel/languages"

import type { PageVersion } from "./page-context"

export type { Language }

/** The page's language (its pageContext.lang), for what a component says or sends without being told. */
export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE)

export const useLanguage = (): Language => useContext(LanguageContext)

/** The page's versions (its pageContext.alternates), given by its template; without them (a component alone) there is no switch. */
export const LanguageSwitchContext = createContext<readonly PageVersion[] | null>(null)

export const useLanguageSwitch = () => useContext(LanguageSwitchContext)
