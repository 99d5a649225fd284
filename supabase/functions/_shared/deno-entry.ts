/**
 * Runs one function of the shared app under Deno: on Supabase Edge Functions,
 * or locally with `deno run`. The database comes from SUPABASE_DB_URL, which
 * Supabase sets for every function.
 */
import postgres from "postgres"
import { createApp, type FunctionName } from "./app.ts"
import { configFromEnv, DEFAULT_TRUSTED_PROXY_HOPS } from "./config.ts"
import { postgresDb, preparedStatements, RESTART_SAFE_OPTIONS } from "./db.ts"
import { requiredIpHashSalt } from "./ip-hash-salt.ts"
import { dispatchOutbox } from "./outbox/outbox.ts"
import { outboxWaker, wakeInBackground } from "./outbox/outbox-wake.ts"
import { logError } from "./safe-log.ts"

interface DenoRuntime {
  env: { get(name: string): string | undefined }
  serve(
    options: { port?: number; hostname?: string; onListen?: (addr: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname?: string } }) => Response | Promise<Response>,
  ): unknown
}

/** The little of Deno's global this file uses (Node's type check knows no Deno). */
declare const Deno: DenoRuntime

const peerOf = (env: unknown) =>
  typeof env === "object" && env !== null && "remoteAddress" in env && typeof env.remoteAddress === "string"
    ? env.remoteAddress
    : null

export function serveFunction(name: FunctionName) {
  const deno = Deno
  const env = (key: string) => deno.env.get(key)
  // Refuse to start rather than store address hashes anyone can reverse.
  const ipHashSalt = requiredIpHashSalt(env("IP_HASH_SALT"))
  const databaseUrl = env("SUPABASE_DB_URL") ?? env("DATABASE_URL")
  if (!databaseUrl) throw new Error("SUPABASE_DB_URL is not set")
  // Supabase's pooler runs in transaction mode: no prepared statements unless DB_PREPARE=true (a direct connection).
  const prepare = preparedStatements(env("DB_PREPARE"), false)
  const sql = postgres(databaseUrl, {
    max: Number(env("DB_POOL_SIZE") ?? 3),
    prepare,
    onnotice: () => undefined,
    ...RESTART_SAFE_OPTIONS,
  })
  const db = postgresDb(sql, { prepare })
  // On Supabase the API gateway (Kong) is the one proxy in front: see spam/client-ip.ts.
  const config = configFromEnv(env, { ipHashSalt, defaultTrustedProxyHops: DEFAULT_TRUSTED_PROXY_HOPS.supabase })
  const waker = outboxWaker(
    (wakes) => dispatchOutbox({ db, config }, { wakes }),
    (error) => {
      logError("outbox", "dispatch after commit failed", error)
    },
  )
  // The jobs a request queued are delivered right after its answer; the cron stays as the safety net.
  const app = createApp({
    db,
    config,
    functions: [name],
    remoteAddress: (c) => peerOf(c.env),
    wakeOutbox: config.outbox.wakeOnCommit ? wakeInBackground(waker) : undefined,
  })
  const port = env("PORT")
  // Deno hands the peer's address to the handler, not to the Request: it reaches the app in Hono's env.
  deno.serve(port ? { port: Number(port), hostname: env("HOSTNAME") ?? "127.0.0.1" } : {}, (request, info) =>
    app.fetch(request, { remoteAddress: info.remoteAddr.hostname }),
  )
}
