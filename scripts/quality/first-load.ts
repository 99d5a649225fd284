/**
 * What a first visit to a page downloads, measured from the built HTML:
 * every script and stylesheet it references or inlines, gzip-compressed.
 */
import fs from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"

export interface FirstLoad {
  jsBytes: number
  cssBytes: number
  /** Gzip size of Gatsby's framework, app and webpack-runtime chunks on this page. */
  gatsbyFloorBytes: number
}

const gzipSize = (content: string | Buffer) => gzipSync(content).length
const GATSBY_CHUNK = /^\/(framework|app|webpack-runtime)-[0-9a-f]+\.js$/

export function firstLoad(html: string, publicDir: string): FirstLoad {
  const readAsset = (src: string) => fs.readFileSync(path.join(publicDir, src.split("?")[0] ?? src))
  let jsBytes = 0
  let gatsbyFloorBytes = 0
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? ""
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1]
    if (src) {
      const size = gzipSize(readAsset(src))
      jsBytes += size
      if (GATSBY_CHUNK.test(src)) gatsbyFloorBytes += size
    } else if (match[2]?.trim()) {
      jsBytes += gzipSize(match[2])
    }
  }
  let cssBytes = 0
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) cssBytes += gzipSize(match[1] ?? "")
  for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1]
    if (href?.startsWith("/")) cssBytes += gzipSize(readAsset(href))
  }
  return { jsBytes, cssBytes, gatsbyFloorBytes }
}

/** The built HTML file that serves a route. */
export const htmlFileFor = (publicDir: string, route: string) =>
  route.endsWith("/") ? path.join(publicDir, route, "index.html") : path.join(publicDir, route)
