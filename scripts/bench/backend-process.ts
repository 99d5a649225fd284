/** The local backend in its own process, as `npm run backend` runs it, so a load generator does not share its event loop. */
import { spawn } from "node:child_process"
import path from "node:path"
import postgres from "postgres"
import { freePort } from "../static-server"

export interface BackendProcess {
  base: string
  /** postgres.js on the backend's embedded Postgres. */
  sql: postgres.Sql
  stop: () => Promise<void>
}

/** A distinct client address per number, as many visitors have (sent as X-Forwarded-For, appended as a gateway would). */
export const visitorIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

export async function startBackendProcess(env: Record<string, string> = {}): Promise<BackendProcess> {
  const [apiPort, dbPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, [require.resolve("tsx/cli"), path.resolve(__dirname, "../../server/main.ts")], {
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
    stdio: ["ignore", "ignore", "inherit"],
  })
  const base = `http://127.0.0.1:${apiPort}`
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(`${base}/functions/v1/process-simple-lead`, { method: "OPTIONS" })
      break
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`, {
    max: 1,
    onnotice: () => undefined,
  })
  return {
    base,
    sql,
    stop: async () => {
      await sql.end()
      child.kill("SIGTERM")
    },
  }
}
