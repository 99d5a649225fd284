/**
 * Runs an Edge Function's entry point (supabase/functions/<name>/index.ts) under Deno, the `deno`
 * npm package, against a Postgres wire server (server/wire-server.ts in front of PGlite): what deploys
 * is what the tests drive. The wire server gives PGlite's one session to one connection at a time, so each
 * function gets one connection and no wake on commit (background deliveries would hold the session while a
 * test polls); a test of the wake turns it on.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from "node:child_process"
import type { Readable } from "node:stream"
import path from "node:path"
import type { PGlite } from "@electric-sql/pglite"
import { freePort } from "../../scripts/static-server"
import { WireServer } from "../../server/wire-server"
import { ANON_KEY, SITE_ORIGIN, TEST_IP_HASH_SALT, freshDb } from "./helpers"

const ROOT = path.resolve(__dirname, "..", "..")
const DENO = path.join(ROOT, "node_modules", ".bin", "deno")

export interface DenoFunction {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
  output: () => string
}

const running: ChildProcess[] = []

/** Stops every function started (call from afterAll). */
export const stopDenoFunctions = () => {
  for (const child of running.splice(0)) child.kill("SIGTERM")
}

/** A child process's output so far (stdout and stderr together) and its exit code once it exits. */
export function watched(child: ChildProcessByStdio<null, Readable, Readable>) {
  let output = ""
  child.stdout.on("data", (d: Buffer) => (output += d.toString()))
  child.stderr.on("data", (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      resolve(code)
    }),
  )
  return { exited, output: () => output }
}

export async function spawnDeno(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<DenoFunction> {
  const port = await freePort()
  const child = spawn(
    DENO,
    [
      "run",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--allow-write",
      "--allow-sys",
      path.join(ROOT, "supabase", "functions", name, "index.ts"),
    ],
    {
      cwd: path.join(ROOT, "supabase", "functions"),
      env: {
        ...process.env,
        SUPABASE_DB_URL: databaseUrl,
        PORT: String(port),
        SUPABASE_ANON_KEY: ANON_KEY,
        IP_HASH_SALT: TEST_IP_HASH_SALT,
        OUTBOX_DISPATCH_SECRET: "dispatch-secret",
        LOCAL_MAILBOX: "1",
        NO_COLOR: "1",
        DB_POOL_SIZE: "1",
        OUTBOX_WAKE: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  running.push(child)
  const { exited, output } = watched(child)
  return { child, url: `http://127.0.0.1:${port}`, exited, output }
}

/** Starts the function and waits until it answers (an OPTIONS request), or fails with Deno's output. */
export async function serveUnderDeno(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<string> {
  const deno = await spawnDeno(name, databaseUrl, env)
  for (;;) {
    if (deno.child.exitCode !== null) throw new Error(`deno exited (${deno.child.exitCode}):\n${deno.output()}`)
    try {
      await fetch(deno.url, { method: "OPTIONS" })
      return deno.url
    } catch {
      // Not listening yet: try again as soon as the event loop has turned (Jest's timeout bounds the wait).
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/**
 * For the tests of a file: a fresh database behind a wire server and the named functions served under Deno
 * against it (each with `env`), all stopped after them. `use` receives the database once it is open; `url`
 * gives a function's address once they are served.
 */
export function withDenoFunctions(names: readonly string[], env: Record<string, string>, use: (pg: PGlite) => void) {
  const urls = new Map<string, string>()
  let pg: PGlite | undefined
  let wire: WireServer | undefined
  beforeAll(async () => {
    ;({ pg } = await freshDb())
    use(pg)
    wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
    await wire.start()
    const databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
    for (const name of names) urls.set(name, await serveUnderDeno(name, databaseUrl, env))
  })
  afterAll(async () => {
    stopDenoFunctions()
    await wire?.stop()
    await pg?.close()
  })
  const url = (name: string) => {
    const served = urls.get(name)
    if (served === undefined) throw new Error(`${name} is not served here`)
    return served
  }
  return {
    url,
    /** Posts `text` to a function as the site's pages do (the public key, the site's origin). */
    post: (name: string, text: string) =>
      fetch(`${url(name)}/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: ANON_KEY, origin: SITE_ORIGIN },
        body: text,
      }),
  }
}
