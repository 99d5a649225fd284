import { render, screen } from "@testing-library/react"
import { LanguageSwitch } from "../src/components/layout/language-switch"
import { LanguageContext, LanguageSwitchContext } from "../src/lib/i18n/language"
import type { PageVersion } from "../src/lib/i18n/page-context"
import { LANGUAGES, prefixedRoute, type Language } from "../supabase/functions/_shared/kernel/languages"
import { readData } from "./fixtures/data"

/** The ants page in every language, each with its switch's words as create-pages.ts gives them. */
const versions: PageVersion[] = LANGUAGES.map((lang) => ({
  lang,
  path: prefixedRoute(lang, `/services/ants-${lang}/`),
  ...readData<{ languageSwitch: { label: string; ariaLabel: string } }>("navigation.yaml", lang).languageSwitch,
}))

const renderSwitch = (lang: Language, given: readonly PageVersion[] | null = versions) =>
  render(
    <LanguageContext.Provider value={lang}>
      <LanguageSwitchContext.Provider value={given}>
        <LanguageSwitch className="nav-link" />
      </LanguageSwitchContext.Provider>
    </LanguageContext.Provider>,
  )

describe.each(LANGUAGES)("on a page in %s", (lang) => {
  test("a link to each other language's version, named and marked in that language; none to itself", () => {
    renderSwitch(lang)
    const others = versions.filter((version) => version.lang !== lang)
    expect(screen.getAllByRole("link")).toHaveLength(others.length)
    for (const other of others) {
      const link = screen.getByRole("link", { name: other.ariaLabel })
      expect(link).toHaveTextContent(other.label)
      expect(link).toHaveAttribute("href", other.path)
      expect(link).toHaveAttribute("lang", other.lang)
      expect(link).toHaveAttribute("hreflang", other.lang)
      expect(link).toHaveClass("nav-link")
    }
  })
})

test("a page with no other version, or a component alone, has no switch", () => {
  const english = versions.filter((version) => version.lang === "en")
  expect(renderSwitch("en", english).container).toBeEmptyDOMElement()
  expect(renderSwitch("en", null).container).toBeEmptyDOMElement()
})
