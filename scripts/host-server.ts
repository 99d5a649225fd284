/**
 * Serves public/ the way the static host (Netlify, Cloudflare Pages) does, so tests see what
 * visitors get: public/_headers applied by path pattern, public/_redirects rewrites and
 * redirects (a rule applies only when no file exists at the path, unless forced), index.html
 * for directory paths, /dir → /dir/ redirects, and 404.html with status 404.
 * `gatsby serve` does none of this. Run it alone with `npm run serve:host` (PORT, default 9000).
 */
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import zlib from "node:zlib"
import { headersFor, parseHeaders, parseRedirects, redirectFor, type HeaderRule, type RedirectRule } from "./host-rules"

export interface HostServer {
  url: string
  stop: () => Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
}
export const contentType = (file: string) =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream"

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

// What Netlify sends when no rule sets Cache-Control.
const DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"

const readIfExists = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "")

/** The file a URL path names inside root, or null (also for paths that try to leave root). */
export function fileFor(root: string, urlPath: string): string | null {
  // The host reads its rule files; it does not publish them.
  if (urlPath === "/_headers" || urlPath === "/_redirects") return null
  const target = path.join(root, urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath)
  if (target !== root && !target.startsWith(root + path.sep)) return null
  return fs.existsSync(target) && fs.statSync(target).isFile() ? target : null
}

interface Rules {
  headers: HeaderRule[]
  redirects: RedirectRule[]
}

function respond(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  rules: Rules,
  urlPath: string,
  status: number,
  file: string | null,
  location?: string,
) {
  for (const [name, value] of headersFor(rules.headers, urlPath)) response.setHeader(name, value)
  if (!response.hasHeader("cache-control")) response.setHeader("Cache-Control", DEFAULT_CACHE_CONTROL)
  if (location) response.setHeader("Location", location)
  if (!file) {
    response.writeHead(status).end()
    return
  }
  const type = contentType(file)
  // Hosts compress text; without it Lighthouse's simulated load would be slower than the real one.
  const compress = COMPRESSIBLE.test(type) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")
  const body = compress ? zlib.gzipSync(fs.readFileSync(file)) : fs.readFileSync(file)
  response.setHeader("Vary", "Accept-Encoding")
  if (compress) response.setHeader("Content-Encoding", "gzip")
  response.writeHead(status, { "Content-Type": type, "Content-Length": body.length })
  response.end(request.method === "HEAD" ? undefined : body)
}

export function handler(root: string) {
  const absoluteRoot = path.resolve(root)
  // Read once per server: the build does not change while it is being served.
  const rules: Rules = {
    headers: parseHeaders(readIfExists(path.join(absoluteRoot, "_headers"))),
    redirects: parseRedirects(readIfExists(path.join(absoluteRoot, "_redirects"))),
  }
  const notFound = path.join(absoluteRoot, "404.html")

  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://host")
    let urlPath: string
    try {
      urlPath = decodeURIComponent(url.pathname)
    } catch {
      respond(request, response, rules, url.pathname, 400, null)
      return
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD")
      respond(request, response, rules, urlPath, 405, null)
      return
    }
    const file = fileFor(absoluteRoot, urlPath)
    // A folder's page (/es/contacto → /es/contacto/) shadows a rule as its file does.
    const folderPage = !urlPath.endsWith("/") && fileFor(absoluteRoot, `${urlPath}/`) !== null
    const redirect = redirectFor(rules.redirects, urlPath, file !== null || folderPage)
    // A rewrite (200) or a language's own page-not-found (404): the target's file with that status.
    if (redirect && (redirect.status === 200 || redirect.status === 404)) {
      respond(request, response, rules, urlPath, redirect.status, fileFor(absoluteRoot, redirect.to) ?? notFound)
      return
    }
    if (redirect) {
      respond(request, response, rules, urlPath, redirect.status, null, `${redirect.to}${url.search}`)
      return
    }
    if (file) {
      respond(request, response, rules, urlPath, 200, file)
      return
    }
    // Netlify's pretty URLs: /contact names the page at /contact/.
    if (!urlPath.endsWith("/") && fileFor(absoluteRoot, `${urlPath}/`)) {
      respond(request, response, rules, urlPath, 301, null, `${url.pathname}/${url.search}`)
      return
    }
    respond(request, response, rules, urlPath, 404, fs.existsSync(notFound) ? notFound : null)
  }
}

/** Serves root on host:port (port 0: a free one). */
export function startHostServer(options: { root?: string; port?: number; host?: string } = {}): Promise<HostServer> {
  const root = options.root ?? path.resolve("public")
  if (!fs.existsSync(path.join(root, "index.html")))
    throw new Error(`${root} has no build: run \`npm run build\` first`)
  const server = http.createServer(handler(root))
  const host = options.host ?? "127.0.0.1"
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://${host}:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            // Browsers keep connections open; close them so the server stops now.
            server.close(() => {
              done()
            })
            server.closeAllConnections()
          }),
      })
    })
  })
}

if (require.main === module) {
  startHostServer({ port: Number(process.env.PORT ?? 9000), host: "localhost" }).then(
    (server) => {
      console.log(`public/ served as the static host would at ${server.url}/`)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
