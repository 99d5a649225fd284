/**
 * What PGLITE_DIR names: a folder on this machine, or PGlite's throwaway in-memory database.
 * Every spelling of one folder (a relative or absolute path, with ".", ".." or trailing slashes, a
 * file:// URL, a symlink, another letter case where the file system ignores case) comes to the
 * same folder here, and PGlite is handed that folder's path, never the name as written: so the
 * lock (data-dir-lock.ts) always guards the folder PGlite opens. A name that is no folder here
 * (a browser's storage, an unknown scheme, a file:// URL that is not absolute) stops the start
 * with a message that names the variable.
 */
import path from "node:path"
import { fileURLToPath } from "node:url"

export type DataDir = { kind: "memory" } | { kind: "folder"; path: string }

export class DataDirNameError extends Error {
  constructor(name: string, reason: string) {
    super(
      `PGLITE_DIR=${name} cannot be used: ${reason}. Give a folder (a path, or a file:/// URL), or memory:// for a throwaway database.`,
    )
  }
}

/** The default folder when PGLITE_DIR is unset or blank (relative to the working directory). */
export const DEFAULT_DATA_DIR = ".data/pglite"

/** The storages PGlite knows that live in a browser, not on this machine's disk. */
const BROWSER_SCHEMES = new Set(["idb", "opfs-ahp", "memfs2opfs"])

/** PGLITE_DIR as a folder's absolute path (not yet free of symlinks: the folder may not exist yet) or the in-memory database. */
export function parseDataDir(name: string, cwd: string): DataDir {
  if (name.includes("\0")) throw new DataDirNameError(JSON.stringify(name), "it contains a NUL character")
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(name)?.[1]?.toLowerCase()
  if (scheme === undefined) return { kind: "folder", path: path.resolve(cwd, name) }
  // PGlite's own test is startsWith("memory://"): whatever follows names nothing on disk.
  if (scheme === "memory") return { kind: "memory" }
  if (BROWSER_SCHEMES.has(scheme))
    throw new DataDirNameError(name, `${scheme}:// is a browser's storage, which the backend (on Node) cannot open`)
  if (scheme !== "file") throw new DataDirNameError(name, `the backend knows no ${scheme}:// storage`)
  let url: URL
  try {
    url = new URL(name)
  } catch {
    throw new DataDirNameError(name, "it is not a valid file:// URL")
  }
  // PGlite would take "file://a?b#c" as the relative path "a?b#c": what a URL means and what PGlite opens differ, so neither is guessed.
  if (url.search || url.hash) throw new DataDirNameError(name, "a file:// URL of a folder has no ?query or #fragment")
  try {
    return { kind: "folder", path: path.resolve(fileURLToPath(url)) }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new DataDirNameError(name, `it is not an absolute file:// URL of a folder on this machine (${detail})`)
  }
}
