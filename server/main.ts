/** `npm run backend`: the local backend alone, with its addresses printed. */
import dotenv from "dotenv"
import { startBackend, type BackendOptions, type RunningBackend } from "./backend"
import { DEFAULT_DATA_DIR } from "./data-dir"

/** `more`: options beyond the environment's (the benchmark's statement counter). */
export async function runBackend(more: BackendOptions = {}): Promise<RunningBackend> {
  // Settings from .env (see .env.example); variables already set win.
  dotenv.config({ quiet: true })
  const env = process.env
  const backend = await startBackend({
    // As written: startBackend resolves it (data-dir.ts), and refuses a name it cannot.
    dataDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR?.trim() ? env.PGLITE_DIR : DEFAULT_DATA_DIR,
    apiPort: Number(env.API_PORT ?? 54321),
    dbPort: Number(env.DB_PORT ?? 54322),
    outboxIntervalMs: env.OUTBOX_INTERVAL_MS === undefined ? undefined : Number(env.OUTBOX_INTERVAL_MS),
    ...more,
  })
  const mail = backend.config.mail.localMailbox
    ? `\n  Local mailbox:   ${backend.url}/_dev/mail` + `\n  Local alerts:    ${backend.url}/_dev/alerts`
    : ""
  const { pipelineCheck } = backend.config
  const check = `\n  Pipeline check:  npm run check:pipeline${pipelineCheck.daily ? ` (and daily at ${pipelineCheck.time})` : ""}`
  console.log(
    `\n  Functions API:   ${backend.url}/functions/v1/<name>` +
      `\n  Database:        ${backend.databaseUrl ?? "(none)"}${mail}` +
      `\n  Public key:      ${backend.config.anonKey}${check}\n`,
  )
  return backend
}

if (require.main === module) {
  runBackend()
    .then((backend) => {
      for (const signal of ["SIGINT", "SIGTERM"] as const)
        process.on(signal, () => void backend.stop().then(() => process.exit(0)))
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
