/** A Db that counts what goes to the database: the benchmark's statements and round trips per lead. */
import type { Db } from "../../supabase/functions/_shared/db.ts"

export interface DbCounts {
  /** Parameterised statements sent (each one round trip on postgres.js; one call into PGlite). */
  statements: number
  /** Transactions opened: each adds BEGIN and COMMIT (or ROLLBACK), two more round trips. */
  transactions: number
}

export const noCounts = (): DbCounts => ({ statements: 0, transactions: 0 })

export function countingDb(db: Db, counts: DbCounts): Db {
  return {
    query: (text, params) => {
      counts.statements++
      return db.query(text, params)
    },
    transaction: (work) => {
      counts.transactions++
      return db.transaction((tx) => work(countingDb(tx, counts)))
    },
  }
}
