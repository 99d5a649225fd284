/**
 * Decap's local proxy (decap-server) over a checkout: the editor at /admin/ reads and writes the
 * checkout's files through it, with no account, when it runs on localhost (`local_backend` in the
 * generated config). Used by `npm run cms` and the CMS browser test.
 */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { portIsFree } from "../static-server"

/** Where the generated config's `local_backend: true` looks for the proxy (Decap's default). */
export const CMS_PROXY_PORT = 8081

export interface CmsProxy {
  url: string
  /** What the proxy printed, for error messages. */
  output: () => string
  stop: () => Promise<void>
}

const serverScript = () => path.join(path.dirname(require.resolve("decap-server/package.json")), "dist", "index.js")

/** Whether a proxy answers Decap's own probe (`POST /api/v1 {"action":"info"}`) for the given checkout. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "info" }),
    })
    const info: unknown = await response.json()
    return typeof info === "object" && info !== null && "repo" in info
  } catch {
    return false
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

/**
 * Starts decap-server on `repoDir` and resolves once it answers Decap's probe. It listens on
 * 127.0.0.1 only: anyone who can reach it can write files in the checkout.
 */
export async function startCmsProxy(repoDir: string, port = CMS_PROXY_PORT): Promise<CmsProxy> {
  if (!(await portIsFree(port)))
    throw new Error(
      `Port ${port} is in use: Decap's local proxy needs it (is \`npm run cms\` already running?). Stop that, then try again.`,
    )
  let output = ""
  const child = spawn(process.execPath, [serverScript()], {
    env: { ...process.env, GIT_REPO_DIRECTORY: repoDir, PORT: String(port), BIND_HOST: "127.0.0.1", MODE: "fs" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    if (!running(child)) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGTERM")
    await exited
  }
  const url = `http://localhost:${port}/api/v1`
  // Waits for the proxy itself, however slow the machine: it either answers or exits (a taken port, say).
  while (!(await answers(url))) {
    if (!running(child)) throw new Error(`decap-server stopped before answering on port ${port}:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, output: () => output, stop }
}
