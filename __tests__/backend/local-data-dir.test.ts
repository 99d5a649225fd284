/**
 * @jest-environment node
 *
 * The local backend's data directory: one backend at a time (a lock file),
 * the IP hash salt kept there, and clear errors for a damaged directory or an
 * unreachable DATABASE_URL.
 */
import { spawn, spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import fc from "fast-check"
import { freePort } from "../../scripts/static-server"
import { startBackend, type RunningBackend } from "../../server/backend"
import { DataDirInUseError, LOCK_FILE, lockDataDir, takeOverStale } from "../../server/data-dir-lock"
import { keptSalt, SALT_FILE } from "../../server/ip-hash-salt"
import { DatabaseOpenError, ensureDataDir, redactUrl } from "../../server/open-database"
import { DataDirNameError, parseDataDir } from "../../server/data-dir"
import { configFromEnv } from "../../supabase/functions/_shared/config"
import { requiredIpHashSalt } from "../../supabase/functions/_shared/ip-hash-salt"
import { backendUp, spawnBackend } from "./backend-process"
import { bodies, postTo } from "./helpers"
import { dataDirFrom, memoryDatabasesFromTemplate, tempFolders } from "./migrated-template"

jest.setTimeout(180_000)

const ROOT = path.resolve(__dirname, "..", "..")
const { empty: tempDir, holding } = tempFolders()
/**
 * A directory already holding the migrated database, for the tests about something else than a first
 * start: a backend resumes it (a file copy and a reopen) instead of running initdb and every migration.
 */
const migratedDir = () => holding("migrated")
// memory:// databases start from initdb's files rather than running it; a folder's first start still runs it.
memoryDatabasesFromTemplate()

const start = (dataDir: string, env: Record<string, string> = {}) =>
  startBackend({ dataDir, apiPort: 0, dbPort: null, outboxIntervalMs: 0, env })

/** Sent from this process, so the backend (which trusts no proxy locally) sees the visitor at 127.0.0.1. */
async function postContact(backend: RunningBackend) {
  const body = bodies.contact()
  const response = await postTo(backend, "process-contact", body)
  expect(response.status).toBe(200)
  return body.submissionId
}

/**
 * Backends on a throwaway database, one per spelling of memory://, each storing a contact; their salts.
 * Started once, for the tests of names and of salts (each runs every migration on its new database).
 */
let throwaways: Promise<string[]> | undefined
const throwawayStarts = () =>
  (throwaways ??= (async () => {
    const salts: string[] = []
    for (const name of ["memory://", "memory://anything/at/all", "MEMORY://"]) {
      const backend = await start(name)
      try {
        salts.push(backend.config.ipHashSalt)
        await postContact(backend)
      } finally {
        await backend.stop()
      }
    }
    return salts
  })())

/** A PID that belonged to a process which has exited. */
const deadPid = () => {
  const child = spawnSync(process.execPath, ["-e", ""])
  return child.pid
}

describe("one backend per data directory", () => {
  test("a second backend on the same directory is refused, naming the directory and the running process; the first loses nothing", async () => {
    const dir = await migratedDir()
    const first = await start(dir)
    const kept = await postContact(first)
    const expected = `The local database in ${dir} is in use by another backend (process ${process.pid}). Stop it first, or choose another directory with PGLITE_DIR.`
    await expect(start(dir)).rejects.toThrow(expected)
    await expect(start(dir)).rejects.toThrow(DataDirInUseError)
    // The refused start touched nothing: the first still answers, and what it stored survives a restart.
    const later = await postContact(first)
    await first.stop()
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    const restarted = await start(dir)
    try {
      const rows = await restarted.db.query<{ submission_id: string }>(
        `select submission_id from contact_messages order by created_at`,
      )
      expect(rows.map((r) => r.submission_id)).toEqual([kept, later])
    } finally {
      await restarted.stop()
    }
  })

  test("a stale lock (its process is gone, as after a kill -9) is taken over", async () => {
    const dir = await migratedDir()
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: os.hostname(), startedAt: new Date(0).toISOString() }),
    )
    const backend = await start(dir)
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({
        pid: process.pid,
        host: os.hostname(),
      })
    } finally {
      await backend.stop()
    }
  })

  test("a lock file with any content but a running process's PID is taken over; one with a running PID is not", () => {
    const dir = tempDir()
    const lockFile = path.join(dir, LOCK_FILE)
    const notALiveOwner = fc.oneof(
      fc.string(),
      fc.uint8Array().map((bytes) => Buffer.from(bytes).toString("latin1")),
      fc
        .record({
          pid: fc.oneof(fc.constant(deadPid()), fc.integer({ max: 0 }), fc.double(), fc.string()),
          host: fc.constant(os.hostname()),
        })
        .map((o) => JSON.stringify(o)),
    )
    fc.assert(
      fc.property(notALiveOwner, (content) => {
        fs.writeFileSync(lockFile, content)
        const lock = lockDataDir(dir)
        expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid })
        lock.release()
        expect(fs.existsSync(lockFile)).toBe(false)
      }),
      { numRuns: 100 },
    )
    // PID 1 always runs; another host's process cannot be checked, so it counts as running too.
    for (const owner of [
      { pid: 1, host: os.hostname() },
      { pid: deadPid(), host: "elsewhere.example" },
    ]) {
      fs.writeFileSync(lockFile, JSON.stringify({ ...owner, startedAt: "2026-01-01T00:00:00Z" }))
      expect(() => lockDataDir(dir)).toThrow(`is in use by another backend (process ${owner.pid}`)
      expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toMatchObject(owner)
    }
    expect(() => lockDataDir(dir)).toThrow(
      `on host elsewhere.example). Stop it first, or choose another directory with PGLITE_DIR. If it is no longer running, delete ${lockFile}.`,
    )
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE])
  })

  test("a takeover that lost the race (the lock changed after it was judged stale) leaves the new owner's lock in place", () => {
    const dir = tempDir()
    const lockFile = path.join(dir, LOCK_FILE)
    const stale = JSON.stringify({ pid: deadPid(), host: os.hostname(), startedAt: "then" })
    const fresh = JSON.stringify({ pid: 1, host: os.hostname(), startedAt: "now" })
    fs.writeFileSync(lockFile, fresh)
    takeOverStale(lockFile, stale)
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE])
    expect(fs.readFileSync(lockFile, "utf8")).toBe(fresh)
    fs.writeFileSync(lockFile, stale)
    takeOverStale(lockFile, stale)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  test("processes racing to take over one stale lock: exactly one gets it", async () => {
    const dir = tempDir()
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: os.hostname(), startedAt: new Date(0).toISOString() }),
    )
    // Each says "ready", locks on "go" (all at once), and holds what it got until its stdin closes.
    const script = `const { lockDataDir } = require(${JSON.stringify(path.join(ROOT, "server", "data-dir-lock.ts"))})
process.stdout.write("ready\\n")
process.stdin.once("data", () => {
  try { lockDataDir(${JSON.stringify(dir)}); process.stdout.write("locked\\n") } catch (e) { process.stdout.write(e.message + "\\n") }
  process.stdin.on("end", () => process.exit(0))
})`
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], {
        stdio: ["pipe", "pipe", "inherit"],
      })
      const lines: string[] = []
      const waiting: Array<() => void> = []
      child.stdout.on("data", (d: Buffer) => {
        lines.push(...d.toString().split("\n").filter(Boolean))
        for (const wake of waiting.splice(0)) wake()
      })
      const line = async (n: number) => {
        while (lines.length <= n) await new Promise<void>((resolve) => waiting.push(resolve))
        return lines[n]!
      }
      return { child, line }
    })
    await Promise.all(racers.map((r) => r.line(0)))
    for (const { child } of racers) child.stdin.write("go\n")
    const said = await Promise.all(racers.map((r) => r.line(1)))
    for (const { child } of racers) child.stdin.end()
    expect(said.filter((s) => s === "locked")).toHaveLength(1)
    expect(said.filter((s) => s !== "locked").every((s) => s.includes("is in use by another backend"))).toBe(true)
  })

  test("two backend processes on one directory, the second naming it as a file:// URL or a relative path: the second exits non-zero with the message, and prints no stack", async () => {
    const dir = await migratedDir()
    const run = async (pgliteDir: string) =>
      spawnBackend({
        DATABASE_URL: "",
        RESEND_API_KEY: "",
        OUTBOX_INTERVAL_MS: "0",
        PGLITE_DIR: pgliteDir,
        API_PORT: String(await freePort()),
        DB_PORT: String(await freePort()),
      })
    const first = await run(dir)
    try {
      await backendUp(first)
      // The case: a file:// URL skipped the lock, and two backends wrote one folder.
      for (const spelling of [pathToFileURL(dir).href, `${path.relative(process.cwd(), dir)}/`]) {
        const second = await run(spelling)
        expect(await second.exited).toBe(1)
        expect(second.output()).toMatch(
          new RegExp(`The local database in ${dir} is in use by another backend \\(process \\d+\\)\\. Stop it first`),
        )
        expect(second.output()).not.toMatch(/\n\s+at /)
      }
    } finally {
      first.child.kill("SIGTERM")
      await first.exited
    }
    // Stopped by its signal, it released the lock before it exited.
    expect(await first.exited).toBe(0)
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  })
})

describe("every name of one data folder is the same folder", () => {
  // A folder with a space and a non-ASCII letter (URL-encoded in a file:// URL), reached directly, through a symlink, or a symlink to that.
  const root = fs.realpathSync.native(tempDir("names-"))
  const folder = path.join(root, "Lead Data é")
  fs.mkdirSync(folder)
  fs.symlinkSync(folder, path.join(root, "link"))
  fs.symlinkSync(path.join(root, "link"), path.join(root, "link-to-link"))
  // Letter case names the same folder only where the file system ignores it (macOS, Windows), not on Linux.
  const ignoresCase = (() => {
    const other = folder.replace(/[a-z]/, (c) => c.toUpperCase())
    try {
      return fs.statSync(other).ino === fs.statSync(folder).ino
    } catch {
      return false
    }
  })()

  const segment = fc.stringMatching(/^[a-z]{1,6}$/)
  /** Any spelling of `folder`: one of its three paths, padded with "./", "name/.." and doubled or trailing slashes, as a path (absolute or relative) or a file:// URL (plain, on localhost, or with letters percent-encoded). */
  const spellings = fc
    .record({
      start: fc.constantFrom("Lead Data é", "link", "link-to-link"),
      padding: fc.array(
        fc.oneof(
          fc.constant("."),
          segment.map((s) => `${s}/..`),
          fc.constant(""),
        ),
        { maxLength: 3 },
      ),
      trailing: fc.constantFrom("", "/", "//", "/./"),
      form: fc.constantFrom("absolute", "relative", "url", "localhost-url", "encoded-url"),
      upper: fc.boolean(),
    })
    .map(({ start, padding, trailing, form, upper }) => {
      const name = ignoresCase && upper ? start.toUpperCase() : start
      const absolute = [root, ...padding, name].join("/") + trailing
      if (form === "absolute") return absolute
      if (form === "relative") return path.relative(process.cwd(), root) + "/" + [...padding, name].join("/") + trailing
      const encoded = absolute
        .split("/")
        .map((part) =>
          form === "encoded-url" ? part.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`) : part,
        )
        .map((part) => (part.includes("%") ? part : encodeURIComponent(part)))
        .join("/")
      return `file://${form === "localhost-url" ? "localhost" : ""}${encoded}`
    })

  test("each spelling resolves to the folder itself", () => {
    fc.assert(
      fc.property(spellings, (spelling) => {
        const named = parseDataDir(spelling, process.cwd())
        expect(named.kind).toBe("folder")
        if (named.kind === "folder") expect(ensureDataDir(named.path)).toBe(folder)
      }),
      { numRuns: 300 },
    )
    // Nothing made on the way: "name/.." is undone before any folder is made.
    expect(fs.readdirSync(root).sort()).toEqual(["Lead Data é", "link", "link-to-link"])
  })

  test("while a backend runs on the folder, one started with any other spelling of it is refused and touches nothing", async () => {
    const first = await start(await dataDirFrom("migrated", folder))
    try {
      const kept = await postContact(first)
      const before = fs.readdirSync(folder).sort()
      await fc.assert(
        fc.asyncProperty(spellings, async (spelling) => {
          const error = await start(spelling).then(
            async (backend) => {
              await backend.stop()
              return new Error(`a second backend started on ${spelling}`)
            },
            (e: unknown) => e,
          )
          expect(error).toBeInstanceOf(DataDirInUseError)
          expect(error instanceof Error ? error.message : "").toContain(
            `The local database in ${folder} is in use by another backend (process ${process.pid}).`,
          )
        }),
        { numRuns: 60 },
      )
      expect(fs.readdirSync(folder).sort()).toEqual(before)
      // The first never noticed.
      const later = await postContact(first)
      const rows = await first.db.query<{ submission_id: string }>(
        `select submission_id from contact_messages order by created_at`,
      )
      expect(rows.map((r) => r.submission_id)).toEqual([kept, later])
    } finally {
      await first.stop()
    }
  })

  test("a name that is no folder here is refused at start, naming PGLITE_DIR; memory:// is the throwaway database", async () => {
    const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/).filter((s) => s !== "file" && s !== "memory")
    const refused = fc.oneof(
      fc.tuple(scheme, fc.stringMatching(/^[a-z0-9/]{0,12}$/)).map(([s, rest]) => `${s}://${rest}`),
      fc.constantFrom("idb://leads", "opfs-ahp://leads", "memfs2opfs://leads", "IDB://leads"),
      // A file:// URL that is not absolute (PGlite would have read a relative path), or carries a query or fragment.
      fc.constantFrom("file://.data/pglite", "file://server/share", "file:///tmp/x?y=1", "file:///tmp/x#y"),
      fc.string({ maxLength: 8 }).map((s) => `${root}/a\0${s}`),
    )
    await fc.assert(
      fc.asyncProperty(refused, async (name) => {
        const error = await start(name).then(
          async (backend) => {
            await backend.stop()
            return new Error(`started on ${name}`)
          },
          (e: unknown) => e,
        )
        expect(error).toBeInstanceOf(DataDirNameError)
        expect(error instanceof Error ? error.message : "").toMatch(
          /^PGLITE_DIR=.* cannot be used: .+\. Give a folder \(a path, or a file:\/\/\/ URL\), or memory:\/\/ for a throwaway database\.$/,
        )
      }),
      { numRuns: 40 },
    )
    expect(fs.readdirSync(root).sort()).toEqual(["Lead Data é", "link", "link-to-link"])
    await throwawayStarts()
  })
})

describe("the IP hash salt", () => {
  const hashOf = async (backend: RunningBackend, submissionId: string) =>
    (
      await backend.db.query<{ ip_hash: string }>(`select ip_hash from contact_messages where submission_id = $1`, [
        submissionId,
      ])
    )[0]?.ip_hash

  test("without IP_HASH_SALT a random salt is made once per data directory (0600) and reused after a restart", async () => {
    // Empty: the one backend here that makes its database with initdb (then every migration), as on a new checkout.
    const dir = tempDir()
    const first = await start(dir)
    const salt = first.config.ipHashSalt
    expect(salt).toMatch(/^[0-9a-f]{64}$/)
    const file = path.join(dir, SALT_FILE)
    expect(fs.readFileSync(file, "utf8").trim()).toBe(salt)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const before = await hashOf(first, await postContact(first))
    expect(before).toBe(createHash("sha256").update(`${salt}:127.0.0.1`).digest("hex"))
    await first.stop()

    const again = await start(dir)
    const other = await start(await migratedDir())
    try {
      expect(again.config.ipHashSalt).toBe(salt)
      expect(await hashOf(again, await postContact(again))).toBe(before)
      expect(other.config.ipHashSalt).not.toBe(salt)
    } finally {
      await Promise.all([again.stop(), other.stop()])
    }
  })

  test("IP_HASH_SALT wins and writes nothing; a throwaway database gets a fresh salt each start", async () => {
    const dir = await migratedDir()
    const backend = await start(dir, { IP_HASH_SALT: "a-salt-from-the-environment" })
    await backend.stop()
    expect(backend.config.ipHashSalt).toBe("a-salt-from-the-environment")
    expect(fs.existsSync(path.join(dir, SALT_FILE))).toBe(false)
    const salts = await throwawayStarts()
    expect(salts[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(salts).size).toBe(salts.length)
  })

  test("production takes only a salt of 16 characters or more, and no config is made without one", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 40 })), (value) => {
        const trimmed = value?.trim() ?? ""
        if (trimmed.length >= 16) expect(requiredIpHashSalt(value ?? undefined)).toBe(trimmed)
        else
          expect(() => requiredIpHashSalt(value ?? undefined)).toThrow(
            "supabase secrets set IP_HASH_SALT=$(openssl rand -hex 32)",
          )
      }),
      { numRuns: 500 },
    )
    expect(() => configFromEnv(() => undefined)).toThrow("IP_HASH_SALT is not set")
    expect(configFromEnv(() => undefined, { ipHashSalt: "given-by-the-entry-point" }).ipHashSalt).toBe(
      "given-by-the-entry-point",
    )
    expect(
      configFromEnv((name) => (name === "IP_HASH_SALT" ? " from-env " : undefined), { ipHashSalt: "fallback" })
        .ipHashSalt,
    ).toBe("from-env")
  })

  test("a kept salt is the same on every read, differs between directories, and a truncated one is a clear error", () => {
    const salts = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const dir = tempDir("salt-")
      const salt = keptSalt(dir)
      expect(keptSalt(dir)).toBe(salt)
      salts.add(salt)
      expect(fs.readdirSync(dir)).toEqual([SALT_FILE])
    }
    expect(salts.size).toBe(20)
    const dir = tempDir("salt-")
    fs.writeFileSync(path.join(dir, SALT_FILE), "short\n")
    expect(() => keptSalt(dir)).toThrow(
      `The IP hash salt in ${path.join(dir, SALT_FILE)} is shorter than 16 characters`,
    )
  })
})

describe("a database that cannot be opened", () => {
  let healthy: string
  beforeAll(async () => {
    // A database as initdb leaves it, closed.
    healthy = await holding("initdb")
  })

  const damagedCopy = (damage: (dir: string) => void) => {
    const dir = path.join(tempDir("damaged-"), "pglite")
    fs.cpSync(healthy, dir, { recursive: true })
    damage(dir)
    return dir
  }

  async function expectClearError(dir: string) {
    const error = await start(dir).then(
      async (backend) => {
        await backend.stop()
        throw new Error(`${dir} opened`)
      },
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DatabaseOpenError)
    expect((error as Error).message).toMatch(
      new RegExp(`^The local database (directory )?(in )?${dir} could not be (opened|used) \\(.+\\)\\. `),
    )
    // The failed start leaves no lock behind.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    return (error as Error).message
  }

  const garbage = fc
    .uint8Array({ minLength: 1, maxLength: 9000 })
    .filter((bytes) => !/^\s*\d+\s*$/.test(Buffer.from(bytes).toString("latin1")))

  test("garbage in its version, control or catalog files names the directory and how to start afresh", async () => {
    const files = (dir: string) => [
      path.join(dir, "PG_VERSION"),
      path.join(dir, "global", "pg_control"),
      ...fs
        .readdirSync(path.join(dir, "base", "5"))
        .filter((f) => /^\d+$/.test(f))
        .map((f) => path.join(dir, "base", "5", f)),
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("PG_VERSION", "pg_control", "catalogs"), garbage, async (which, bytes) => {
        const dir = damagedCopy((d) => {
          const all = files(d)
          const targets =
            which === "PG_VERSION" ? all.slice(0, 1) : which === "pg_control" ? all.slice(1, 2) : all.slice(2)
          for (const file of targets) fs.writeFileSync(file, bytes)
        })
        const message = await expectClearError(dir)
        expect(message).toContain(
          `If it is damaged, move it away (mv ${dir} ${dir}.broken) and start again to create a fresh one`,
        )
        expect(message).not.toContain("ASSERTIONS")
      }),
      { numRuns: 6 },
    )
  })

  test("a file where the directory should be is a clear error", async () => {
    const file = path.join(tempDir(), "pglite")
    fs.writeFileSync(file, "not a directory")
    await expect(start(file)).rejects.toThrow(
      `The local database directory ${file} could not be used (it is not a directory). Choose another directory with PGLITE_DIR`,
    )
  })

  test("a DATABASE_URL nobody answers on names the URL without its password", async () => {
    const port = await freePort()
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/)
    const password = fc.string({ minLength: 6, maxLength: 30 }).map((p) => `Pw!${p}`)
    await fc.assert(
      fc.asyncProperty(name, password, name, async (user, secret, db) => {
        const url = `postgres://${user}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${db}`
        const error = await startBackend({
          databaseUrl: url,
          apiPort: 0,
          dbPort: null,
          outboxIntervalMs: 0,
          env: { IP_HASH_SALT: "x".repeat(32) },
        }).then(
          () => new Error("connected"),
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        )
        expect(error).toBeInstanceOf(DatabaseOpenError)
        expect(error.message).toBe(
          `Could not connect to the database at DATABASE_URL (postgres://${user}:***@127.0.0.1:${port}/${db}): connect ECONNREFUSED 127.0.0.1:${port}. Is Postgres running, and is the URL right?`,
        )
        expect(error.message).not.toContain(secret)
        expect(error.message).not.toContain(encodeURIComponent(secret))
      }),
      { numRuns: 25 },
    )
  })

  test("a redacted URL never shows the password, whatever it is", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).map((p) => `Pw!${p}`),
        (secret) => {
          const shown = redactUrl(`postgres://someone:${encodeURIComponent(secret)}@db.example:5432/leads`)
          expect(shown).toBe("postgres://someone:***@db.example:5432/leads")
        },
      ),
    )
    expect(redactUrl("not a url with a p4ssword")).toBe("a URL that could not be parsed")
  })
})
