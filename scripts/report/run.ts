/**
 * `npm run report -- --week 2026-11-23 [--send]` (see past-week.ts and docs/office-report.md): on DATABASE_URL,
 * by default the local backend's embedded database (docs/local-database.md).
 */
import { randomUUID } from "node:crypto"
import { configFromEnv } from "../../supabase/functions/_shared/config.ts"
import { postgresDb } from "../../supabase/functions/_shared/db.ts"
import { connectPostgres } from "../../server/open-database.ts"
import { parseReportArgs, runReport } from "./past-week.ts"

const LOCAL_DATABASE = "postgres://postgres:postgres@127.0.0.1:54322/postgres"

async function main(): Promise<number> {
  const args = parseReportArgs(process.argv.slice(2))
  if (!args.ok) {
    console.error(args.message)
    return 2
  }
  const config = configFromEnv((name) => process.env[name], {
    localMailbox: !process.env.RESEND_API_KEY,
    // The report hashes no address; configFromEnv asks for a salt, and this run stores none.
    ipHashSalt: randomUUID(),
  })
  const sql = await connectPostgres(process.env.DATABASE_URL ?? LOCAL_DATABASE)
  try {
    // Each run is its own asker: a maintainer who runs --send twice means it.
    const run = await runReport(postgresDb(sql), config, { ...args, asker: `run:${randomUUID()}` }, new Date())
    if (run.stdout) process.stdout.write(`${run.stdout}\n`)
    if (run.stderr) console.error(run.stderr)
    return run.exitCode
  } finally {
    await sql.end({ timeout: 5 })
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 2
  },
)
