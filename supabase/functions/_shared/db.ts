/**
 * The little the functions need from Postgres: parameterised queries and
 * transactions. Two adapters implement it: postgres.js (Supabase, any
 * Postgres: this file) and PGlite (the local backend and tests: server/).
 */
import type { Sql, TransactionSql } from "postgres"

export interface Db {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
}

type Params = Parameters<Sql["unsafe"]>[1]

function wrap(sql: Sql | TransactionSql, root: Sql): Db {
  return {
    query: async <Row>(text: string, params: readonly unknown[] = []) =>
      (await sql.unsafe(text, params as Params)) as unknown as Row[],
    // postgres.js runs the callback on one connection inside BEGIN … COMMIT (ROLLBACK on a throw).
    transaction: <T>(work: (tx: Db) => Promise<T>) => root.begin((tx) => work(wrap(tx, root))) as Promise<T>,
  }
}

export const postgresDb = (sql: Sql): Db => wrap(sql, sql)
