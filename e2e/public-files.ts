import fs from "node:fs"
import path from "node:path"

/** The production build the browser tests run against. */
export const PUBLIC = path.resolve("public")

/** Every file below a folder, recursively. */
export const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
