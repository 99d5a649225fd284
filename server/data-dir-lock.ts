/**
 * One backend per PGlite data directory: PGlite is a single-process database,
 * and two processes writing one directory lose acknowledged leads. The lock is
 * a file holding the owner's PID, made atomically inside the directory (so every
 * name of the directory finds the same file: data-dir.ts turns PGLITE_DIR into
 * the directory itself); a lock whose process is gone (a kill -9) is taken over.
 */
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createExclusive } from "./exclusive-file"
import { errorCode, fieldOf } from "./field-of"

export const LOCK_FILE = "local-backend.lock"

interface Owner {
  pid: number
  host: string
  startedAt: string
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: Owner,
  ) {
    const elsewhere = owner.host === os.hostname() ? "" : ` on host ${owner.host}`
    const stale = elsewhere ? ` If it is no longer running, delete ${path.join(dir, LOCK_FILE)}.` : ""
    super(
      `The local database in ${dir} is in use by another backend (process ${owner.pid}${elsewhere}). Stop it first, or choose another directory with PGLITE_DIR.${stale}`,
    )
  }
}

// Locks this process holds, by the directory's device and inode (the same for every spelling of its path, letter case
// included where the file system ignores it): a lock naming our own PID that is not here is a previous life's (a
// container restarted with the same PID).
const held = new Set<string>()

const identityOf = (dir: string) => {
  const stat = fs.statSync(dir, { bigint: true })
  return `${stat.dev}:${stat.ino}`
}

const parseOwner = (text: string): Owner | null => {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== "object" || value === null) return null
    const [pid, host, startedAt] = [fieldOf(value, "pid"), fieldOf(value, "host"), fieldOf(value, "startedAt")]
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 && typeof host === "string"
      ? { pid, host, startedAt: String(startedAt) }
      : null
  } catch {
    return null
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, it is just another user's.
    return errorCode(error) === "EPERM"
  }
}

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8")
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null
    throw error
  }
}

/** Whether a lock file's owner may still be writing (another host's process cannot be checked, so it counts as running). */
const running = (owner: Owner | null, identity: string) =>
  owner !== null &&
  (owner.host !== os.hostname() || (owner.pid === process.pid ? held.has(identity) : isAlive(owner.pid)))

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dir: string): DataDirLock {
  const lockFile = path.resolve(dir, LOCK_FILE)
  const identity = identityOf(dir)
  const mine = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  } satisfies Owner)
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      createExclusive(lockFile, mine, 0o644)
      held.add(identity)
      return {
        release: () => {
          held.delete(identity)
          release(lockFile, mine)
        },
      }
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error
    }
    const text = readOrNull(lockFile)
    if (text === null) continue
    const owner = parseOwner(text)
    if (owner && running(owner, identity)) throw new DataDirInUseError(dir, owner)
    takeOverStale(lockFile, text)
  }
  throw new Error(
    `Could not lock the local database in ${dir}: its lock file ${lockFile} keeps changing. Is another backend starting there?`,
  )
}

/** Moves a stale lock aside; if another starter replaced it meanwhile, that one's lock is put back. */
export function takeOverStale(lockFile: string, staleText: string) {
  const aside = `${lockFile}.stale.${process.pid}.${randomBytes(6).toString("hex")}`
  try {
    fs.renameSync(lockFile, aside)
  } catch (error) {
    if (errorCode(error) === "ENOENT") return
    throw error
  }
  if (fs.readFileSync(aside, "utf8") !== staleText) {
    try {
      fs.linkSync(aside, lockFile)
    } catch {
      // A third starter got in first: it holds the lock now.
    }
  }
  fs.rmSync(aside, { force: true })
}

function release(lockFile: string, mine: string) {
  // Only our own lock: after a takeover by someone else, theirs stays.
  if (readOrNull(lockFile) === mine) fs.rmSync(lockFile, { force: true })
}
