/**
 * `npm start`: the whole product on one machine with no accounts. Starts the
 * local backend (functions API, embedded Postgres, outbox worker, mailbox),
 * builds the site against it and serves the build. PORT changes the site's port.
 */
import { spawn } from "node:child_process"
import { runBackend } from "../server/main"
import { portIsFree } from "./static-server"

const port = Number(process.env.PORT ?? 9000)
const gatsby = require.resolve("gatsby/cli.js")

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<number>((resolve) =>
    spawn(process.execPath, [gatsby, ...args], { stdio: "inherit", env }).on("exit", (code) => resolve(code ?? 1)),
  )

async function waitFor(url: string) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return true
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

async function main() {
  if (!(await portIsFree(port)))
    throw new Error(
      `Port ${port} is already in use. Stop whatever is using it, or start on another port: PORT=9001 npm start`,
    )
  const backend = await runBackend()
  const env = {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    GATSBY_SUPABASE_URL: process.env.GATSBY_SUPABASE_URL ?? backend.url,
    GATSBY_SUPABASE_ANON_KEY: process.env.GATSBY_SUPABASE_ANON_KEY ?? backend.config.anonKey,
  }
  const built = await run(["build"], env)
  if (built !== 0) {
    await backend.stop()
    process.exit(built)
  }
  const server = spawn(process.execPath, [gatsby, "serve", "--host", "localhost", "--port", String(port)], {
    stdio: ["inherit", "ignore", "inherit"],
    env,
  })
  const address = `http://localhost:${port}/`
  if (await waitFor(address))
    console.log(`\n  Site:            ${address}\n  Functions API:   ${backend.url}\n  (Ctrl+C stops both)\n`)
  const stop = async () => {
    server.kill("SIGTERM")
    await backend.stop()
    process.exit(0)
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop())
  server.on("exit", () => void stop())
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
