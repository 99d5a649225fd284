/**
 * The embedded local backend: the same Hono app as the Edge Functions on
 * http://localhost:54321, PGlite persisted in .data/ (also served as a
 * Postgres server on 127.0.0.1:54322 for psql and postgres.js), migrations
 * applied at start, the outbox worker on a timer, and the local mailbox.
 * With DATABASE_URL set it uses that Postgres instead of PGlite.
 */
import fs from "node:fs"
import type { AddressInfo } from "node:net"
import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { serve, type ServerType } from "@hono/node-server"
import { getConnInfo } from "@hono/node-server/conninfo"
import postgres from "postgres"
import { createApp } from "../supabase/functions/_shared/app.ts"
import { configFromEnv, type BackendConfig } from "../supabase/functions/_shared/config.ts"
import { postgresDb, type Db } from "../supabase/functions/_shared/db.ts"
import { dispatchOutbox } from "../supabase/functions/_shared/outbox.ts"
import { outboxWaker } from "../supabase/functions/_shared/outbox-wake.ts"
import { mailboxJson, mailboxRoutes } from "./mailbox"
import { migrate } from "./migrate"
import { pgliteDb } from "./pglite-db"

export interface BackendOptions {
  /** Where PGlite keeps its files; "memory://" for a throwaway database. */
  dataDir?: string
  apiPort?: number
  apiHost?: string
  /** Port of the Postgres wire server in front of PGlite; null for none. */
  dbPort?: number | null
  databaseUrl?: string
  env?: NodeJS.ProcessEnv
  config?: BackendConfig
  /** How often the outbox worker runs; 0 turns the timer off. */
  outboxIntervalMs?: number
  fetchImpl?: typeof fetch
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
    super(`Port ${port} (${what}) is already in use. Stop the other process (is the backend already running?) or choose another port with ${variable}.`)
  }
}

const listen = (server: ServerType, port: number, what: string, variable: string) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? new PortInUseError(port, what, variable) : error))
    server.once("listening", () => resolve((server.address() as AddressInfo).port))
  })

export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const env = options.env ?? process.env
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL
  const config = options.config ?? configFromEnv((name) => env[name], { localMailbox: !env.RESEND_API_KEY })
  const stops: Array<() => Promise<unknown>> = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
  }

  try {
    let db: Db
    let wireUrl: string | null = null
    if (databaseUrl) {
      const sql = postgres(databaseUrl, { max: 10, onnotice: () => undefined })
      stops.push(() => sql.end({ timeout: 5 }))
      db = postgresDb(sql)
      await migrate({ exec: (script) => sql.unsafe(script), query: async (text, params) => (await sql.unsafe(text, params as never)) as never })
    } else {
      if (options.dataDir && !options.dataDir.includes("://")) fs.mkdirSync(options.dataDir, { recursive: true })
      const pg = await PGlite.create(options.dataDir ?? "memory://")
      // New WAL segments need not be zero-filled first: that 16 MB write stalled every query for ~100 ms.
      await pg.exec("set wal_init_zero = off")
      stops.push(() => pg.close())
      await migrate({ exec: (script) => pg.exec(script), query: async (text, params) => (await pg.query(text, params)).rows as never })
      db = pgliteDb(pg)
      if (options.dbPort !== null) {
        const port = options.dbPort ?? 54322
        const wire = new PGLiteSocketServer({ db: pg, port, host: "127.0.0.1", maxConnections: 20 })
        try {
          await wire.start()
        } catch (error) {
          throw (error as NodeJS.ErrnoException).code === "EADDRINUSE" ? new PortInUseError(port, "local Postgres", "DB_PORT") : error
        }
        stops.push(() => wire.stop())
        wireUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
      }
    }

    const stopping = new AbortController()
    const waker = outboxWaker(
      () => dispatchOutbox({ db, config, fetchImpl: options.fetchImpl }, { signal: stopping.signal }),
      (error) => console.error("[outbox] dispatch failed:", error),
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
      clientIp: (c) => c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || getConnInfo(c).remote.address,
      wakeOutbox: config.outbox.wakeOnCommit ? () => void waker.wake() : undefined,
    })
    if (config.mail.localMailbox) {
      app.route("/_dev/mail", mailboxRoutes(db))
      const list = mailboxJson(db)
      app.get("/_dev/mail.json", async (c) => c.json(await list()))
    }

    const requestedPort = options.apiPort ?? 54321
    const host = options.apiHost ?? "127.0.0.1"
    const server = serve({ fetch: app.fetch, port: requestedPort, hostname: host })
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const port = await listen(server, requestedPort, "local functions API", "API_PORT")

    const dispatch = () => dispatchOutbox({ db, config, fetchImpl: options.fetchImpl })
    const interval = options.outboxIntervalMs ?? 2_000
    if (interval > 0) {
      // The safety net (jobs due after a backoff, a wake that failed): the same single loop as the wake.
      const timer = setInterval(() => void waker.wake(), interval)
      stops.push(async () => clearInterval(timer))
    }

    return { url: `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`, databaseUrl: databaseUrl ?? wireUrl, db, config, dispatch, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
