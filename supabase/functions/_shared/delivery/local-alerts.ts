/** What SMS and chat share: an alert's text fields, and the local alerts page when no provider is set. */
import type { Db } from "../db.ts"
import { PermanentError } from "./errors.ts"

/** A text field of an alert's payload; without it the job cannot succeed. */
export const payloadText = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key]
  if (typeof value !== "string" || value === "") throw new PermanentError(`The job's payload has no ${key}`)
  return value
}

/** An SMS or chat post onto the local alerts page (the local backend with no provider). */
export async function keepLocally(db: Db, jobId: string, channel: "sms" | "chat", to: string, body: string) {
  await db.query(
    `insert into dev_alerts (job_id, channel, to_address, body) values ($1, $2, $3, $4) on conflict (job_id) do nothing`,
    [jobId, channel, to, body],
  )
}
