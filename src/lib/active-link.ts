const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path)

/**
 * Whether a menu link is the current page. Home matches only itself; any
 * other link also matches its sub-paths (Services stays active on /services/ants/).
 */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  const link = trim(linkPath)
  const current = trim(currentPath || "/")
  if (link === "/") return current === "/"
  return current === link || current.startsWith(`${link}/`)
}
