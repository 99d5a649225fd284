/** Every route the data files define, in every language, with the title each page must carry (for browser tests and the quality script). */
import { findDataFileKind } from "../gatsby/data-schemas"
import { languageContents } from "../gatsby/i18n/data-nodes"
import { routeTable } from "../gatsby/i18n/routes"
import { dataDir } from "../gatsby/site-config"
import { readDataDir } from "../gatsby/validate-data"
import { offerText, type OfferPlaceholders } from "../src/lib/offer-text"
import { fill } from "../supabase/functions/_shared/kernel/escape.ts"
import type { Language } from "../supabase/functions/_shared/kernel/languages"

export interface SiteRoute {
  path: string
  title: string
  /** The page template, to pick one page per template for Lighthouse. */
  template: string
  noindex: boolean
  nofollow: boolean
  lang: Language
}

type Content = Record<string, unknown>
const text = (value: unknown) => (typeof value === "string" ? value : "")

export function siteRoutes(dir = dataDir()): SiteRoute[] {
  const { files } = readDataDir(dir)
  const { table } = routeTable(files)
  const contentsOf = (file: string) => {
    const data = files.find((f) => f.file === file)
    const kind = findDataFileKind(file)
    return data && kind ? languageContents(kind, file, data.raw, table).contents : []
  }
  // Titles as the pages show them: the offers' with their own price and code, the $49 page's with its amounts.
  const site = files.find((f) => f.file === "site.yaml")?.content as { phone: { display: string } }
  const { amounts } = files.find((f) => f.file === "scarsdale-offer.yaml")?.content as {
    amounts: Record<string, string>
  }
  const inFolder = (folder: string) => files.filter((f) => f.file.startsWith(`${folder}/`)).map((f) => f.file)
  const routes = (folder: string, route: (content: Content, lang: Language) => Omit<SiteRoute, "path" | "lang">) =>
    inFolder(folder).flatMap((file) =>
      contentsOf(file).map(({ language, content }) => ({
        path: text(content.route),
        lang: language,
        ...route(content, language),
      })),
    )
  const pages = routes("pages", (p) => ({
    title: fill(text(p.title), amounts),
    template: text(p.template),
    noindex: p.noindex === true,
    nofollow: p.nofollow === true,
  }))
  // Home first (each language's): it stands for its template in Lighthouse.
  pages.sort((a, b) => Number(b.template === "home-page") - Number(a.template === "home-page"))
  return [
    ...pages,
    ...routes("pests", (p) => ({ title: text(p.title), template: "pest-page", noindex: false, nofollow: false })),
    ...routes("offers", (o) => {
      const offer = o as unknown as Omit<OfferPlaceholders, "phone"> & { title: string; phone?: { display: string } }
      return {
        title: offerText(offer.title, { ...offer, phone: offer.phone ?? site.phone }),
        template: "offer-page",
        noindex: false,
        nofollow: false,
      }
    }),
  ]
}
