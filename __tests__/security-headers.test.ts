/** @jest-environment node */
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import {
  contentSecurityPolicy,
  cspHash,
  headerRules,
  headersFile,
  inlineScripts,
  scriptHashes,
  writeSecurityHeaders,
} from "../gatsby/security-headers"
import { functionsOrigin, LOCAL_FUNCTIONS_URL, policyGroups } from "../gatsby/security-policy"
import { LOCAL_API_URL } from "../supabase/functions/_shared/local-defaults"
import { headersFor, parseHeaders } from "../scripts/host-rules"

const SAMPLE = `<!DOCTYPE html><html><head>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>
<script>window.dataLayer = window.dataLayer || [];</script>
<script type="application/ld+json" data-gatsby-head="true">{"@context":"https://schema.org"}</script>
</head><body>
<script type="module">const e = 1;</script>
<script
  id="gatsby-chunk-mapping"
>
  window.___chunkMapping="{}";
</script>
<script src="/app-0123456789abcdef0123.js" async></script>
</body></html>`

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? []

describe("inline script hashes", () => {
  test("finds every inline script a browser runs, body exactly as written, and skips external scripts and JSON-LD data", () => {
    expect(inlineScripts(SAMPLE)).toEqual([
      "window.dataLayer = window.dataLayer || [];",
      "const e = 1;",
      '\n  window.___chunkMapping="{}";\n',
    ])
  })

  test("hash is base64 sha256 of the UTF-8 text, as CSP defines it", () => {
    const script = 'window.pagePath="/café/";'
    const expected = createHash("sha256").update(Buffer.from(script, "utf8")).digest("base64")
    expect(cspHash(script)).toBe(`'sha256-${expected}'`)
    // A known vector: sha256("") in base64.
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })

  test("one hash per distinct script across pages, sorted", () => {
    const hashes = scriptHashes([SAMPLE, SAMPLE, "<script>other()</script>"])
    expect(hashes).toHaveLength(4)
    expect([...hashes].sort()).toEqual(hashes)
  })
})

describe("the policy", () => {
  const build = { functionsOrigin: "https://abc.supabase.co", scriptHashes: ["'sha256-AAA='"] }
  const csp = contentSecurityPolicy(build, policyGroups({ GATSBY_TURNSTILE_SITE_KEY: "1x00000000000000000000AA" }))

  test("Turnstile's origin is allowed (script and frame, nothing else) only when the build has its site key", () => {
    const TURNSTILE = "https://challenges.cloudflare.com"
    const using = (sources: string) => csp.split("; ").filter((d) => d.split(" ").includes(sources))
    expect(using(TURNSTILE).map((d) => d.split(" ")[0])).toEqual(["script-src", "frame-src"])
    for (const env of [{}, { GATSBY_TURNSTILE_SITE_KEY: "" }, { GATSBY_TURNSTILE_SITE_KEY: "  " }]) {
      const without = contentSecurityPolicy(build, policyGroups(env))
      expect(without).not.toContain("cloudflare")
      expect(directive(without, "script-src")).toEqual(expect.arrayContaining(["'self'", "'sha256-AAA='"]))
    }
  })

  test("scripts: self, the hashes, the Google tag and Turnstile; never unsafe-inline or unsafe-eval", () => {
    const scripts = directive(csp, "script-src")
    expect(scripts).toEqual(
      expect.arrayContaining([
        "'self'",
        "'sha256-AAA='",
        "https://*.googletagmanager.com",
        "https://challenges.cloudflare.com",
      ]),
    )
    expect(scripts.join(" ")).not.toMatch(/unsafe/)
  })

  test("connects to the functions' origin and Google's beacons", () => {
    expect(directive(csp, "connect-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://abc.supabase.co",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
      ]),
    )
  })

  test("locks down framing, base, forms and plugins", () => {
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"])
    expect(directive(csp, "base-uri")).toEqual(["'self'"])
    expect(directive(csp, "form-action")).toEqual(["'self'"])
    expect(directive(csp, "object-src")).toEqual(["'none'"])
    expect(directive(csp, "default-src")).toEqual(["'self'"])
    expect(directive(csp, "frame-src")).toEqual(expect.arrayContaining(["https://challenges.cloudflare.com"]))
    expect(directive(csp, "img-src")).toEqual(
      expect.arrayContaining(["'self'", "data:", "https://*.google-analytics.com"]),
    )
    expect(directive(csp, "style-src")).toEqual(["'self'", "'unsafe-inline'"])
  })

  test("each directive once, each source once", () => {
    const names = csp.split("; ").map((d) => d.split(" ")[0])
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) {
      const sources = directive(csp, name!)
      expect(new Set(sources).size).toBe(sources.length)
    }
  })

  test("the functions' origin comes from GATSBY_SUPABASE_URL, else the local backend", () => {
    expect(functionsOrigin({ GATSBY_SUPABASE_URL: "https://abc.supabase.co/" })).toBe("https://abc.supabase.co")
    expect(functionsOrigin({})).toBe("http://localhost:54321")
    // The same default the site's backend config uses.
    expect(LOCAL_FUNCTIONS_URL).toBe(LOCAL_API_URL)
  })
})

describe("the _headers file", () => {
  const text = headersFile(headerRules("default-src 'self'"))

  test("is Netlify's format: path lines, indented Name: value lines, blank lines between", () => {
    expect(text).toMatch(/^# Generated/)
    expect(text).toContain(
      "/*\n  Content-Security-Policy: default-src 'self'\n  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload\n",
    )
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
      expect(line).toMatch(/^(\/\S*| {2}[A-Za-z-]+: .+)$/)
  })

  test("every page gets the security headers once; hashed assets are immutable, HTML and page-data revalidated", () => {
    const rules = parseHeaders(text)
    const page = headersFor(rules, "/contact/")
    expect(page.get("Content-Security-Policy")).toBe("default-src 'self'")
    expect(page.get("X-Frame-Options")).toBe("DENY")
    expect(page.get("X-Content-Type-Options")).toBe("nosniff")
    expect(page.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin")
    expect(page.get("Permissions-Policy")).toMatch(
      /camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\), usb=\(\)/,
    )
    expect(page.get("Cache-Control")).toBeUndefined()
    expect(headersFor(rules, "/app-f264b8758cd41d6bd3b0.js").get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    )
    expect(headersFor(rules, "/styles.deaa8a95f8fb315ccfdf.css").get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    )
    expect(headersFor(rules, "/static/0658f0afa54c8bf3c438bf26464439fd/hero.webp").get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    )
    expect(headersFor(rules, "/page-data/contact/page-data.json").get("Cache-Control")).toBe(
      "public, max-age=0, must-revalidate",
    )
    expect(headersFor(rules, "/404.html").get("Cache-Control")).toBe("public, max-age=0, must-revalidate")
    // Headers Netlify would join with ", " if two rules set them: each must be set by one rule only.
    expect(headersFor(rules, "/app-f264b8758cd41d6bd3b0.js").get("Content-Security-Policy")).toBe("default-src 'self'")
  })

  test("is written from the pages of a build folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"))
    fs.mkdirSync(path.join(dir, "contact"))
    fs.writeFileSync(path.join(dir, "index.html"), SAMPLE)
    fs.writeFileSync(path.join(dir, "contact", "index.html"), '<script>window.pagePath="/contact/";</script>')
    const result = await writeSecurityHeaders(dir, "https://abc.supabase.co")
    expect(result.pages).toBe(2)
    const written = fs.readFileSync(path.join(dir, "_headers"), "utf8")
    expect(written).toContain(cspHash('window.pagePath="/contact/";'))
    expect(written).toContain(cspHash("const e = 1;"))
    expect(written).toContain("connect-src 'self'")
    expect(written).toContain("https://abc.supabase.co")
    expect(written).not.toContain("https://challenges.cloudflare.com")
  })

  test("a build with GATSBY_TURNSTILE_SITE_KEY writes Turnstile's origin into the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"))
    fs.writeFileSync(path.join(dir, "index.html"), SAMPLE)
    const before = process.env.GATSBY_TURNSTILE_SITE_KEY
    process.env.GATSBY_TURNSTILE_SITE_KEY = "1x00000000000000000000AA"
    try {
      await writeSecurityHeaders(dir, "https://abc.supabase.co")
    } finally {
      if (before === undefined) delete process.env.GATSBY_TURNSTILE_SITE_KEY
      else process.env.GATSBY_TURNSTILE_SITE_KEY = before
    }
    const written = fs.readFileSync(path.join(dir, "_headers"), "utf8")
    expect(written).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/)
    expect(written).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/)
  })
})
