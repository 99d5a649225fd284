/**
 * Serves the production build (public/) with `gatsby serve` on a free local
 * port, for the browser tests and the quality script.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"

export interface RunningServer {
  url: string
  stop: () => Promise<void>
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => {
        if (typeof address === "object" && address) resolve(address.port)
        else reject(new Error("no port"))
      })
    })
  })

/** Whether nothing listens on the port yet (on the loopback address the local servers use). */
export const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once("error", () => resolve(false))
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)))
  })

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gatsby serve exited with code ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export async function serveBuild(root = process.cwd()): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, "public", "index.html"))) {
    throw new Error("public/ has no build: run `npm run build` first")
  }
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [require.resolve("gatsby/cli.js"), "serve", "--host", "127.0.0.1", "--port", String(port)],
    {
      cwd: root,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/`, child, 60_000)
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve()
          return
        }
        child.once("exit", () => {
          resolve()
        })
        child.kill("SIGTERM")
      }),
  }
}
