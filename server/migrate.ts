/** Applies supabase/migrations/*.sql in order, once each (what `supabase db push` does on Supabase). */
import fs from "node:fs"
import path from "node:path"

export const MIGRATIONS_DIR = path.resolve(__dirname, "..", "supabase", "migrations")

export interface SqlRunner {
  /** Runs a script of one or more statements. */
  exec(sql: string): Promise<unknown>
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>
}

export async function migrate(runner: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await runner.exec(`create table if not exists local_schema_migrations (version text primary key, applied_at timestamptz not null default now())`)
  const applied = new Set((await runner.query<{ version: string }>(`select version from local_schema_migrations`)).map((r) => r.version))
  const files = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
  const ran: string[] = []
  for (const file of files) {
    const version = file.split("_")[0] ?? file
    if (applied.has(version)) continue
    const sql = fs.readFileSync(path.join(dir, file), "utf8")
    await runner.exec(`begin;\n${sql}\n;insert into local_schema_migrations (version) values ('${version}');\ncommit;`)
    ran.push(file)
  }
  return ran
}
