import { Link } from "gatsby"
import { useSiteData } from "../../hooks/use-site-data"
import { useAlternates, useLanguage } from "../../lib/i18n/language"
import { languageOf } from "../../../supabase/functions/_shared/kernel/languages"

interface LanguageSwitchProps {
  className?: string
}

/**
 * The link to this page in the other language, named in that language ("Español" on an English page) and
 * marked with it (lang, hreflang), so a screen reader says it right. A page with no other version has none.
 * Never automatic: the visitor chooses.
 */
export function LanguageSwitch({ className = "" }: LanguageSwitchProps) {
  const lang = useLanguage()
  const other = useAlternates().find((alternate) => languageOf(alternate.lang) !== lang)
  const { navigation } = useSiteData(lang)
  if (!other) return null
  const target = languageOf(other.lang)
  return (
    <Link
      to={other.path}
      lang={target}
      hrefLang={target}
      aria-label={navigation.languageSwitch.ariaLabel}
      className={`inline-flex min-h-6 items-center font-semibold underline underline-offset-2 ${className}`}
      data-placement="language-switch"
    >
      {navigation.languageSwitch.label}
    </Link>
  )
}
