/**
 * Runs an Edge Function's entry point (supabase/functions/<name>/index.ts) under Deno, the `deno`
 * npm package, against a Postgres wire server: what deploys is what the tests drive. pglite-socket
 * runs every connection on PGlite's one session, so each function gets one connection and no wake on
 * commit (background deliveries would interleave with the test's own queries); a test of the wake
 * turns it on.
 */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { freePort } from "../../scripts/static-server"
import { ANON_KEY, TEST_IP_HASH_SALT } from "./helpers"

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
  let output = ""
  child.stdout.on("data", (d: Buffer) => (output += d.toString()))
  child.stderr.on("data", (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      resolve(code)
    }),
  )
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output }
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
