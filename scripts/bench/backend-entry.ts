/**
 * The backend process the benches start: `npm run backend` (server/main.ts) with its database wrapped
 * in a statement counter. Asked "stats" over IPC, it answers with the counts and its own CPU time, so
 * a bench can divide both by the leads it sent, figures that do not depend on what else the machine runs.
 */
import { runBackend } from "../../server/main"
import { countingDb, noCounts } from "./counting-db"

export interface BackendStats {
  statements: number
  transactions: number
  /** process.cpuUsage(): user and system microseconds. */
  cpu: NodeJS.CpuUsage
}

const counts = noCounts()

runBackend({ wrapDb: (db) => countingDb(db, counts) })
  .then((backend) => {
    process.on("message", (message) => {
      if (message === "stats") process.send?.({ ...counts, cpu: process.cpuUsage() } satisfies BackendStats)
    })
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.on(signal, () => void backend.stop().then(() => process.exit(0)))
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
