/**
 * `tsx scripts/run-parallel.ts <npm script>…`: runs npm scripts side by side and fails as soon as one fails.
 * Every CI step is CPU-bound, but no step keeps both cores busy all the time (a Gatsby build and ESLint are
 * mostly one thread); side by side they fill each other's idle core. Each line of output is prefixed with
 * its script's name and printed as it comes, so a step that hangs still shows how far it got. When one script
 * fails, the others (and everything they started, in their own process groups) are stopped and this exits
 * with the failed one's code. Ends with each script's time.
 */
import { spawn, type ChildProcess } from "node:child_process"
import readline from "node:readline"

interface Outcome {
  name: string
  code: number
  seconds: number
  /** Stopped because another script failed first. */
  stopped: boolean
}

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error("Usage: tsx scripts/run-parallel.ts <npm script> [<npm script>…]")
  process.exit(2)
}

const started = Date.now()
const children = new Map<string, ChildProcess>()
const width = Math.max(...names.map((name) => name.length))

let stopping = false

function stopAll(signal: NodeJS.Signals) {
  stopping = true
  for (const child of children.values())
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
      try {
        // The whole group: npm, the script's shell and whatever it started (Gatsby's workers, Jest's).
        process.kill(-child.pid, signal)
      } catch {
        // Already gone.
      }
}

function run(name: string): Promise<Outcome> {
  const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"], detached: true })
  children.set(name, child)
  const prefix = `${name.padEnd(width)} │ `
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${prefix}${line}\n`))
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      children.delete(name)
      const seconds = Math.round((Date.now() - started) / 1000)
      resolve({ name, code: code ?? (signal ? 128 : 1), seconds, stopped: stopping })
    }),
  )
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopAll(signal)
    process.exit(130)
  })

async function main() {
  const outcomes: Outcome[] = []
  let failed: Outcome | undefined
  await Promise.all(
    names.map(async (name) => {
      const outcome = await run(name)
      outcomes.push(outcome)
      if (outcome.code !== 0 && !failed) {
        failed = outcome
        stopAll("SIGTERM")
      }
    }),
  )
  for (const { name, code, seconds, stopped } of outcomes) {
    const result = code === 0 ? "passed" : stopped ? "stopped" : `FAILED (exit ${code})`
    console.log(`${name.padEnd(width)} │ ${result} after ${seconds} s`)
  }
  if (failed) {
    console.error(`npm run ${failed.name} failed${names.length > 1 ? "; the other scripts were stopped" : ""}.`)
    process.exit(failed.code)
  }
}

void main()
