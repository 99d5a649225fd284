/** Applies supabase/migrations/*.sql in order, once each (what `supabase db push` does on Supabase). */
import fs from "node:fs"
import path from "node:path"
import type { PGlite } from "@electric-sql/pglite"
import type { Sql } from "postgres"
import type { SqlParam } from "../supabase/functions/_shared/db.ts"

export const MIGRATIONS_DIR = path.resolve(__dirname, "..", "supabase", "migrations")

/** One connection inside one open transaction. */
export interface MigrationTx {
  /** Runs a script of one or more statements. */
  exec(script: string): Promise<unknown>
  query<Row>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>
}

export interface MigrationTarget {
  /** Runs `work` in BEGIN … COMMIT on one connection (ROLLBACK when it throws). */
  transaction<T>(work: (tx: MigrationTx) => Promise<T>): Promise<T>
}

// Any fixed key: every backend migrating this database waits on the same one.
export const MIGRATION_LOCK_KEY = 7_413_902_215

export async function migrate(target: MigrationTarget, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
  const ran: string[] = []
  for (const file of files) {
    const version = file.split("_")[0] ?? file
    const script = fs.readFileSync(path.join(dir, file), "utf8")
    // The script and its version row commit together, so a failed or interrupted migration leaves no trace
    // and runs again next start; the lock makes a second backend starting at once wait, then see it applied.
    const applied = await target.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
      await tx.exec(
        `create table if not exists local_schema_migrations (version text primary key, applied_at timestamptz not null default now())`,
      )
      const done = await tx.query(`select 1 from local_schema_migrations where version = $1`, [version])
      if (done.length > 0) return false
      await tx.exec(script)
      await tx.query(`insert into local_schema_migrations (version) values ($1)`, [version])
      return true
    })
    if (applied) ran.push(file)
  }
  return ran
}

export const pgliteMigrationTarget = (pg: PGlite): MigrationTarget => ({
  transaction: (work) =>
    pg.transaction((tx) =>
      work({
        exec: (script) => tx.exec(script),
        query: async <Row>(text: string, params: readonly SqlParam[] = []) =>
          (await tx.query<Row>(text, [...params])).rows,
      }),
    ),
})

export const postgresMigrationTarget = (sql: Sql): MigrationTarget => ({
  // A pool cannot run a script's own BEGIN/COMMIT (its statements may land on different connections): begin() holds
  // one. The result travels in a box: begin() would unwrap an array result's promises, which its type then says.
  transaction: async <T>(work: (tx: MigrationTx) => Promise<T>) =>
    (
      await sql.begin(async (tx) => ({
        result: await work({
          exec: (script) => tx.unsafe(script),
          query: async <Row>(text: string, params: readonly SqlParam[] = []) =>
            await tx.unsafe<Row[]>(text, [...params]),
        }),
      }))
    ).result,
})
