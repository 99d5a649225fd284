/** The Db interface over an in-process PGlite (the local backend and the tests). */
import type { PGlite, Transaction } from "@electric-sql/pglite"
import type { Db, SqlParam } from "../supabase/functions/_shared/db.ts"

function wrap(pg: PGlite | Transaction, root: PGlite): Db {
  return {
    query: async <Row>(text: string, params: readonly SqlParam[] = []) => (await pg.query<Row>(text, [...params])).rows,
    // PGlite is one connection: its transaction() holds an exclusive lock, so transactions never interleave.
    transaction: <T>(work: (tx: Db) => Promise<T>) => root.transaction((tx) => work(wrap(tx, root))),
  }
}

export const pgliteDb = (pg: PGlite): Db => wrap(pg, pg)
