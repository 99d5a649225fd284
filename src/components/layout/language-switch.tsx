import { useLanguage, useLanguageSwitch } from "../../lib/i18n/language"

interface LanguageSwitchProps {
  /** The link's look, the frame's own (its other links'). */
  className: string
}

/**
 * A link to this page in each other language, each named in its own language ("Español" on an English page,
 * "English" on a Spanish one) and marked with it (lang, hreflang), so a screen reader says it right, then told in
 * the page's language where it leads. A page with no other version has none. Never automatic: the visitor chooses.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const lang = useLanguage()
  const versions = useLanguageSwitch() ?? []
  // Plain links: the other language's page loads whole, its head, its analytics language and its data with it.
  return (
    <>
      {versions.map((version) =>
        version.lang === lang ? null : (
          <a key={version.lang} href={version.path} hrefLang={version.lang} lang={version.lang} className={className}>
            {version.label}
            {/* The note is in the page's language, inside a link marked with the other one. */}
            <span lang={lang} className="sr-only">
              {" "}
              {version.note}
            </span>
          </a>
        ),
      )}
    </>
  )
}
