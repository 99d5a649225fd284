/**
 * The sitemap as a search engine reads it from the host (Google's localized-versions guidance): every page
 * lists itself and each of its versions in the other languages, with full URLs, plus English as x-default;
 * every pair is listed both ways; and every address in it answers 200.
 */
import { siteRoutes } from "../scripts/site-routes"
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfPath } from "../supabase/functions/_shared/kernel/languages"

const hostUrl = () => {
  const url = process.env.E2E_HOST_URL
  if (!url) throw new Error("E2E_HOST_URL is not set: run through the e2e Jest config")
  return url
}

interface Entry {
  loc: string
  links: Map<string, string>
}

/** The sitemap's entries: each <url>'s <loc> and its hreflang links. */
function entriesOf(xml: string): Entry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? "",
    links: new Map(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang = "", href = ""]) => [lang, href],
      ),
    ),
  }))
}

const entries: Entry[] = []
beforeAll(async () => {
  const index = await (await fetch(`${hostUrl()}/sitemap-index.xml`)).text()
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname)
  expect(maps.length).toBeGreaterThan(0)
  for (const map of maps) entries.push(...entriesOf(await (await fetch(`${hostUrl()}${map}`)).text()))
})

test("lists every public page of every language, and only once", () => {
  const listed = entries.map((entry) => new URL(entry.loc).pathname)
  const expected = siteRoutes()
    .filter((route) => !route.noindex)
    .map((route) => route.path)
  expect([...listed].sort()).toEqual([...expected].sort())
  expect(new Set(listed).size).toBe(listed.length)
  expect(listed).toContain("/es/servicios/hormigas/")
})

test("every page lists itself and its other versions with full URLs, English as x-default", () => {
  // The build's canonical origin (SITE_URL), which every address must carry in full.
  const origin = new URL(entries[0]?.loc ?? "http://none").origin
  for (const entry of entries) {
    const self = [...entry.links].find(([, href]) => href === entry.loc)
    expect([entry.loc, self?.[0]]).toEqual([entry.loc, languageOfPath(new URL(entry.loc).pathname)])
    expect([entry.loc, [...entry.links.keys()].sort()]).toEqual([entry.loc, [...LANGUAGES, "x-default"].sort()])
    for (const href of entry.links.values()) expect(href.startsWith(`${origin}/`)).toBe(true)
    expect(entry.links.get("x-default")).toBe(entry.links.get(DEFAULT_LANGUAGE))
  }
})

test("every hreflang pair is reciprocal: each version lists the others, the same set", () => {
  const byLoc = new Map(entries.map((entry) => [entry.loc, entry]))
  for (const entry of entries)
    for (const [lang, href] of entry.links) {
      if (lang === "x-default") continue
      const other = byLoc.get(href)
      expect([entry.loc, lang, other ? "listed" : "missing"]).toEqual([entry.loc, lang, "listed"])
      expect([href, Object.fromEntries(other?.links ?? [])]).toEqual([href, Object.fromEntries(entry.links)])
    }
})

test("every address the sitemap names answers 200 from the host", async () => {
  const addresses = new Set(entries.flatMap((entry) => [entry.loc, ...entry.links.values()]))
  const statuses = await Promise.all(
    [...addresses].map(async (address) => {
      const response = await fetch(`${hostUrl()}${new URL(address).pathname}`, { redirect: "manual" })
      return [new URL(address).pathname, response.status] as const
    }),
  )
  expect(statuses.filter(([, status]) => status !== 200)).toEqual([])
})
