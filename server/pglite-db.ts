/**
 * The Db interface over an in-process PGlite (the local backend and the tests).
 *
 * Each statement text is prepared once (SQL PREPARE, named) and then run as EXECUTE with its values
 * written as escaped literals, through PGlite's simple-query exec: one call into its WebAssembly, with
 * no parsing or rewriting of the statement again. PGlite's query() sends Parse, Describe, Bind,
 * Describe, Execute and Sync in six calls and plans the text anew every time; the rate-limit upsert
 * cost 0.79 ms of CPU that way and 0.19 ms prepared (npm run bench:backend has the per-lead figures).
 * Extended-protocol parameters cannot reach an EXECUTE, hence literals: E'…' strings with every
 * backslash and quote doubled read the same whatever standard_conforming_strings says, and a value
 * with a NUL character (which would end the statement's text early) goes through query() as before.
 * The wire server (psql on DB_PORT, wire-server.ts) shares PGlite's one session: it holds the lock PGlite's
 * exec(), query() and transaction() take for each client's statement or transaction, so these calls queue
 * around it. Between two of them a client may run: names carry a prefix of their own, a statement a client
 * deallocated (DEALLOCATE ALL, DISCARD ALL) is prepared again, and PREPARE inside a transaction runs under a
 * savepoint so a statement that cannot be prepared leaves the transaction as it was (then query()).
 */
import type { PGlite, Results, Transaction } from "@electric-sql/pglite"
import type { Db, SqlParam } from "../supabase/functions/_shared/db.ts"

/** Statement texts kept prepared; past it the least recently used is deallocated (texts differ by shape, e.g. a job count). */
export const MAX_PREPARED_STATEMENTS = 200

/**
 * Postgres's "prepared statement does not exist" (a wire client on the same session ran DEALLOCATE or
 * DISCARD) and "cached plan must not change result type" (a migration changed a table since): the
 * statement is prepared again.
 */
const STATEMENT_GONE = "26000"
const PREPARE_AGAIN = new Set([STATEMENT_GONE, "0A000"])

const codeOf = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined

/** A value as a literal EXECUTE can take: coerced to the parameter's type as a text-format parameter would be. */
export function literal(value: SqlParam): string {
  if (value === null) return "NULL"
  const text = typeof value === "boolean" ? (value ? "t" : "f") : String(value)
  return `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`
}

const hasNul = (params: readonly SqlParam[]) => params.some((p) => typeof p === "string" && p.includes("\u0000"))

/**
 * Whether a text must go through query(): a value with a NUL, or a text with a semicolon (PREPARE takes one
 * statement; a second after a semicolon would run at once, where query() refuses a text of two).
 */
const unsafeToPrepare = (text: string, params: readonly SqlParam[]) => text.includes(";") || hasNul(params)

type Runner = Pick<PGlite, "query" | "exec"> | Pick<Transaction, "query" | "exec">

interface Statements {
  /** Text → name, least recently used first. */
  names: Map<string, string>
  /** Texts Postgres would not prepare (a parameter of no inferable type): query() runs them. */
  unpreparable: Set<string>
  /** Names evicted while a transaction ran: deallocated at the next statement outside one. */
  evicted: string[]
  prefix: string
  counter: number
}

/** The error as query() would have thrown it: naming the statement and its values, not the EXECUTE. */
function asStatementError(error: unknown, text: string, params: readonly SqlParam[]): unknown {
  if (typeof error === "object" && error !== null && "query" in error)
    Object.assign(error, { query: text, params: [...params] })
  return error
}

export function pgliteDb(pg: PGlite): Db {
  const statements: Statements = {
    names: new Map(),
    unpreparable: new Set(),
    evicted: [],
    prefix: `db_${Math.random().toString(36).slice(2, 8)}_`,
    counter: 0,
  }

  const dropEvicted = async () => {
    for (const name of statements.evicted.splice(0)) await pg.exec(`deallocate ${name}`).catch(() => undefined)
  }

  /** Prepares a text; null when Postgres will not (the caller runs it through query()). */
  const prepare = async (runner: Runner, text: string, inTransaction: boolean): Promise<string | null> => {
    const name = `${statements.prefix}${++statements.counter}`
    try {
      if (inTransaction)
        await runner.exec(`savepoint db_prepare; prepare ${name} as ${text}; release savepoint db_prepare`)
      else await runner.exec(`prepare ${name} as ${text}`)
    } catch {
      if (inTransaction) await runner.exec(`rollback to savepoint db_prepare; release savepoint db_prepare`)
      statements.unpreparable.add(text)
      return null
    }
    statements.names.set(text, name)
    if (statements.names.size > MAX_PREPARED_STATEMENTS) {
      const [oldestText, oldest] = statements.names.entries().next().value ?? []
      if (oldestText !== undefined && oldest !== undefined) {
        statements.names.delete(oldestText)
        statements.evicted.push(oldest)
      }
    }
    if (!inTransaction) await dropEvicted()
    return name
  }

  const run = async <Row>(
    runner: Runner,
    inTransaction: boolean,
    text: string,
    params: readonly SqlParam[],
    retried = false,
  ): Promise<Row[]> => {
    if (unsafeToPrepare(text, params) || statements.unpreparable.has(text))
      return (await runner.query<Row>(text, [...params])).rows
    if (!inTransaction && statements.evicted.length > 0) await dropEvicted()
    let name = statements.names.get(text)
    if (name !== undefined) {
      // Most recently used last.
      statements.names.delete(text)
      statements.names.set(text, name)
    } else {
      const prepared = await prepare(runner, text, inTransaction)
      if (prepared === null) return (await runner.query<Row>(text, [...params])).rows
      name = prepared
    }
    const execute = `execute ${name}${params.length > 0 ? `(${params.map(literal).join(", ")})` : ""}`
    try {
      const results: Array<Results<Row>> = (await runner.exec(execute)) as Array<Results<Row>>
      return results.at(-1)?.rows ?? []
    } catch (error) {
      if (!PREPARE_AGAIN.has(codeOf(error) ?? "")) throw asStatementError(error, text, params)
      // Prepared again (now, or, inside a transaction, when it runs again). A client's DEALLOCATE ALL or
      // DISCARD ALL took every statement of ours: all are prepared again.
      if (codeOf(error) === STATEMENT_GONE) statements.names.clear()
      else {
        statements.names.delete(text)
        statements.evicted.push(name)
      }
      if (inTransaction || retried) throw asStatementError(error, text, params)
      return run(runner, inTransaction, text, params, true)
    }
  }

  const once = <T>(work: (tx: Db) => Promise<T>) =>
    pg.transaction((tx) => {
      const inner: Db = {
        query: <Row>(text: string, params: readonly SqlParam[] = []) => run<Row>(tx, true, text, params),
        transaction: (nested) => nested(inner),
      }
      return work(inner)
    })

  return {
    query: <Row>(text: string, params: readonly SqlParam[] = []) => run<Row>(pg, false, text, params),
    // PGlite is one connection: its transaction() holds an exclusive lock, so transactions never interleave.
    // A transaction that met a statement a wire client deallocated has rolled back whole: it runs once more,
    // its statements prepared again.
    transaction: <T>(work: (tx: Db) => Promise<T>) =>
      once(work).catch((error: unknown) => {
        if (!PREPARE_AGAIN.has(codeOf(error) ?? "")) throw error
        return once(work)
      }),
  }
}
