/**
 * The backend process the benches start: `npm run backend` (server/main.ts) with its database wrapped
 * in a statement counter. Over IPC it answers "stats" with the counts and its own CPU time, so a bench
 * can divide both by the leads it sent (figures that do not depend on what else the machine runs),
 * and runs a bench's read-only query through its own database connection: on PGlite a wire client's
 * query sent while the backend works is interleaved with the backend's statements on the one session.
 */
import type { Db } from "../../supabase/functions/_shared/db.ts"
import { runBackend } from "../../server/main"
import { countingDb, noCounts } from "./counting-db"

export interface BackendStats {
  statements: number
  transactions: number
  /** process.cpuUsage(): user and system microseconds. */
  cpu: NodeJS.CpuUsage
}

/** What the bench sends: a request for the stats, or a query to run (answered with its rows or its error). */
export type BackendRequest = { type: "stats" } | { type: "query"; id: number; text: string }
export type BackendReply =
  | ({ type: "stats" } & BackendStats)
  | { type: "rows"; id: number; rows: unknown[] }
  | { type: "error"; id: number; message: string }

const counts = noCounts()
let uncounted: Db | undefined

const isRequest = (message: unknown): message is BackendRequest =>
  typeof message === "object" &&
  message !== null &&
  "type" in message &&
  (message.type === "stats" || (message.type === "query" && "id" in message && "text" in message))

const reply = (message: BackendReply) => process.send?.(message)

runBackend({
  wrapDb: (db) => {
    uncounted = db
    return countingDb(db, counts)
  },
})
  .then((backend) => {
    process.on("message", (message) => {
      if (!isRequest(message)) return
      if (message.type === "stats") {
        reply({ type: "stats", ...counts, cpu: process.cpuUsage() })
        return
      }
      const { id, text } = message
      ;(uncounted ?? backend.db)
        .query(text)
        .then((rows) => reply({ type: "rows", id, rows }))
        .catch((error: unknown) => reply({ type: "error", id, message: String(error) }))
    })
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.on(signal, () => void backend.stop().then(() => process.exit(0)))
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
