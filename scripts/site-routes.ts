/** Every route the data files define, with the title each page must carry (for browser tests and the quality script). */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { dataDir } from "../gatsby/site-config"
import { offerText, type OfferPlaceholders } from "../src/lib/offer-text"
import { offerPath, pestPath, withTrailingSlash } from "../src/lib/paths"
import { fill } from "../supabase/functions/_shared/kernel/escape.ts"

export interface SiteRoute {
  path: string
  title: string
  /** The page template, to pick one page per template for Lighthouse. */
  template: string
  noindex: boolean
  nofollow: boolean
}

/** The YAML files of `dir` and of its subfolders (data/pages/office/), in name order. */
const readYamlDir = <T>(dir: string): T[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => load(fs.readFileSync(path.join(dir, f), "utf8")) as T)

export function siteRoutes(dir = dataDir()): SiteRoute[] {
  const pages = readYamlDir<{ path: string; title: string; template: string; noindex?: boolean; nofollow?: boolean }>(
    path.join(dir, "pages"),
  )
  const pests = readYamlDir<{ slug: string; title: string }>(path.join(dir, "pests"))
  const offers = readYamlDir<
    Omit<OfferPlaceholders, "phone"> & { key: string; title: string; phone?: { display: string } }
  >(path.join(dir, "offers"))
  // Titles as the pages show them: the offers' with their own price and code, the $49 page's with its amounts.
  const readYaml = (file: string): unknown => load(fs.readFileSync(path.join(dir, file), "utf8"))
  const site = readYaml("site.yaml") as { phone: { display: string } }
  const { amounts } = readYaml("scarsdale-offer.yaml") as { amounts: Record<string, string> }
  // Home first: it stands for its template in Lighthouse.
  pages.sort((a, b) => Number(b.path === "/") - Number(a.path === "/"))
  return [
    ...pages.map((p) => ({
      path: withTrailingSlash(p.path),
      title: fill(p.title, amounts),
      template: p.template,
      noindex: p.noindex === true,
      nofollow: p.nofollow === true,
    })),
    ...pests.map((p) => ({
      path: pestPath(p.slug),
      title: p.title,
      template: "pest-page",
      noindex: false,
      nofollow: false,
    })),
    ...offers.map((o) => ({
      path: offerPath(o.key),
      title: offerText(o.title, { ...o, phone: o.phone ?? site.phone }),
      template: "offer-page",
      noindex: false,
      nofollow: false,
    })),
  ]
}
