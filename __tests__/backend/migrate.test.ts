/**
 * @jest-environment node
 *
 * Migrations run each in a real transaction with its version row, under an
 * advisory lock: on PGlite and on a real Postgres server (where the old
 * script-level BEGIN … COMMIT through a pool failed the first start).
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import postgres from "postgres"
import { startBackend } from "../../server/backend"
import {
  MIGRATIONS_DIR,
  migrate,
  pgliteMigrationTarget,
  postgresMigrationTarget,
  type MigrationTarget,
} from "../../server/migrate"
import { bodies, TEST_IP_HASH_SALT, postTo } from "./helpers"
import { postgresBinDir, startRequiredPostgresCluster, type PostgresCluster } from "./postgres-cluster"
import { arrayContaining } from "./matchers"
import { unmigratedPglite } from "./migrated-template"

jest.setTimeout(120_000)

const MIGRATION_FILES = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"))

/** A migrations folder: the first creates and fills a table (counting its runs), the second fails halfway. */
function scratchMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"))
  fs.writeFileSync(
    path.join(dir, "001_runs.sql"),
    "create table if not exists runs (at timestamptz default now());\ninsert into runs default values;",
  )
  fs.writeFileSync(path.join(dir, "002_broken.sql"), "create table half_done (id int);\nselect 1/0;")
  return dir
}

type Query = <Row>(text: string) => Promise<Row[]>

async function expectFailedMigrationRolledBack(target: MigrationTarget, query: Query) {
  const dir = scratchMigrations()
  await expect(migrate(target, dir)).rejects.toThrow(/division by zero/)
  expect(await query<{ version: string }>(`select version from local_schema_migrations order by version`)).toEqual([
    { version: "001" },
  ])
  expect(await query(`select 1 from pg_tables where tablename = 'half_done'`)).toEqual([])
  // The next start tries it again, and runs nothing twice.
  await expect(migrate(target, dir)).rejects.toThrow(/division by zero/)
  expect(await query<{ n: number }>(`select count(*)::int as n from runs`)).toEqual([{ n: 1 }])
  fs.rmSync(dir, { recursive: true })
}

describe("on PGlite", () => {
  test("each migration is applied once, and a start after it applies nothing", async () => {
    const pg = await unmigratedPglite()
    expect(await migrate(pgliteMigrationTarget(pg))).toEqual(MIGRATION_FILES)
    expect(await migrate(pgliteMigrationTarget(pg))).toEqual([])
    await pg.close()
  })

  test("a failing migration leaves neither its changes nor its version behind", async () => {
    const pg = await unmigratedPglite()
    await expectFailedMigrationRolledBack(
      pgliteMigrationTarget(pg),
      async (text) => (await pg.query(text)).rows as never,
    )
    await pg.close()
  })
})

const binDir = postgresBinDir()
// CI installs Postgres (.ci/run), so there a missing server is a failure; a developer's machine may lack it.
const describeServer = binDir || process.env.CI ? describe : describe.skip
if (!binDir && !process.env.CI)
  console.warn(
    "Skipping the real-Postgres migration tests: no initdb/pg_ctl found (install Debian's postgresql package).",
  )

describeServer("on a real Postgres server", () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startRequiredPostgresCluster(binDir)
  })
  afterAll(() => cluster.stop())

  const start = (databaseUrl: string) =>
    startBackend({
      databaseUrl,
      apiPort: 0,
      dbPort: null,
      outboxIntervalMs: 0,
      env: { IP_HASH_SALT: TEST_IP_HASH_SALT },
    })

  test("the backend comes up on the first start on a fresh database, with its tables, and stores a request", async () => {
    const url = await cluster.createDatabase("first_start")
    const backend = await start(url)
    try {
      const tables = await backend.db.query<{ tablename: string }>(
        `select tablename from pg_tables where schemaname = 'public'`,
      )
      expect(tables.map((t) => t.tablename)).toEqual(
        arrayContaining(["leads", "contact_messages", "outbox_jobs", "function_calls", "rate_limits", "spam_attempts"]),
      )
      const body = bodies.contact()
      const response = await postTo(backend, "process-contact", body)
      expect(response.status).toBe(200)
      expect(
        await backend.db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId]),
      ).toHaveLength(1)
    } finally {
      await backend.stop()
    }
    // And again on the same database: nothing left to apply.
    const again = await start(url)
    await again.stop()
  })

  test("two backends started at once on a fresh database both come up, each migration applied once", async () => {
    const url = await cluster.createDatabase("two_at_once")
    const results = await Promise.allSettled([start(url), start(url)])
    for (const result of results) if (result.status === "fulfilled") await result.value.stop()
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"])
    const sql = postgres(url, { max: 1, onnotice: () => undefined })
    try {
      const versions = await sql<{ version: string }[]>`select version from local_schema_migrations order by version`
      expect(versions.map((v) => v.version)).toEqual(MIGRATION_FILES.map((f) => f.split("_")[0]))
    } finally {
      await sql.end()
    }
  })

  test("five migrators at once run a migration's script exactly once", async () => {
    const url = await cluster.createDatabase("five_at_once")
    const dir = scratchMigrations()
    fs.rmSync(path.join(dir, "002_broken.sql"))
    const clients = Array.from({ length: 5 }, () => postgres(url, { max: 2, onnotice: () => undefined }))
    try {
      const ran = await Promise.all(clients.map((sql) => migrate(postgresMigrationTarget(sql), dir)))
      expect(ran.flat()).toEqual(["001_runs.sql"])
      expect(await clients[0]!`select count(*)::int as n from runs`).toEqual([{ n: 1 }])
    } finally {
      await Promise.all(clients.map((sql) => sql.end()))
      fs.rmSync(dir, { recursive: true })
    }
  })

  test("a failing migration leaves neither its changes nor its version behind", async () => {
    const sql = postgres(await cluster.createDatabase("rollback"), { max: 3, onnotice: () => undefined })
    try {
      await expectFailedMigrationRolledBack(postgresMigrationTarget(sql), (text) => sql.unsafe(text) as never)
    } finally {
      await sql.end()
    }
  })
})
