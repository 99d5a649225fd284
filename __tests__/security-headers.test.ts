/** @jest-environment node */
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import fc from "fast-check"
import {
  contentSecurityPolicy,
  cspHash,
  headerRules,
  headersFile,
  inlineScripts,
  mergePolicy,
  metaPolicy,
  scriptHashes,
  withPolicyMeta,
  writeSecurityHeaders,
} from "../gatsby/security-headers"
import {
  ADMIN,
  functionsOrigin,
  IMMUTABLE,
  LOCAL_FUNCTIONS_URL,
  policyGroups,
  REVALIDATE,
} from "../gatsby/security-policy"
import { LOCAL_API_URL } from "../supabase/functions/_shared/kernel/local-defaults"
import { headersFor, parseHeaders, patternRegExp } from "../scripts/host-rules"

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
  const SITE_CSP = "default-src 'self'"
  const LAYOUT = {
    directories: ["404", "about", "admin", "contact", "offer", "page-data", "services", "static"],
    htmlFiles: ["404.html", "index.html"],
  }
  const text = headersFile(headerRules(SITE_CSP, LAYOUT))
  const rules = parseHeaders(text)
  const adminCsp = mergePolicy([ADMIN])

  test("is Netlify's format: path lines, indented Name: value lines, blank lines between", () => {
    expect(text).toMatch(/^# Generated/)
    expect(text).toContain("/*\n  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload\n")
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
      expect(line).toMatch(/^(\/\S*| {2}[A-Za-z-]+: .+)$/)
  })

  test("every page gets the security headers once; hashed assets are immutable, HTML and page-data revalidated", () => {
    const page = headersFor(rules, "/contact/")
    expect(page.get("Content-Security-Policy")).toBe(SITE_CSP)
    expect(page.get("X-Frame-Options")).toBe("DENY")
    expect(page.get("X-Content-Type-Options")).toBe("nosniff")
    expect(page.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin")
    expect(page.get("Permissions-Policy")).toMatch(
      /camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\), usb=\(\)/,
    )
    expect(page.get("Cache-Control")).toBeUndefined()
    expect(headersFor(rules, "/").get("Content-Security-Policy")).toBe(SITE_CSP)
    expect(headersFor(rules, "/app-f264b8758cd41d6bd3b0.js").get("Cache-Control")).toBe(IMMUTABLE)
    expect(headersFor(rules, "/styles.deaa8a95f8fb315ccfdf.css").get("Cache-Control")).toBe(IMMUTABLE)
    expect(headersFor(rules, "/static/0658f0afa54c8bf3c438bf26464439fd/hero.webp").get("Cache-Control")).toBe(IMMUTABLE)
    expect(headersFor(rules, "/page-data/contact/page-data.json").get("Cache-Control")).toBe(REVALIDATE)
    expect(headersFor(rules, "/404.html").get("Cache-Control")).toBe(REVALIDATE)
    expect(headersFor(rules, "/404.html").get("Content-Security-Policy")).toBe(SITE_CSP)
  })

  test("the content editor has its own policy, is never indexed, and its bundle is cached for good", () => {
    for (const editor of ["/admin/", "/admin"]) {
      const headers = headersFor(rules, editor)
      expect(headers.get("Content-Security-Policy")).toBe(adminCsp)
      expect(headers.get("Cache-Control")).toBe(REVALIDATE)
      expect(headers.get("X-Frame-Options")).toBe("DENY")
    }
    // (the host sends /admin on to /admin/)
    expect(headersFor(rules, "/admin/").get("X-Robots-Tag")).toBe("noindex, nofollow")
    expect(adminCsp).toContain("'unsafe-eval'")
    expect(SITE_CSP).not.toContain("unsafe-eval")
    expect(headersFor(rules, "/admin/config.yml").get("Cache-Control")).toBe(REVALIDATE)
    const bundle = headersFor(rules, "/admin/decap-cms-3.16.3/decap-cms.js")
    expect(bundle.get("Cache-Control")).toBe(IMMUTABLE)
    expect(bundle.get("X-Robots-Tag")).toBe("noindex, nofollow")
    expect(bundle.get("Content-Security-Policy")).toBeUndefined()
  })

  // A path a visitor or a crawler may ask for: the site's folders and files, the admin's, and anything else.
  const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,12}$/)
  const anyPath = fc
    .tuple(
      fc.constantFrom("", ...LAYOUT.directories, ...LAYOUT.htmlFiles, "admin", "no-such-page"),
      fc.array(segment, { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([first, rest, slash]) =>
      `/${[first, ...rest].filter(Boolean).join("/")}${slash ? "/" : ""}`.replace(/\/\/+/g, "/"),
    )

  test("no header is set by two rules for one path, so the file means the same whether a host joins or overrides", () => {
    // A script under /static/ (found by the property below): one Cache-Control, from /*.js alone.
    for (const urlPath of ["/static/a.js", "/static/0658f0af/hero.webp", "/static/x/y.css"]) {
      const names = rules
        .filter((rule) => patternRegExp(rule.pattern).test(urlPath))
        .flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase()))
      expect(names.filter((name) => name === "cache-control")).toHaveLength(1)
    }
    fc.assert(
      fc.property(anyPath, (urlPath) => {
        const names = rules
          .filter((rule) => patternRegExp(rule.pattern).test(urlPath))
          .flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase()))
        expect(names.length).toBe(new Set(names).size)
      }),
      { numRuns: 500 },
    )
  })

  test("every path under a folder of the site, and the site's own pages, has the site's policy; only the editor has its own", () => {
    fc.assert(
      fc.property(anyPath, (urlPath) => {
        const csp = headersFor(rules, urlPath).get("Content-Security-Policy")
        const first = urlPath.split("/")[1] ?? ""
        const sitePath =
          urlPath === "/" ||
          LAYOUT.htmlFiles.some((file) => urlPath === `/${file}` || urlPath === `/${file}/`) ||
          (first !== "admin" && LAYOUT.directories.includes(first) && urlPath.startsWith(`/${first}/`))
        if (/^\/admin\/?$/.test(urlPath)) expect(csp).toBe(adminCsp)
        else if (sitePath) expect(csp).toBe(SITE_CSP)
        // The admin's files are not documents; an unknown path gets 404.html, whose <meta> holds the policy.
        else expect(csp).toBeUndefined()
      }),
      { numRuns: 500 },
    )
  })

  test("the not-found page, served for any unknown path, carries the site's policy itself (without frame-ancestors)", () => {
    const page = withPolicyMeta(
      '<!DOCTYPE html><html lang="en"><head><script>1</script></head></html>',
      `${SITE_CSP}; frame-ancestors 'none'; img-src "x"`,
    )
    expect(page).toBe(
      `<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src &quot;x&quot;"><script>1</script></head></html>`,
    )
    expect(metaPolicy(`${SITE_CSP}; frame-ancestors 'none'`)).toBe(SITE_CSP)
    // After the character set, which must stay in the first 1024 bytes.
    expect(withPolicyMeta('<html><head><meta charset="utf-8"/><title>x</title></head></html>', SITE_CSP)).toBe(
      `<html><head><meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="${SITE_CSP}"><title>x</title></head></html>`,
    )
    // Built again: still one policy, the new one.
    expect(withPolicyMeta(page, "default-src 'none'")).toBe(
      `<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><script>1</script></head></html>`,
    )
  })

  test("is written from the pages of a build folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"))
    fs.mkdirSync(path.join(dir, "contact"))
    fs.writeFileSync(path.join(dir, "index.html"), SAMPLE)
    fs.writeFileSync(path.join(dir, "contact", "index.html"), '<script>window.pagePath="/contact/";</script>')
    fs.writeFileSync(path.join(dir, "404.html"), "<html><head><title>Not found</title></head></html>")
    const result = await writeSecurityHeaders(dir, "https://abc.supabase.co")
    expect(result.pages).toBe(3)
    expect(fs.readFileSync(path.join(dir, "404.html"), "utf8")).toContain(
      `<head><meta http-equiv="Content-Security-Policy" content="${metaPolicy(result.csp)}">`,
    )
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
