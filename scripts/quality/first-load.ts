/**
 * What a first visit to a page downloads before it is interactive, from the
 * build: Gatsby's own chunks (webpack runtime, framework, app), the page
 * template's chunk group as webpack split it (read from webpack.stats.json;
 * Gatsby loads these from its app code, not from script tags), inline
 * scripts, and the page's CSS. Sizes are gzip. Chunks a page imports lazily
 * (supabase-js, the form contract) are not counted: they load after it.
 */
import fs from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"

export interface FirstLoad {
  jsBytes: number
  cssBytes: number
  /** Gzip size of Gatsby's framework, app and webpack-runtime chunks. */
  gatsbyFloorBytes: number
}

interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>
}

const gzipSize = (content: string | Buffer) => gzipSync(content).length

export function firstLoad(html: string, publicDir: string): FirstLoad {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as WebpackStats
  const pagePath = /window\.pagePath="([^"]*)"/.exec(html)?.[1]
  const pageData =
    pagePath === undefined
      ? null
      : path.join(
          publicDir,
          "page-data",
          pagePath === "/" ? "index" : pagePath.replace(/^\/|\/$/g, ""),
          "page-data.json",
        )
  const chunkName =
    pageData && fs.existsSync(pageData)
      ? (JSON.parse(fs.readFileSync(pageData, "utf8")) as { componentChunkName: string }).componentChunkName
      : null
  const jsAssets = (group: string) =>
    (stats.namedChunkGroups[group]?.assets ?? []).map((a) => a.name).filter((name) => name.endsWith(".js"))
  const gzipAsset = (name: string) => gzipSize(fs.readFileSync(path.join(publicDir, name)))

  const gatsbyFloorBytes = jsAssets("app").reduce((sum, name) => sum + gzipAsset(name), 0)
  const pageAssets = chunkName ? jsAssets(chunkName).filter((name) => !jsAssets("app").includes(name)) : []
  let jsBytes = gatsbyFloorBytes + pageAssets.reduce((sum, name) => sum + gzipAsset(name), 0)
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? ""
    if (/type="application\/(ld\+)?json"/.test(attributes) || /\bsrc=/.test(attributes)) continue
    if (match[2]?.trim()) jsBytes += gzipSize(match[2])
  }

  let cssBytes = 0
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) cssBytes += gzipSize(match[1] ?? "")
  for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1]
    if (href?.startsWith("/")) cssBytes += gzipSize(fs.readFileSync(path.join(publicDir, href)))
  }
  return { jsBytes, cssBytes, gatsbyFloorBytes }
}

/** The built HTML file that serves a route. */
export const htmlFileFor = (publicDir: string, route: string) =>
  route.endsWith("/") ? path.join(publicDir, route, "index.html") : path.join(publicDir, route)
