/** The local backend in its own process, as `npm run backend` runs it, so a load generator does not share its event loop. */
import { spawn } from "node:child_process"
import path from "node:path"
import postgres from "postgres"
import { freePort } from "../static-server"
import type { BackendReply, BackendRequest, BackendStats } from "./backend-entry"

export interface BackendProcess {
  base: string
  /** postgres.js on the backend's database: its embedded Postgres, or DATABASE_URL's when that was given. */
  sql: postgres.Sql
  /** The backend's process id (its CPU time is read from /proc by the flood bench). */
  pid: number | undefined
  /** What the backend has sent its database so far, and its CPU time (scripts/bench/backend-entry.ts). */
  stats: () => Promise<BackendStats>
  /** A query run by the backend on its own connection, not counted (safe while it works, unlike `sql` on PGlite). */
  query: <Row>(text: string) => Promise<Row[]>
  stop: () => Promise<void>
}

/** A distinct client address per number, as many visitors have (sent as X-Forwarded-For, appended as a gateway would). */
export const visitorIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const isReply = (message: unknown): message is BackendReply =>
  typeof message === "object" && message !== null && "type" in message

/** Starts the backend (in-memory PGlite unless `env` gives DATABASE_URL) and resolves once it answers. */
export async function startBackendProcess(env: Record<string, string> = {}): Promise<BackendProcess> {
  const [apiPort, dbPort] = [await freePort(), await freePort()]
  // Node itself runs the entry (tsx as a loader, no wrapper process), so `pid` is the backend's.
  // BENCH_CPU_PROF_DIR: each backend writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR
  const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []
  const child = spawn(process.execPath, [...flags, "--import", "tsx", path.resolve(__dirname, "backend-entry.ts")], {
    // The bench plays the API gateway: the backend trusts one X-Forwarded-For hop, so each request's visitor address counts.
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      DB_PORT: String(dbPort),
      PGLITE_DIR: "memory://",
      RESEND_API_KEY: "",
      DATABASE_URL: "",
      TRUSTED_PROXY_HOPS: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  })
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  const base = `http://127.0.0.1:${apiPort}`
  let up = false
  for (let i = 0; i < 600 && !up && child.exitCode === null; i++) {
    try {
      await fetch(`${base}/functions/v1/process-simple-lead`, { method: "OPTIONS" })
      up = true
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  if (!up) {
    child.kill("SIGKILL")
    throw new Error(`The backend process did not start (exit code ${child.exitCode ?? "none"}); its errors are above.`)
  }
  const sql = postgres(env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`, {
    max: 1,
    onnotice: () => undefined,
  })
  let nextId = 0
  /** Sends a request and resolves with the first reply that `accept` takes. */
  const ask = <T>(request: BackendRequest, accept: (reply: BackendReply) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        const answer = isReply(message) ? accept(message) : undefined
        if (answer === undefined) return
        child.off("message", onMessage)
        resolve(answer)
      }
      child.on("message", onMessage)
      if (!child.send(request)) reject(new Error("The backend process is gone"))
    })
  const stats = () =>
    ask<BackendStats>({ type: "stats" }, (reply) =>
      reply.type === "stats"
        ? { statements: reply.statements, transactions: reply.transactions, cpu: reply.cpu }
        : undefined,
    )
  const query = async <Row>(text: string): Promise<Row[]> => {
    const id = ++nextId
    const reply = await ask<BackendReply>({ type: "query", id, text }, (r) =>
      r.type !== "stats" && r.id === id ? r : undefined,
    )
    if (reply.type === "error") throw new Error(reply.message)
    // The rows of the bench's own query, typed by the bench as Db.query's callers type theirs.
    return reply.type === "rows" ? (reply.rows as Row[]) : []
  }
  return {
    base,
    sql,
    pid: child.pid,
    stats,
    query,
    stop: async () => {
      await sql.end()
      child.kill("SIGTERM")
      // Gone before the next backend starts (two would share the two cores); killed if stopping hangs.
      const kill = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(kill)
    },
  }
}
