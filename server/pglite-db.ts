/**
 * The Db interface over an in-process PGlite (the local backend and the tests).
 *
 * Each statement text is prepared once, by name, and then run as one batch of protocol messages
 * (Bind, Execute, Sync): one call into PGlite's WebAssembly. PGlite's own query() parses,
 * describes, binds, describes, executes and syncs in six calls, planning the text anew every time;
 * that was most of a lead's cost (the rate-limit upsert: 0.78 ms of CPU through query(), 0.15 ms
 * prepared). Parameters are serialized and rows parsed exactly as query() does (its serializers by
 * the parameter types Postgres inferred, its parsers by the column types).
 */
import { messages, protocol, types, type PGlite } from "@electric-sql/pglite"
import type { Db, SqlParam } from "../supabase/functions/_shared/db.ts"

const { serialize } = protocol

/** Statement texts kept prepared; past it the least recently used is closed (a text with values written into it never piles up). */
export const MAX_PREPARED_STATEMENTS = 500

/** Our portal: named, so a wire client's unnamed portal (the wire server shares PGlite's one session) is left alone. */
const PORTAL = "db_portal"

/** How often a statement the session skipped (see run) is sent again. */
const IGNORED_TRIES = 3
const SKIPPED = "PGlite skipped the statement: a wire client's failed query left the session waiting for its Sync"

/** Postgres's "prepared statement does not exist": a client of the wire server (same session) ran DEALLOCATE or DISCARD. */
const STATEMENT_GONE = "26000"

interface Prepared {
  name: string
  paramTypes: readonly number[]
  /** The result columns (none for a statement that returns no rows). */
  columns: ReadonlyArray<{ name: string; dataTypeID: number }>
}

const concat = (parts: readonly Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** The first error in a reply, with the text and parameters attached as PGlite's query() attaches them. */
function failure(replies: readonly messages.BackendMessage[], text: string, params: readonly SqlParam[]) {
  const error = replies.find((reply): reply is messages.DatabaseError => reply instanceof messages.DatabaseError)
  return error ? Object.assign(error, { query: text, params: [...params], queryOptions: undefined }) : undefined
}

export function pgliteDb(pg: PGlite): Db {
  const prepared = new Map<string, Prepared>()
  // The wire server's clients share PGlite's one session: a prefix of our own keeps their statement names apart.
  const prefix = `db_${Math.random().toString(36).slice(2, 8)}_`
  let counter = 0

  /** Prepares `text` (or finds it prepared); runs inside PGlite's query lock. */
  async function prepare(text: string, params: readonly SqlParam[]): Promise<Prepared> {
    const known = prepared.get(text)
    if (known) {
      // Most recently used last: the map's first entry is the one to close.
      prepared.delete(text)
      prepared.set(text, known)
      return known
    }
    if (prepared.size >= MAX_PREPARED_STATEMENTS) {
      const [oldestText, oldest] = prepared.entries().next().value ?? []
      if (oldestText !== undefined && oldest) {
        prepared.delete(oldestText)
        // In a failed transaction Postgres may refuse even this; the statement then stays until the session ends.
        await pg.execProtocol(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), {
          syncToFs: false,
          throwOnError: false,
        })
      }
    }
    const name = `${prefix}${++counter}`
    const message = concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()])
    let replies: messages.BackendMessage[] = []
    for (let attempt = 0; attempt < IGNORED_TRIES; attempt++) {
      replies = (await pg.execProtocol(message, { syncToFs: false, throwOnError: false })).messages
      if (replies.some((reply) => reply.name === "parseComplete" || reply instanceof messages.DatabaseError)) break
    }
    const error = failure(replies, text, params)
    if (error) throw error
    if (!replies.some((reply) => reply.name === "parseComplete")) throw new Error(SKIPPED)
    const description = replies.find(
      (reply): reply is messages.ParameterDescriptionMessage => reply instanceof messages.ParameterDescriptionMessage,
    )
    const rowDescription = replies.find(
      (reply): reply is messages.RowDescriptionMessage => reply instanceof messages.RowDescriptionMessage,
    )
    const statement: Prepared = {
      name,
      paramTypes: description?.dataTypeIDs ?? [],
      columns: rowDescription?.fields.map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID })) ?? [],
    }
    prepared.set(text, statement)
    return statement
  }

  /** One statement: prepared if new, then Bind, Execute and Sync in one call. */
  async function run<Row>(text: string, params: readonly SqlParam[], inTransaction: boolean): Promise<Row[]> {
    const statement = await prepare(text, params)
    const values = params.map((value, i) => {
      if (value === null) return null
      const serializer = pg.serializers[statement.paramTypes[i] ?? 0]
      return serializer ? serializer(value) : value.toString()
    })
    const message = concat([
      serialize.bind({ portal: PORTAL, statement: statement.name, values }),
      serialize.execute({ portal: PORTAL }),
      // Closed at once: inside a transaction block it would outlive the Sync and clash with the next Bind.
      serialize.close({ type: "P", name: PORTAL }),
      serialize.sync(),
    ])
    let replies: messages.BackendMessage[] = []
    // A wire client's Execute that failed between our calls leaves the session skipping messages until the
    // client's Sync: ours are then dropped without an error. Not run, so safe to send again.
    for (let attempt = 0; attempt < IGNORED_TRIES; attempt++) {
      // Outside a transaction each statement is flushed to the data directory as query() does; inside, COMMIT does it.
      replies = (await pg.execProtocol(message, { syncToFs: !inTransaction, throwOnError: false })).messages
      if (replies.some((reply) => reply.name === "bindComplete" || reply instanceof messages.DatabaseError)) break
    }
    const error = failure(replies, text, params)
    if (error) {
      if (error.code === STATEMENT_GONE) prepared.clear()
      throw error
    }
    if (!replies.some((reply) => reply.name === "bindComplete")) throw new Error(SKIPPED)
    const rows: Row[] = []
    for (const reply of replies) {
      if (!(reply instanceof messages.DataRowMessage)) continue
      const row: Record<string, unknown> = {}
      reply.fields.forEach((value, i) => {
        const column = statement.columns[i]
        if (column) row[column.name] = types.parseType(value, column.dataTypeID, pg.parsers)
      })
      // The row's shape is the caller's to name (rows.ts), as with query<Row>().
      rows.push(row as Row)
    }
    return rows
  }

  /** Outside a transaction: PGlite's transaction lock (a statement never lands inside another's transaction), then its query lock. */
  const runAlone = async <Row>(text: string, params: readonly SqlParam[]) => {
    try {
      return await pg._runExclusiveTransaction(() => pg.runExclusive(() => run<Row>(text, params, false)))
    } catch (error) {
      // Our statements were dropped under us (DEALLOCATE ALL on the wire server): prepared again once.
      if (error instanceof messages.DatabaseError && error.code === STATEMENT_GONE)
        return pg._runExclusiveTransaction(() => pg.runExclusive(() => run<Row>(text, params, false)))
      throw error
    }
  }

  const db: Db = {
    query: <Row>(text: string, params: readonly SqlParam[] = []) => runAlone<Row>(text, params),
    // PGlite is one connection: its transaction() holds an exclusive lock, so transactions never interleave.
    transaction: <T>(work: (tx: Db) => Promise<T>) =>
      pg.transaction(async () => {
        let open = true
        const tx: Db = {
          query: <Row>(text: string, params: readonly SqlParam[] = []) => {
            if (!open) return Promise.reject(new Error("Transaction is closed"))
            return pg.runExclusive(() => run<Row>(text, params, true))
          },
          transaction: (inner) => db.transaction(inner),
        }
        try {
          return await work(tx)
        } finally {
          open = false
        }
      }),
  }
  return db
}
