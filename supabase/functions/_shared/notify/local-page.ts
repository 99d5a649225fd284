/**
 * The local alerts page: on the local backend with no provider set, an SMS or a chat post lands in
 * dev_alerts (server/local-sinks.ts), shown at /_dev/alerts, instead of going out. Also the text
 * fields SMS and chat read from an alert's payload.
 */
import type { Db } from "../db.ts"
import { PermanentError } from "../delivery/errors.ts"

/** A text field of an alert's payload; without it the job cannot succeed. */
export const payloadText = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key]
  if (typeof value !== "string" || value === "") throw new PermanentError(`The job's payload has no ${key}`)
  return value
}

/** An SMS or chat post onto the local alerts page (the local backend with no provider). */
export async function keepLocally(
  db: Pick<Db, "query">,
  jobId: string,
  channel: "sms" | "chat",
  to: string,
  body: string,
): Promise<void> {
  await db.query(
    `insert into dev_alerts (job_id, channel, to_address, body) values ($1, $2, $3, $4) on conflict (job_id) do nothing`,
    [jobId, channel, to, body],
  )
}
