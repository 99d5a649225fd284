/**
 * Writes public/_headers (Netlify format, also read by Cloudflare Pages) from the declared policy
 * in gatsby/security-policy.ts. It is generated, not a static/_headers file, because two parts of
 * the Content-Security-Policy exist only after the build: the sha256 hashes of the inline scripts
 * Gatsby writes into each page (chunk map, page path, image loader, the Google tag's config), and
 * the functions' origin the site was built against.
 */
import { createHash } from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
import {
  ADMIN,
  ADMIN_PATH,
  CACHE_RULES,
  LEAD_SYNC_WORKER,
  NO_CACHE,
  REVALIDATE,
  SECURITY_HEADERS,
  policyGroups,
  type Directive,
  type Sources,
} from "./security-policy"
import { LEAD_SYNC_WORKER_PATH } from "../src/lib/leads/lead-sync-messages"

export interface HeaderRule {
  /** A Netlify path pattern: `*` matches anything, `:name` one path segment. */
  pattern: string
  headers: ReadonlyArray<readonly [string, string]>
}

// Script types a browser executes (HTML's "JavaScript MIME type essence match", plus module).
// A JSON-LD block is data: Chromium never runs it, so CSP does not apply to it and it needs no hash.
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "text/ecmascript",
  "application/ecmascript",
])

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, "i").exec(attributes)

/** The bodies of the inline scripts a browser would run, exactly as written in the HTML (CSP hashes raw text). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = []
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, "src")) continue
    const type = attribute(attributes, "type")
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase()
    if (!EXECUTABLE_TYPES.has(typeValue)) continue
    scripts.push(body)
  }
  return scripts
}

/** A CSP hash source: sha256 of the UTF-8 bytes, base64. */
export const cspHash = (script: string) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`

/** The hashes of every inline script on the given pages, once each, sorted so the file is stable. */
export const scriptHashes = (pages: readonly string[]) => [...new Set(pages.flatMap(inlineScripts).map(cspHash))].sort()

/** One Content-Security-Policy value from groups of sources, each source once, in the groups' order. */
export function mergePolicy(groups: readonly Sources[]): string {
  const merged = new Map<Directive, string[]>()
  for (const group of groups) {
    for (const [directive, sources] of Object.entries(group) as Array<[Directive, readonly string[]]>) {
      const list = merged.get(directive) ?? []
      for (const source of sources) if (!list.includes(source)) list.push(source)
      merged.set(directive, list)
    }
  }
  return [...merged].map(([directive, sources]) => `${directive} ${sources.join(" ")}`).join("; ")
}

/** Merges the policy groups and the build-time sources into the site's Content-Security-Policy value. */
export function contentSecurityPolicy(
  build: { functionsOrigin: string; scriptHashes: readonly string[] },
  groups: readonly Sources[] = policyGroups(),
): string {
  return mergePolicy([...groups, { "script-src": build.scriptHashes, "connect-src": [build.functionsOrigin] }])
}

/** What the built site's top level holds: the folders and the HTML files the policy must cover. */
export interface SiteLayout {
  directories: readonly string[]
  htmlFiles: readonly string[]
}

/** The admin's folder in public/, e.g. "admin" for /admin/. */
const ADMIN_FOLDER = ADMIN_PATH.replace(/\//g, "")

/**
 * The rules. Netlify applies every matching rule and joins a header set by two of them with ", "
 * (two policies, both enforced) and has no way to leave a path out of `/*`. So the security
 * headers the admin shares sit on `/*`, while the site's CSP is set, by one rule each, on `/` and
 * on every top-level folder and page of the build but the admin's, and the admin gets its own.
 * Unknown top-level paths get 404.html, which carries the same policy in a <meta> element
 * (withPolicyMeta). Cache-Control likewise sits only on patterns that never overlap.
 */
export function headerRules(
  csp: string,
  layout: SiteLayout,
  adminCsp = mergePolicy([ADMIN]),
  workerCsp = mergePolicy([LEAD_SYNC_WORKER]),
): HeaderRule[] {
  const siteCsp = (pattern: string): HeaderRule => ({ pattern, headers: [["Content-Security-Policy", csp]] })
  const folders = layout.directories.filter((name) => name !== ADMIN_FOLDER)
  return [
    { pattern: "/*", headers: SECURITY_HEADERS },
    siteCsp("/"),
    ...folders.map((name) => siteCsp(`/${name}/*`)),
    ...layout.htmlFiles.map((name) => siteCsp(`/${name}`)),
    ...CACHE_RULES.map(([pattern, value]): HeaderRule => ({ pattern, headers: [["Cache-Control", value]] })),
    {
      pattern: ADMIN_PATH,
      headers: [
        ["Content-Security-Policy", adminCsp],
        ["Cache-Control", REVALIDATE],
      ],
    },
    { pattern: `${ADMIN_PATH}config.yml`, headers: [["Cache-Control", REVALIDATE]] },
    // The editor is for signed-in editors only: never in a search engine, whatever links to it.
    { pattern: `${ADMIN_PATH}*`, headers: [["X-Robots-Tag", "noindex, nofollow"]] },
    // The lead service worker (gatsby/lead-sync-worker.ts): its own strict policy, and never cached unchecked.
    {
      pattern: LEAD_SYNC_WORKER_PATH,
      headers: [
        ["Content-Security-Policy", workerCsp],
        ["Cache-Control", NO_CACHE],
      ],
    },
  ]
}

/** A <meta> policy may not carry frame-ancestors (browsers ignore it there and say so); X-Frame-Options covers framing. */
export const metaPolicy = (csp: string) =>
  csp
    .split("; ")
    .filter((directive) => !directive.startsWith("frame-ancestors"))
    .join("; ")

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/g

/**
 * The page with the policy in its <head>, right after the character set (which must stay within the
 * first 1024 bytes) and before any script it allows; a policy an earlier build put there is replaced
 * (Gatsby leaves an unchanged page's file as it was).
 */
export const withPolicyMeta = (html: string, csp: string) => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(metaPolicy(csp))}">`
  const page = html.replace(POLICY_META, "")
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(page)
  if (!charset) return page.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${meta}`)
  const after = charset.index + charset[0].length
  return `${page.slice(0, after)}${meta}${page.slice(after)}`
}

/** Netlify's `_headers` syntax: a path line, then indented `Name: value` lines. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const header =
    "# Generated by gatsby/security-headers.ts at build time (see docs/deploying.md, Security headers). Do not edit.\n"
  const blocks = rules.map((rule) =>
    [rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
  )
  return `${header}${blocks.join("\n\n")}\n`
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return htmlFiles(full)
      return Promise.resolve(entry.name.endsWith(".html") ? [full] : [])
    }),
  )
  return nested.flat()
}

/** The top-level folders and HTML files of a build. */
async function layoutOf(publicDir: string): Promise<SiteLayout> {
  const entries = await fs.readdir(publicDir, { withFileTypes: true })
  return {
    directories: entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(),
    htmlFiles: entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map((entry) => entry.name)
      .sort(),
  }
}

/** The not-found pages the host serves for any unknown path. */
const NOT_FOUND_PAGES = ["404.html", path.join("404", "index.html")]

/**
 * Hashes every built page's inline scripts (the admin's page has none), writes <publicDir>/_headers
 * and puts the policy into the not-found pages; returns the CSP.
 */
export async function writeSecurityHeaders(
  publicDir: string,
  functionsOrigin: string,
  groups: readonly Sources[] = policyGroups(),
): Promise<{ csp: string; pages: number }> {
  const files = await htmlFiles(publicDir)
  const pages = await Promise.all(files.map((file) => fs.readFile(file, "utf8")))
  const csp = contentSecurityPolicy({ functionsOrigin, scriptHashes: scriptHashes(pages) }, groups)
  const workerCsp = mergePolicy([LEAD_SYNC_WORKER, { "connect-src": [functionsOrigin] }])
  await fs.writeFile(
    path.join(publicDir, "_headers"),
    headersFile(headerRules(csp, await layoutOf(publicDir), undefined, workerCsp)),
  )
  for (const page of NOT_FOUND_PAGES) {
    const file = path.join(publicDir, page)
    const html = await fs.readFile(file, "utf8").catch(() => undefined)
    if (html !== undefined) await fs.writeFile(file, withPolicyMeta(html, csp))
  }
  return { csp, pages: files.length }
}
