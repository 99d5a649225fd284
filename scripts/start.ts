/**
 * `npm start`: builds the site and serves the production build locally,
 * printing the address. PORT changes the port (default 9000).
 */
import { spawn, spawnSync } from "node:child_process"
import net from "node:net"

const port = Number(process.env.PORT ?? 9000)
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }
const gatsby = require.resolve("gatsby/cli.js")

const portIsFree = (p: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once("error", () => resolve(false))
    probe.listen(p, "127.0.0.1", () => probe.close(() => resolve(true)))
  })

async function main() {
  if (!(await portIsFree(port))) {
    console.error(`Port ${port} is already in use. Stop whatever is using it, or start on another port: PORT=9001 npm start`)
    process.exit(1)
  }
  const build = spawnSync(process.execPath, [gatsby, "build"], { stdio: "inherit", env })
  if (build.status !== 0) process.exit(build.status ?? 1)

  const server = spawn(process.execPath, [gatsby, "serve", "--host", "localhost", "--port", String(port)], { stdio: ["inherit", "ignore", "inherit"], env })
  const address = `http://localhost:${port}/`
  const wait = async () => {
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(address)).ok) return true
      } catch {
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    return false
  }
  if (await wait()) console.log(`\n  Site: ${address}\n  (Ctrl+C stops it)\n`)
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal))
  server.on("exit", (code) => process.exit(code ?? 0))
}

void main()
