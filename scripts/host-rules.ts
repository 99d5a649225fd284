/**
 * Netlify's `_headers` and `_redirects` rules, parsed and matched the way the host applies them,
 * for scripts/host-server.ts (pure functions, so the matching is unit-tested on its own).
 */

export interface HeaderRule {
  pattern: string
  headers: Array<[string, string]>
}

export interface RedirectRule {
  from: string
  to: string
  status: number
  /** `200!` / `301!`: applies even when a file exists at the path. */
  force: boolean
}

/**
 * A path pattern as a regular expression: `*` matches anything (slashes too), `:name` one
 * segment; everything else literally. Netlify matches paths with and without a trailing slash alike.
 */
export function patternRegExp(pattern: string): RegExp {
  let source = ""
  for (const token of pattern.split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)) {
    if (token === "*") source += "(.*)"
    else if (token.startsWith(":")) source += "([^/]+)"
    else source += token.replace(/[.+?^${}()|[\]\\]/g, "\\$&")
  }
  return new RegExp(`^${source.replace(/\/$/, "")}/?$`)
}

const withoutComment = (line: string) => (line.trimStart().startsWith("#") ? "" : line)

/** `_headers`: a path at the start of a line, then indented `Name: value` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = withoutComment(raw)
    if (!line.trim()) continue
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] })
      continue
    }
    const rule = rules.at(-1)
    const colon = line.indexOf(":")
    if (!rule || colon < 0) throw new Error(`_headers: "${line.trim()}" is not under a path or has no "Name: value"`)
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

/** `_redirects`: `from to [status][!]` per line; the status defaults to 301. */
export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => withoutComment(line).trim())
    .filter(Boolean)
    .map((line) => {
      const [from, to, status = "301"] = line.split(/\s+/)
      if (!from || !to || !/^\d{3}!?$/.test(status)) throw new Error(`_redirects: cannot read "${line}"`)
      return { from, to, status: Number.parseInt(status, 10), force: status.endsWith("!") }
    })
}

/**
 * Every header of every matching rule, in file order; a header set by several rules is joined
 * with ", " as Netlify does (which is why a policy must be set by one rule only).
 */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Map<string, string> {
  const result = new Map<string, [string, string]>()
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(urlPath)) continue
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase()
      const previous = result.get(key)
      result.set(key, [previous?.[0] ?? name, previous ? `${previous[1]}, ${value}` : value])
    }
  }
  return new Map([...result.values()])
}

/** The first redirect rule matching the path, with `:splat` and `:name` filled in its target. */
export function redirectFor(
  rules: readonly RedirectRule[],
  urlPath: string,
  fileExists: boolean,
): { to: string; status: number } | null {
  for (const rule of rules) {
    if (fileExists && !rule.force) continue
    const names = [...rule.from.matchAll(/\*|:[A-Za-z_][A-Za-z0-9_]*/g)].map((m) =>
      m[0] === "*" ? "splat" : m[0].slice(1),
    )
    const match = patternRegExp(rule.from).exec(urlPath)
    if (!match) continue
    const to = names.reduce((target, name, i) => target.replaceAll(`:${name}`, match[i + 1] ?? ""), rule.to)
    return { to, status: rule.status }
  }
  return null
}
