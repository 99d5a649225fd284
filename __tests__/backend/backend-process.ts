/**
 * `npm run backend` (server/main.ts) in a process of its own. Node runs it with tsx as a loader, not
 * through tsx's command line: that one is a second process which relays a signal and, when the backend
 * has not acknowledged it within 30 ms (a busy machine), kills it with SIGKILL, so it never stops
 * cleanly (its lock file stayed behind). Here a signal sent to the child reaches the backend itself,
 * and one Node process starts instead of two.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { watched } from "./deno-server"

const MAIN = path.resolve(__dirname, "..", "..", "server", "main.ts")

/** Starts it with `env` over this process's environment; its output (stdout and stderr) and exit code are watched. */
export function spawnBackend(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", pathToFileURL(require.resolve("tsx")).href, MAIN], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  return { child, ...watched(child) }
}

export type BackendProcess = ReturnType<typeof spawnBackend>

/** Resolves once it prints its addresses (it is up); rejects with its output if it exits first. */
export const backendUp = ({ child, exited, output }: BackendProcess) =>
  new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => {
      if (output().includes("Functions API:")) resolve()
    })
    void exited.then(() => {
      reject(new Error(`the backend exited at start:\n${output()}`))
    })
  })
