import { useLanguage, useLanguageSwitch } from "../../lib/i18n/language"

interface LanguageSwitchProps {
  /** The link's look, the frame's own (its other links'). */
  className: string
}

/**
 * The link to this page in the other language, named in that language ("Español" on an English page) and
 * marked with it (lang, hreflang), so a screen reader says it right. A page with no other version has none.
 * Never automatic: the visitor chooses.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const lang = useLanguage()
  const languageSwitch = useLanguageSwitch()
  const other = languageSwitch?.alternates.find((alternate) => alternate.lang !== lang)
  if (!languageSwitch || !other) return null
  return (
    // A plain link: the other language's page loads whole, its head, its analytics language and its data with it.
    <a
      href={other.path}
      lang={other.lang}
      hrefLang={other.lang}
      aria-label={languageSwitch.texts.ariaLabel}
      className={className}
    >
      {languageSwitch.texts.label}
    </a>
  )
}
