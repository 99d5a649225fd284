/**
 * The embedded local backend: the same Hono app as the Edge Functions on
 * http://localhost:54321, PGlite persisted in .data/ (also served as a
 * Postgres server on 127.0.0.1:54322 for psql and postgres.js), migrations
 * applied at start and then its own tables (server/local-sinks.ts), the
 * outbox worker on a timer, and the local mailbox and alerts page.
 * With DATABASE_URL set it uses that Postgres instead of PGlite. One backend
 * per data directory (a lock file there); without IP_HASH_SALT a random salt
 * is kept next to the data.
 */
import path from "node:path"
import { serve, type ServerType } from "@hono/node-server"
import { getConnInfo } from "@hono/node-server/conninfo"
import { createApp } from "../supabase/functions/_shared/app.ts"
import { MAX_BODY_BYTES } from "../supabase/functions/_shared/kernel/contract.ts"
import { configFromEnv, DEFAULT_TRUSTED_PROXY_HOPS, type BackendConfig } from "../supabase/functions/_shared/config.ts"
import { postgresDb, preparedStatements, type Db } from "../supabase/functions/_shared/db.ts"
import { dispatchOutbox } from "../supabase/functions/_shared/outbox/outbox.ts"
import { takeBackAbandoned } from "../supabase/functions/_shared/outbox/claim.ts"
import { parseDataDir } from "./data-dir"
import { lockDataDir } from "./data-dir-lock"
import { keptSalt, randomSalt } from "./ip-hash-salt"
import { givingWay, outboxWaker, requestGauge } from "../supabase/functions/_shared/outbox/outbox-wake.ts"
import { alertsJson, alertsRoutes, mailboxJson, mailboxRoutes, pingRoutes, pingsJson } from "./mailbox"
import { answerCheck } from "../supabase/functions/_shared/http/check-route.ts"
import { migrateLocalBackend } from "./local-sinks"
import { pgliteMigrationTarget, postgresMigrationTarget } from "./migrate"
import { connectPostgres, ensureDataDir, openPglite } from "./open-database"
import { pgliteDb } from "./pglite-db"
import { WireServer } from "./wire-server"
import { afterTheBody } from "./unread-body"
import { errorCode } from "./field-of"
import { logError } from "../supabase/functions/_shared/safe-log.ts"

export interface BackendOptions {
  /** What PGLITE_DIR says: the folder where PGlite keeps its files (a path or a file:// URL), or "memory://" for a throwaway database. */
  dataDir?: string
  apiPort?: number
  apiHost?: string
  /** Port of the Postgres wire server in front of PGlite; null for none. */
  dbPort?: number | null
  /** How long a wire client may hold the database idle in a transaction (wire-server.ts's IDLE_IN_TRANSACTION_TIMEOUT_MS unless given). */
  wireIdleTimeoutMs?: number
  databaseUrl?: string
  env?: NodeJS.ProcessEnv
  config?: BackendConfig
  /** How often the outbox worker runs; 0 turns the timer off. */
  outboxIntervalMs?: number
  fetchImpl?: typeof fetch
  /** The time the functions and the worker act at (tests fix it). */
  clock?: () => Date
  /** Wraps the database the functions and the worker use (the benchmark counts statements with it). */
  wrapDb?: (db: Db) => Db
}

export interface RunningBackend {
  url: string
  databaseUrl: string | null
  db: Db
  config: BackendConfig
  /** Runs the outbox worker now (the timer also runs it). */
  dispatch: () => ReturnType<typeof dispatchOutbox>
  stop: () => Promise<void>
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    what: string,
    variable: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use. Stop the other process (is the backend already running?) or choose another port with ${variable}.`,
    )
  }
}

const listen = (server: ServerType, port: number, what: string, variable: string) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port, what, variable) : error)
    })
    server.once("listening", () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : port)
    })
  })

export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const env = options.env ?? process.env
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL
  // Refused before anything starts when it names no folder this backend can open (data-dir.ts).
  const store = databaseUrl ? null : parseDataDir(options.dataDir ?? "memory://", process.cwd())
  const stops: Array<() => Promise<unknown>> = []
  // Once, last started first; a second call (Ctrl+C pressed twice, a test's cleanup after a failed start)
  // waits for the same stop instead of running the steps again in another order.
  let stopped: Promise<void> | undefined
  const stopAll = () =>
    (stopped ??= (async () => {
      for (const stop of [...stops].reverse()) await stop().catch(() => undefined)
    })())

  try {
    // The folder itself, whatever spelling named it: the lock guards it and PGlite opens it, never the name as written.
    const dataDir = store?.kind === "folder" ? ensureDataDir(store.path) : null
    if (dataDir !== null) {
      const lock = lockDataDir(dataDir)
      stops.push(() => {
        lock.release()
        return Promise.resolve()
      })
    }
    // Without IP_HASH_SALT: a salt kept with the data (for DATABASE_URL in .data/ under the working directory), fresh for a throwaway database.
    const localSalt = () =>
      dataDir !== null ? keptSalt(dataDir) : databaseUrl ? keptSalt(path.resolve(".data")) : randomSalt()
    const requestedPort = options.apiPort ?? 54321
    const host = options.apiHost ?? "127.0.0.1"
    // The pipeline check calls this backend's own functions, and pings the alerts page's stand-in for the outside switch.
    const selfHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
    const selfUrls = (port: number, mailbox: boolean) => ({
      functionsUrl: `http://${selfHost}:${port}/functions/v1`,
      ...(mailbox ? { pingUrl: `http://${selfHost}:${port}/_dev/ping` } : {}),
    })
    // Nothing stands in front of the local backend unless TRUSTED_PROXY_HOPS says so: the socket is the visitor.
    const config =
      options.config ??
      configFromEnv((name) => env[name], {
        localMailbox: !env.RESEND_API_KEY,
        ipHashSalt: env.IP_HASH_SALT?.trim() ? undefined : localSalt(),
        defaultTrustedProxyHops: DEFAULT_TRUSTED_PROXY_HOPS.local,
        // The office's links open the local site (npm start serves it on PORT).
        siteUrl: `http://localhost:${env.PORT ?? 9000}`,
        pipelineCheck: selfUrls(requestedPort, !env.RESEND_API_KEY),
        webhookBaseUrl: selfUrls(requestedPort, false).functionsUrl,
      })

    let db: Db
    let wireUrl: string | null = null
    if (databaseUrl) {
      const sql = await connectPostgres(databaseUrl)
      stops.push(() => sql.end({ timeout: 5 }))
      // A direct connection by default; DB_PREPARE=false behind a pooler in transaction mode.
      db = postgresDb(sql, { prepare: preparedStatements(env.DB_PREPARE, true) })
      await migrateLocalBackend(postgresMigrationTarget(sql))
    } else {
      const pg = await openPglite(dataDir ?? "memory://")
      stops.push(() => pg.close())
      await migrateLocalBackend(pgliteMigrationTarget(pg))
      db = pgliteDb(pg)
      // This process alone works on this data (its lock): jobs left 'sending' are a killed backend's, due again
      // now rather than when their leases end, each looked up before it is sent again (outbox/claim.ts).
      await takeBackAbandoned(db)
      if (options.dbPort !== null) {
        const port = options.dbPort ?? 54322
        // One client at a time on PGlite's one session, the backend's own statements queued around it (wire-server.ts).
        const wire = new WireServer({
          db: pg,
          port,
          host: "127.0.0.1",
          maxConnections: 20,
          idleInTransactionTimeoutMs: options.wireIdleTimeoutMs,
        })
        try {
          await wire.start()
        } catch (error) {
          throw errorCode(error) === "EADDRINUSE" ? new PortInUseError(port, "local Postgres", "DB_PORT") : error
        }
        stops.push(() => wire.stop())
        wireUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
      }
    }
    if (options.wrapDb) db = options.wrapDb(db)

    const stopping = new AbortController()
    // The answers come first: the woken worker's statements wait for a pause in the requests (outbox-wake.ts).
    const requests = requestGauge()
    const workerDb = givingWay(db, requests)
    const waker = outboxWaker(
      (wakes) =>
        dispatchOutbox(
          { db: workerDb, config, fetchImpl: options.fetchImpl, clock: options.clock },
          { signal: stopping.signal, wakes },
        ),
      (error) => {
        // Class and code only: a database error can quote a lead (safe-log.ts).
        logError("outbox", "dispatch failed", error)
      },
    )
    // Registered before the database closes, so it runs after the server stops and before the database goes.
    stops.push(async () => {
      stopping.abort()
      await waker.idle()
    })
    const app = createApp({
      db,
      config,
      fetchImpl: options.fetchImpl,
      remoteAddress: (c) => getConnInfo(c).remote.address,
      wakeOutbox: config.outbox.wakeOnCommit ? () => void waker.wake() : undefined,
      clock: options.clock,
    })
    if (config.mail.localMailbox) {
      app.route("/_dev/mail", mailboxRoutes(db))
      const list = mailboxJson(db)
      app.get("/_dev/mail.json", async (c) => c.json(await list()))
      app.route("/_dev/alerts", alertsRoutes(db))
      const alerts = alertsJson(db)
      app.get("/_dev/alerts.json", async (c) => c.json(await alerts()))
      app.route("/_dev/ping", pingRoutes(db))
      const pings = pingsJson(db)
      app.get("/_dev/pings.json", async (c) => c.json(await pings()))
    }
    // `npm run check:pipeline` locally: the check-pipeline function's work, without its secret (this backend listens on 127.0.0.1).
    app.post("/_dev/check-pipeline", (c) =>
      answerCheck(c, { db, config, fetchImpl: options.fetchImpl, clock: options.clock }, "manual"),
    )
    const server = serve({
      // The local pages (/_dev/) are no visitor's: the worker need not give way to them (a pipeline check there waits on it).
      fetch: async (request, env) => {
        const response = await (new URL(request.url).pathname.startsWith("/_dev/")
          ? app.fetch(request, env)
          : requests.track(() => app.fetch(request, env)))
        return afterTheBody(request, response, env.incoming, MAX_BODY_BYTES)
      },
      port: requestedPort,
      hostname: host,
    })
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => {
            resolve()
          })
        }),
    )
    const port = await listen(server, requestedPort, "local functions API", "API_PORT")
    // A free port chosen at listen (API_PORT=0, the tests): the check's own addresses are known only now.
    const chosen = selfUrls(0, config.mail.localMailbox)
    if (port !== requestedPort && config.pipelineCheck.functionsUrl === chosen.functionsUrl)
      Object.assign(config.pipelineCheck, selfUrls(port, config.mail.localMailbox))
    // The same for the URL the local Twilio webhooks are signed over (the simulator signs with it).
    if (port !== requestedPort && config.texts.webhookBaseUrl === chosen.functionsUrl)
      config.texts.webhookBaseUrl = selfUrls(port, false).functionsUrl

    const dispatch = () => dispatchOutbox({ db, config, fetchImpl: options.fetchImpl, clock: options.clock })
    const interval = options.outboxIntervalMs ?? 2_000
    if (interval > 0) {
      // The safety net (jobs due after a backoff, a wake that failed): the same single loop as the wake.
      const timer = setInterval(() => void waker.wake(), interval)
      stops.push(() => {
        clearInterval(timer)
        return Promise.resolve()
      })
    }

    return {
      url: `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`,
      databaseUrl: databaseUrl ?? wireUrl,
      db,
      config,
      dispatch,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
