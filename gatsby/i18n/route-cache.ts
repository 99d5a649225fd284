import fs from "node:fs"
import path from "node:path"
import { dataDir } from "../site-config"
import { readDataDir } from "../validate-data"
import { routeTable, type RouteTable } from "./routes"

let cached: { stamp: string; table: RouteTable } | undefined

/** What the data files are now: their names and modification times (a rename or an edit changes it). */
const stampOf = (dir: string): string => {
  const walk = (sub: string): string[] =>
    fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
      const rel = sub ? `${sub}/${entry.name}` : entry.name
      if (entry.isDirectory()) return walk(rel)
      return [`${rel}@${fs.statSync(path.join(dir, rel)).mtimeMs}`]
    })
  return walk("").join("|")
}

/**
 * The route table of data/ as it is on disk, read again when a file changed (a new pest in `gatsby develop`);
 * every data node's links are mapped through it.
 */
export function currentRouteTable(dir = dataDir()): RouteTable {
  const stamp = stampOf(dir)
  if (cached?.stamp !== stamp) cached = { stamp, table: routeTable(readDataDir(dir).files).table }
  return cached.table
}
