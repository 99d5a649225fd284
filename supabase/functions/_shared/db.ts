/**
 * The little the functions need from Postgres: parameterised queries and
 * transactions. Two adapters implement it: postgres.js (Supabase, any
 * Postgres: this file) and PGlite (the local backend and tests: server/).
 */
import type { Sql, TransactionSql } from "postgres"

/** What a query parameter may be: the drivers send each one in text form (jsonb goes in JSON text, cast in the SQL). */
export type SqlParam = string | number | boolean | null

export interface Db {
  /** The rows, typed by the caller from rows.ts. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<Row[]>
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
}

function wrap(sql: Sql | TransactionSql, root: Sql): Db {
  return {
    query: async <Row>(text: string, params: readonly SqlParam[] = []) => await sql.unsafe<Row[]>(text, [...params]),
    // postgres.js runs the callback on one connection inside BEGIN … COMMIT (ROLLBACK on a throw). The
    // result travels in a box: begin() would unwrap an array result's promises, which its type then says.
    transaction: async <T>(work: (tx: Db) => Promise<T>) =>
      (await root.begin(async (tx) => ({ result: await work(wrap(tx, root)) }))).result,
  }
}

export const postgresDb = (sql: Sql): Db => wrap(sql, sql)
