/**
 * The little the functions need from Postgres: parameterised queries and
 * transactions. Two adapters implement it: postgres.js (Supabase, any
 * Postgres: this file) and PGlite (the local backend and tests: server/).
 */
import type { Options, Sql } from "postgres"

/** What a query parameter may be: the drivers send each one in text form (jsonb goes in JSON text, cast in the SQL). */
export type SqlParam = string | number | boolean | null

export interface Db {
  /** The rows, typed by the caller from rows.ts. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<Row[]>
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
}

/** A turn of the event loop: what a connection's close set off (postgres.js rejecting the transaction) has run by then. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * A transaction that sends postgres.js nothing once its connection is gone. postgres.js 3.4.9 sends
 * the ROLLBACK that follows a failed statement even when the statement failed because the socket
 * closed (a Postgres restart), and that write to no socket throws from a timer: an uncaught
 * TypeError that ends the process (porsager/postgres#1154, #1208; Deno on Supabase runs the
 * registry's copy, which no patch reaches). So: after a failed statement the rest of the
 * transaction fails here (Postgres would refuse it anyway: the transaction is aborted), and when
 * the failure was the connection closing, postgres.js has already rejected the transaction, so the
 * work is left unsettled and no ROLLBACK is queued.
 */
function transaction<T>(root: Sql, work: (tx: Db) => Promise<T>, prepare: boolean): Promise<T> {
  let ended = false
  let failure: { error: unknown } | null = null
  const run = root.begin(async (sql) => {
    const tx: Db = {
      query: async <Row>(text: string, params: readonly SqlParam[] = []) => {
        if (ended) throw new Error("The transaction's database connection has closed")
        if (failure) throw failure.error
        try {
          return await sql.unsafe<Row[]>(text, [...params], { prepare })
        } catch (error) {
          failure ??= { error }
          throw error
        }
      },
      transaction: (inner) => transaction(root, inner, prepare),
    }
    try {
      // The result travels in a box: begin() would unwrap an array result's promises, which its type then says.
      return { result: await work(tx) }
    } catch (error) {
      await nextTurn()
      if (ended) return new Promise<never>(() => undefined)
      throw error
    }
  })
  const end = () => {
    ended = true
  }
  run.then(end, end)
  return run.then((box) => box.result)
}

export interface PostgresDbOptions {
  /**
   * Each statement text prepared once per connection (Parse and planning skipped from its second use):
   * on a direct connection it cut the Postgres server's CPU per lead (npm run bench:backend). Off behind a
   * pooler in transaction mode (Supabase's on port 6543, PgBouncer), where a connection's prepared
   * statements are not there on the next transaction's connection.
   */
  prepare?: boolean
}

export function postgresDb(sql: Sql, { prepare = false }: PostgresDbOptions = {}): Db {
  return {
    query: async <Row>(text: string, params: readonly SqlParam[] = []) =>
      await sql.unsafe<Row[]>(text, [...params], { prepare }),
    // postgres.js runs the work on one connection inside BEGIN … COMMIT (ROLLBACK on a throw).
    transaction: (work) => transaction(sql, work, prepare),
  }
}

/** Whether a DB_PREPARE setting turns prepared statements on ("true"/"false"; unset: the entry's default). */
export function preparedStatements(setting: string | undefined, fallback: boolean): boolean {
  const value = setting?.trim().toLowerCase()
  if (value === "true" || value === "1") return true
  if (value === "false" || value === "0") return false
  return fallback
}

/**
 * Seconds before a pooled connection tries again after its Postgres went away. postgres.js waits
 * up to 20 s by default (3^retries / 100, the count shared by the pool), so a restart that failed
 * a few connects left the functions answering 500 for many seconds after Postgres was back.
 * Doubling from 50 ms and never above a second keeps a restart's gap short and an outage's
 * reconnects cheap (one attempt a second per connection, and only while a query waits).
 */
export const reconnectBackoff = (retries: number): number => Math.min(0.05 * 2 ** Math.max(0, retries), 1)

/** The postgres.js options both entries (the Node backend, the Deno functions) use to live through a Postgres restart. */
export const RESTART_SAFE_OPTIONS = {
  backoff: reconnectBackoff,
  // postgres.js reads the array types on every (re)connect in a promise nobody awaits: a connection
  // lost during that read (a restart) rejects it unhandled, which ends the process. The functions
  // send and read no Postgres arrays (lists travel as jsonb), so the read is not needed.
  fetch_types: false,
} satisfies Partial<Options<Record<string, never>>>
