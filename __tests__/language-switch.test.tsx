import { render, screen } from "@testing-library/react"
import { LanguageSwitch } from "../src/components/layout/language-switch"
import { LanguageContext, LanguageSwitchContext } from "../src/lib/i18n/language"
import type { PageVersion } from "../src/lib/i18n/page-context"
import { LANGUAGES, prefixedRoute, type Language } from "../supabase/functions/_shared/kernel/languages"
import { readData } from "./fixtures/data"

type SwitchWords = { label: string; versionNotes: Record<Language, string> }
const words = (lang: Language) => readData<{ languageSwitch: SwitchWords }>("navigation.yaml", lang).languageSwitch

/** The ants page in every language as a page in `pageLang` links to it, with the words create-pages.ts gives. */
const versionsOn = (pageLang: Language): PageVersion[] =>
  LANGUAGES.map((lang) => ({
    lang,
    path: prefixedRoute(lang, `/services/ants-${lang}/`),
    label: words(lang).label,
    note: words(pageLang).versionNotes[lang],
  }))

const renderSwitch = (lang: Language, given: readonly PageVersion[] | null = versionsOn(lang)) =>
  render(
    <LanguageContext.Provider value={lang}>
      <LanguageSwitchContext.Provider value={given}>
        <LanguageSwitch className="nav-link" />
      </LanguageSwitchContext.Provider>
    </LanguageContext.Provider>,
  )

describe.each(LANGUAGES)("on a page in %s", (lang) => {
  test("a link to each other language's version, named and marked in that language, told in the page's; none to itself", () => {
    renderSwitch(lang)
    const others = LANGUAGES.filter((other) => other !== lang)
    expect(screen.getAllByRole("link")).toHaveLength(others.length)
    for (const other of others) {
      const { label } = words(other)
      const note = words(lang).versionNotes[other]
      const link = screen.getByRole("link", { name: `${label} ${note}` })
      // The link speaks its language (the other page's); its note, the page's.
      expect(link).toHaveAttribute("lang", other)
      expect(screen.getByText(note)).toHaveAttribute("lang", lang)
      expect(link).toHaveAttribute("href", prefixedRoute(other, `/services/ants-${other}/`))
      expect(link).toHaveAttribute("hreflang", other)
      expect(link).toHaveClass("nav-link")
    }
  })
})

test("a page with no other version, or a component alone, has no switch", () => {
  const english = versionsOn("en").filter((version) => version.lang === "en")
  expect(renderSwitch("en", english).container).toBeEmptyDOMElement()
  expect(renderSwitch("en", null).container).toBeEmptyDOMElement()
})
