/** @jest-environment node */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { headersFor, parseHeaders, parseRedirects, patternRegExp, redirectFor } from "../scripts/host-rules"
import { contentType, fileFor } from "../scripts/host-server"

describe("path patterns", () => {
  test.each([
    ["/*", "/", true],
    ["/*", "/a/b/c.js", true],
    ["/*.js", "/app-1.js", true],
    ["/*.js", "/page-data/app-data.json", false],
    ["/static/*", "/static/x/y.webp", true],
    ["/static/*", "/statics/y.webp", false],
    ["/offer/*", "/offer/", true],
    ["/offer/*", "/offer/no-such-key/", true],
    ["/offer/*", "/offers/", false],
    ["/contact/", "/contact", true],
    ["/contact", "/contact/", true],
    ["/blog/:slug/", "/blog/a/", true],
    ["/blog/:slug/", "/blog/a/b/", false],
    ["/a.b", "/aXb", false],
  ])("%s matches %s: %s", (pattern, urlPath, expected) => {
    expect(patternRegExp(pattern).test(urlPath)).toBe(expected)
  })
})

describe("_headers", () => {
  const rules = parseHeaders(
    "# comment\n/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src 'self'; img-src data:\n\n/*.js\n  Cache-Control: immutable\n/app.js\n  Cache-Control: no-cache\n",
  )

  test("parses paths and indented headers, keeping colons in values", () => {
    expect(rules).toEqual([
      {
        pattern: "/*",
        headers: [
          ["X-Frame-Options", "DENY"],
          ["Content-Security-Policy", "default-src 'self'; img-src data:"],
        ],
      },
      { pattern: "/*.js", headers: [["Cache-Control", "immutable"]] },
      { pattern: "/app.js", headers: [["Cache-Control", "no-cache"]] },
    ])
  })

  test("applies every matching rule and joins a repeated header with a comma, as Netlify does", () => {
    expect(headersFor(rules, "/app.js").get("Cache-Control")).toBe("immutable, no-cache")
    expect(headersFor(rules, "/x/").get("Cache-Control")).toBeUndefined()
    expect(headersFor(rules, "/x/").get("X-Frame-Options")).toBe("DENY")
  })

  test("rejects a header line outside a rule", () => {
    expect(() => parseHeaders("  X-Frame-Options: DENY\n")).toThrow(/_headers/)
  })
})

describe("_redirects", () => {
  const rules = parseRedirects(
    "# fallback\n/offer/*  /offer/index.html  200\n/old/:slug  /new/:slug/  301\n/go/*  /to/:splat  302!\n/home  /\n",
  )

  test("parses from, to, status (301 by default) and force", () => {
    expect(rules).toEqual([
      { from: "/offer/*", to: "/offer/index.html", status: 200, force: false },
      { from: "/old/:slug", to: "/new/:slug/", status: 301, force: false },
      { from: "/go/*", to: "/to/:splat", status: 302, force: true },
      { from: "/home", to: "/", status: 301, force: false },
    ])
  })

  test("a rule applies only when no file exists at the path, unless forced", () => {
    expect(redirectFor(rules, "/offer/no-such-key/", false)).toEqual({ to: "/offer/index.html", status: 200 })
    expect(redirectFor(rules, "/offer/yonkers39/", true)).toBeNull()
    expect(redirectFor(rules, "/go/x/y", true)).toEqual({ to: "/to/x/y", status: 302 })
  })

  test("fills placeholders", () => {
    expect(redirectFor(rules, "/old/ants", false)).toEqual({ to: "/new/ants/", status: 301 })
    expect(redirectFor(rules, "/nothing/", false)).toBeNull()
  })
})

describe("files", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "host-"))
  fs.mkdirSync(path.join(root, "contact"))
  fs.writeFileSync(path.join(root, "index.html"), "home")
  fs.writeFileSync(path.join(root, "contact", "index.html"), "contact")

  test("directory paths serve index.html; nothing outside root", () => {
    expect(fileFor(root, "/")).toBe(path.join(root, "index.html"))
    expect(fileFor(root, "/contact/")).toBe(path.join(root, "contact", "index.html"))
    expect(fileFor(root, "/contact")).toBeNull()
    expect(fileFor(root, "/../etc/passwd")).toBeNull()
    expect(fileFor(root, "/missing/")).toBeNull()
  })

  test("content types", () => {
    expect(contentType("a.html")).toBe("text/html; charset=utf-8")
    expect(contentType("a.js")).toBe("application/javascript; charset=utf-8")
    expect(contentType("a.webp")).toBe("image/webp")
    expect(contentType("_headers")).toBe("application/octet-stream")
  })
})
