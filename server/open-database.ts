/**
 * Opens the local backend's database, turning the low-level failures (PGlite's
 * "Aborted()", a refused connection) into a message that names the database
 * and says what to do.
 */
import fs from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import postgres, { type Sql } from "postgres"
import { RESTART_SAFE_OPTIONS } from "../supabase/functions/_shared/db.ts"
import { errorCode, fieldOf } from "./field-of"

export class DatabaseOpenError extends Error {}

/** A thrown value's own words (duck-typed: errors from another realm, and PGlite's plain file-system error objects, are no `instanceof Error`). */
export function reasonOf(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const [message, code, errno] = [fieldOf(error, "message"), errorCode(error), fieldOf(error, "errno")]
    if (typeof message === "string" && message) return message
    // Node's AggregateError (every address of a host refused) has no message, only a code.
    if (typeof code === "string") return code
    if (typeof errno === "number") return `file system error ${errno}`
  }
  return String(error)
}

const damaged = (dir: string, reason: string) =>
  new DatabaseOpenError(
    `The local database in ${dir} could not be opened (${reason}). If it is damaged, move it away (mv ${dir} ${dir}.broken) ` +
      `and start again to create a fresh one; the leads in it are lost unless you restore a backup.`,
  )

/**
 * Makes the data directory if needed and answers its real path (no symlink, no "..", the case the file system
 * keeps): the path the lock and PGlite both use. A file or an unwritable path in its place is a clear error.
 */
export function ensureDataDir(dir: string): string {
  try {
    fs.mkdirSync(dir, { recursive: true })
    if (!fs.statSync(dir).isDirectory()) throw new Error("it is not a directory")
    return fs.realpathSync.native(dir)
  } catch (error) {
    const code = errorCode(error)
    const reason = code === "EEXIST" || code === "ENOTDIR" ? "it is not a directory" : reasonOf(error)
    throw new DatabaseOpenError(
      `The local database directory ${dir} could not be used (${reason}). Choose another directory with PGLITE_DIR, or move what is there away.`,
    )
  }
}

/** PGlite on `dir` (or "memory://"), proven by a first query. */
export async function openPglite(dir: string): Promise<PGlite> {
  let pg: PGlite | undefined
  try {
    pg = await PGlite.create(dir)
    // New WAL segments need not be zero-filled first: that 16 MB write stalled every query for ~100 ms.
    await pg.exec("set wal_init_zero = off")
    await pg.query("select count(*) from pg_class")
    return pg
  } catch (error) {
    await pg?.close().catch(() => undefined)
    const reason = reasonOf(error)
    // The WebAssembly build's abort says only "Aborted(). Build with -sASSERTIONS…", which means nothing to whoever runs the backend.
    throw damaged(dir, reason.startsWith("Aborted(") ? "the database engine stopped while reading its files" : reason)
  }
}

/** The URL with its password replaced by ***, or a placeholder when it cannot even be parsed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = "***"
    return parsed.toString()
  } catch {
    return "a URL that could not be parsed"
  }
}

const passwordOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).password)
  } catch {
    return ""
  }
}

/** postgres.js on `url`, proven by a first query (postgres.js connects lazily, so a bad URL would otherwise fail later). */
export async function connectPostgres(url: string): Promise<Sql> {
  let sql: Sql | undefined
  try {
    sql = postgres(url, { max: 10, onnotice: () => undefined, connect_timeout: 10, ...RESTART_SAFE_OPTIONS })
    await sql`select 1`
    return sql
  } catch (error) {
    await sql?.end({ timeout: 1 }).catch(() => undefined)
    const password = passwordOf(url)
    // A driver message may quote what it was given; the password never leaves this function.
    const reason = password ? reasonOf(error).split(password).join("***") : reasonOf(error)
    throw new DatabaseOpenError(
      `Could not connect to the database at DATABASE_URL (${redactUrl(url)}): ${reason}. Is Postgres running, and is the URL right?`,
    )
  }
}
