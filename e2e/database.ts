import postgres from "postgres"

/** A connection to the browser tests' backend database (one at a time; end it after the test). */
export const sql = () => {
  const url = process.env.E2E_DATABASE_URL
  if (!url) throw new Error("E2E_DATABASE_URL is not set; run the browser tests through e2e/jest.config.js")
  return postgres(url, { max: 1, onnotice: () => undefined })
}
