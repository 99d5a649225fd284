import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { LANGUAGES, languageOf, prefixedRoute, type Language } from "../supabase/functions/_shared/kernel/languages"
import { withTrailingSlash } from "../src/lib/paths"
import type { Alternate, PageContext, PageVersion } from "../src/lib/i18n/page-context"

const template = (name: string) => path.resolve(`src/templates/${name}.tsx`)

interface Entry {
  lang: string
  pageKey: string
  route: string
}

interface CreatePagesData {
  allPageYaml: { nodes: Array<Entry & { template: string }> }
  allPestYaml: { nodes: Entry[] }
  allOfferYaml: { nodes: Array<Entry & { fallback: boolean | null }> }
  allNavigationYaml: {
    nodes: Array<{
      lang: string
      sections: { offers: string }
      languageSwitch: { label: string; versionNotes: Readonly<Record<Language, string>> }
    }>
  }
}

/** What the language switch says in each language (data/navigation.yaml `languageSwitch`). */
type SwitchWords = ReadonlyMap<string, { label: string; versionNotes: Readonly<Record<Language, string>> }>

const switchWords = (words: SwitchWords, lang: string) => {
  const said = words.get(lang)
  // The data check requires every language's navigation.yaml languageSwitch (pre-init.ts).
  if (!said) throw new Error(`data/navigation.yaml has no ${lang} languageSwitch`)
  return said
}

/**
 * Every language's version of an entry, found by its key, as a page in `pageLang` links to it: its route, its
 * name in its own language, and what a screen reader hears of it in the page's language.
 */
const versionsOf = (entries: readonly Entry[], words: SwitchWords) => {
  const byKey = new Map<string, Alternate[]>()
  for (const entry of entries) {
    const version = { lang: languageOf(entry.lang), path: entry.route }
    byKey.set(entry.pageKey, [...(byKey.get(entry.pageKey) ?? []), version])
  }
  return (key: string, pageLang: string): PageVersion[] =>
    (byKey.get(key) ?? []).map((version) => ({
      ...version,
      label: switchWords(words, version.lang).label,
      note: switchWords(words, pageLang).versionNotes[version.lang],
    }))
}

/**
 * One page per static route (data/pages), per pest (data/pests) and per offer key (data/offers), in every
 * language, each at its language's route (gatsby/i18n/). A page's context holds its key, its language and
 * its versions in every language (the head's hreflang links and the language switch).
 * The data was checked before sourcing (pre-init.ts), across files too.
 */
export const createPages: GatsbyNode["createPages"] = async (args) => {
  const { actions, reporter } = args
  const result = await args.graphql<CreatePagesData>(`
    query CreatePages {
      allPageYaml(sort: [{ pageKey: ASC }, { lang: ASC }]) {
        nodes {
          lang
          pageKey
          route
          template
        }
      }
      allPestYaml(sort: [{ pageKey: ASC }, { lang: ASC }]) {
        nodes {
          lang
          pageKey
          route
        }
      }
      allOfferYaml(sort: [{ pageKey: ASC }, { lang: ASC }]) {
        nodes {
          lang
          pageKey
          route
          fallback
        }
      }
      allNavigationYaml {
        nodes {
          lang
          sections {
            offers
          }
          languageSwitch {
            label
            versionNotes {
              ${LANGUAGES.join("\n")}
            }
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data files", result.errors as Error[] | undefined)
    return
  }
  const { allPageYaml, allPestYaml, allOfferYaml, allNavigationYaml } = result.data

  const words: SwitchWords = new Map(allNavigationYaml.nodes.map((node) => [node.lang, node.languageSwitch]))

  const { createPage } = actions
  const create = <E extends Entry>(entries: readonly E[], component: (entry: E) => string) => {
    const alternates = versionsOf(entries, words)
    for (const entry of entries) {
      const context: PageContext = {
        key: entry.pageKey,
        lang: languageOf(entry.lang),
        alternates: alternates(entry.pageKey, entry.lang),
      }
      createPage({ path: entry.route, component: component(entry), context })
    }
  }
  create(allPageYaml.nodes, (page) => template(page.template))
  create(allPestYaml.nodes, () => template("pest-page"))
  create(allOfferYaml.nodes, () => template("offer-page"))

  // Each language's offer section (/offer/, /es/oferta/) and every unknown key under it show the fallback offer
  //. A static host serves this page's HTML for them (_redirects, post-build.ts; gatsby serve reads the
  // matchPath), so nothing flashes.
  const fallbacks = allOfferYaml.nodes.filter((offer) => offer.fallback === true)
  const fallbackAlternates = versionsOf(fallbacks, words)
  for (const { lang, sections } of allNavigationYaml.nodes) {
    const fallback = fallbacks.find((offer) => offer.lang === lang)
    if (!fallback) continue
    const route = withTrailingSlash(sections.offers)
    // The fallback offer's own pages are its canonical and its other languages' versions.
    const context: PageContext = {
      key: fallback.pageKey,
      lang: languageOf(lang),
      alternates: fallbackAlternates(fallback.pageKey, lang),
    }
    createPage({ path: route, matchPath: `${route}*`, component: template("offer-page"), context })
  }

  // The page-not-found page in every language: /404/ (the host's 404.html) and /es/404/.
  const notFound = LANGUAGES.map((lang) => ({
    lang,
    pageKey: "/404",
    route: withTrailingSlash(prefixedRoute(lang, "/404")),
  }))
  create(notFound, () => template("not-found"))
}
