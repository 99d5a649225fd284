import postgres from "postgres"

/** A connection to the browser tests' backend database (one at a time; end it after the test). */
export const sql = () => {
  const url = process.env.E2E_DATABASE_URL
  if (!url) throw new Error("E2E_DATABASE_URL is not set; run the browser tests through e2e/jest.config.js")
  return postgres(url, { max: 1, onnotice: () => undefined })
}

/** Runs `body` with a connection to the backend database, ended afterwards even when `body` fails. */
export async function withDatabase<T>(body: (db: ReturnType<typeof sql>) => Promise<T>): Promise<T> {
  const db = sql()
  try {
    return await body(db)
  } finally {
    await db.end()
  }
}
