/**
 * PGlite databases made once and shared by every test file: a fresh one as initdb leaves it, and one
 * with the migrations applied. Starting PGlite from their files skips initdb (and the migrations):
 * about 0.75 s instead of 3 s, for some forty fresh databases a run. Kept in the temp folder under a
 * hash of what makes them (the migrations, the code that applies them, PGlite's version, this file),
 * so any change to one makes a new template; two Jest workers racing to make one each write their own
 * copy and rename it into place, so neither ever reads half of one.
 *
 * One setting differs from PGlite's: shared_buffers is 4 MB, not 128. PGlite zeroes its shared memory at
 * every start: a start from the migrated template took 1.8 s of CPU at 128 MB, 1.1 s at 16 MB and 0.95 s at
 * 4 MB (below that, no less). A test's database holds a few MB; the pages it does not keep in memory it
 * reads back from PGlite's in-memory files.
 *
 * Each comes as a `dumpDataDir` tarball (`loadDataDir` for an in-memory database) and as a closed data
 * directory, copied into a test's folder so that a backend started there finds its database: a file
 * copy and a reopen, cheaper than unpacking the tarball through PGlite.
 */
import { createHash, randomUUID } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { migrateLocalBackend } from "../../server/local-sinks"
import { MIGRATIONS_DIR, pgliteMigrationTarget } from "../../server/migrate"
import { PROJECT_ROOT } from "../../scripts/scratch-project"

/** Which database: as initdb leaves it, or migrated as the local backend migrates it. */
export type TemplateKind = "initdb" | "migrated"

function templateKey(kind: TemplateKind): string {
  const hash = createHash("sha256").update(kind).update(fs.readFileSync(__filename))
  // PGlite's package.json is not among its exports, so it is read as a file.
  hash.update(fs.readFileSync(path.join(PROJECT_ROOT, "node_modules", "@electric-sql", "pglite", "package.json")))
  if (kind === "migrated") {
    for (const file of fs.readdirSync(MIGRATIONS_DIR).sort())
      hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)))
    for (const file of ["migrate.ts", "local-sinks.ts"])
      hash.update(fs.readFileSync(path.join(PROJECT_ROOT, "server", file)))
  }
  return hash.digest("hex").slice(0, 16)
}

const cachePath = (kind: TemplateKind, suffix = "") =>
  path.join(os.tmpdir(), `pglite-${kind}-${templateKey(kind)}${suffix}`)

/** The migrated one starts from the initdb one, so a cold cache runs initdb once. */
async function makeTarball(kind: TemplateKind): Promise<Blob> {
  const pg = kind === "initdb" ? await PGlite.create() : await PGlite.create({ loadDataDir: await template("initdb") })
  try {
    // Kept in the files (postgresql.auto.conf), so every start from them uses it.
    if (kind === "initdb") await pg.exec(`alter system set shared_buffers = '4MB'`)
    else await migrateLocalBackend(pgliteMigrationTarget(pg))
    return await pg.dumpDataDir("none")
  } finally {
    await pg.close()
  }
}

/** Moves `partial` to `final` unless another worker's copy got there first (then that one is kept). */
function putInPlace(partial: string, final: string): void {
  try {
    fs.renameSync(partial, final)
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true })
    if (!fs.existsSync(final)) throw error
  }
}

/** `make(kind)` run once per kind in this process, its promise shared. */
function oncePerKind<T>(make: (kind: TemplateKind) => Promise<T>): (kind: TemplateKind) => Promise<T> {
  const made = new Map<TemplateKind, Promise<T>>()
  return (kind) => {
    let promise = made.get(kind)
    if (!promise) {
      promise = make(kind)
      made.set(kind, promise)
    }
    return promise
  }
}

const template = oncePerKind(async (kind): Promise<Blob> => {
  const file = cachePath(kind, ".tar")
  if (!fs.existsSync(file)) {
    const partial = `${file}.${randomUUID()}.partial`
    fs.writeFileSync(partial, new Uint8Array(await (await makeTarball(kind)).arrayBuffer()))
    putInPlace(partial, file)
  }
  return new TarballBlob(readBytes(file))
})

/** A file's bytes, read into memory of their own (not a slice of a larger buffer, nor a copy of one). */
function readBytes(file: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(fs.statSync(file).size)
  const fd = fs.openSync(file, "r")
  try {
    for (let at = 0; at < bytes.length;) {
      const read = fs.readSync(fd, bytes, at, bytes.length - at, at)
      if (read === 0) throw new Error(`${file} ended after ${String(at)} of ${String(bytes.length)} bytes`)
      at += read
    }
  } finally {
    fs.closeSync(fd)
  }
  return bytes
}

/**
 * A template's tarball as the Blob PGlite starts from (`loadDataDir`), over bytes already in memory.
 * PGlite reads it only through `arrayBuffer()` (untar, then a copy of each file into its own file system),
 * which hands the bytes over as they are. A Node Blob copies its bytes when made and again, in chunks it then
 * joins, when read: 0.35 s of CPU for each start from a 41 MB database, more than half of one (and fresh
 * memory costs about 5 ms of CPU a MB to touch on these machines). The rest reads through a Node Blob.
 */
class TarballBlob implements Blob {
  readonly type = "application/x-tar"
  readonly #bytes: Uint8Array<ArrayBuffer>
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    this.#bytes = bytes
  }
  get size() {
    return this.#bytes.byteLength
  }
  arrayBuffer() {
    return Promise.resolve(this.#bytes.buffer)
  }
  bytes() {
    return Promise.resolve(this.#bytes)
  }
  slice(start?: number, end?: number, contentType?: string) {
    return new Blob([this.#bytes]).slice(start, end, contentType)
  }
  stream() {
    return new Blob([this.#bytes]).stream()
  }
  text() {
    return new Blob([this.#bytes]).text()
  }
}

/** The template's data directory, closed; never opened by a test, only copied. */
const templateFolder = oncePerKind(async (kind): Promise<string> => {
  const folder = cachePath(kind)
  if (!fs.existsSync(folder)) {
    const partial = `${folder}.${randomUUID()}.partial`
    const tarball = await template(kind)
    try {
      fs.mkdirSync(partial)
      const pg = await PGlite.create(partial, { loadDataDir: tarball })
      await pg.close()
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true })
      throw error
    }
    putInPlace(partial, folder)
  }
  return folder
})

/** The migrated database's files, to start PGlite from (`loadDataDir`). */
export const migratedTemplate = (): Promise<Blob> => template("migrated")

/** A database's files as initdb leaves them (shared_buffers aside), nothing migrated: a new PGlite database. */
export const initdbTemplate = (): Promise<Blob> => template("initdb")

/** A new in-memory database as initdb leaves it, started from those files instead of running initdb. */
export const unmigratedPglite = async (): Promise<PGlite> => PGlite.create({ loadDataDir: await initdbTemplate() })

/**
 * For the calling test file: an in-memory database (memory://) that PGlite is asked to make starts from
 * the initdb template's files instead of running initdb (the same files, in under half the time). The
 * migrations still run on it; a database in a folder is still made by initdb.
 */
export function memoryDatabasesFromTemplate(): void {
  let spy: jest.SpiedFunction<typeof PGlite.create> | undefined
  beforeAll(async () => {
    const loadDataDir = await initdbTemplate()
    const create = PGlite.create.bind(PGlite)
    // Called with an options object (PGlite's own initdb, a template's load): passed on as it came.
    spy = jest
      .spyOn(PGlite, "create")
      .mockImplementation((dataDir, options) =>
        typeof dataDir === "string" && dataDir.startsWith("memory://") && !options?.loadDataDir
          ? create(dataDir, { ...options, loadDataDir })
          : create(dataDir, options),
      )
  })
  afterAll(() => {
    spy?.mockRestore()
  })
}

/**
 * Puts the template's database into `dir` (made if missing; it must hold no database yet) and answers
 * `dir`: a backend or PGlite started on it resumes that database instead of running initdb.
 */
export async function dataDirFrom(kind: TemplateKind, dir: string): Promise<string> {
  fs.cpSync(await templateFolder(kind), dir, { recursive: true, errorOnExist: true, force: false })
  return dir
}

/**
 * Temp folders for the calling test file, removed after its tests: `empty` makes a new empty one,
 * `holding` one that holds a template's database.
 */
export function tempFolders() {
  const made: string[] = []
  afterAll(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  const empty = (prefix = "backend-data-") => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    made.push(dir)
    return dir
  }
  return { empty, holding: (kind: TemplateKind) => dataDirFrom(kind, empty()) }
}
