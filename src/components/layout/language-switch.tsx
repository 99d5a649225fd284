import { useLanguage, useLanguageSwitch } from "../../lib/i18n/language"

interface LanguageSwitchProps {
  /** The link's look, the frame's own (its other links'). */
  className: string
}

/**
 * A link to this page in each other language, each named in its own language ("Español" on an English page,
 * "English" on a Spanish one) and marked with it (lang, hreflang), so a screen reader says it right. A page with
 * no other version has none. Never automatic: the visitor chooses.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const lang = useLanguage()
  const languageSwitch = useLanguageSwitch()
  if (!languageSwitch) return null
  const { alternates, texts } = languageSwitch
  // Plain links: the other language's page loads whole, its head, its analytics language and its data with it.
  return (
    <>
      {alternates.map(({ lang: other, path }) => {
        const text = texts[other]
        return other === lang || !text ? null : (
          <a key={other} href={path} lang={other} hrefLang={other} aria-label={text.ariaLabel} className={className}>
            {text.label}
          </a>
        )
      })}
    </>
  )
}
