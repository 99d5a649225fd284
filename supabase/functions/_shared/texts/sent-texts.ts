/**
 * The texts we sent, by the Message SID Twilio answered with (table sent_texts), and the order of the
 * states Twilio's status callback reports: a message goes queued, sending, sent, then one final state
 * (delivered, undelivered, failed, canceled); "read" comes after delivered (WhatsApp, RCS). Twilio posts
 * them possibly out of order and retried: a state is kept only over an earlier one, so a final state is
 * never overwritten by a late "sent", nor one final state by another.
 */
import type { Db } from "../db.ts"

const RANKS: Readonly<Record<string, number>> = {
  accepted: 0,
  scheduled: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  canceled: 3,
  read: 4,
}

/** A state's place in a message's life, or undefined for a word Twilio does not send. */
export const statusRank = (status: string): number | undefined =>
  Object.hasOwn(RANKS, status) ? RANKS[status] : undefined

/** The final states that mean the text never reached the phone. */
export const NOT_DELIVERED: ReadonlySet<string> = new Set(["undelivered", "failed"])

/** What a text was sent as: its outbox job (and the job's kind), or a message sent straight (the pipeline check's report). */
export interface SentBy {
  jobId: string | null
  kind: string
}

/**
 * Records a text Twilio accepted (its answer's status, "queued" when it gave none); a SID already recorded
 * is left as it is. A job id that is no outbox job's (a delivery outside the outbox) is kept as none.
 */
export async function recordSentText(
  db: Pick<Db, "query">,
  sid: string,
  by: SentBy,
  status: string | undefined,
  at: Date,
): Promise<void> {
  const known = status !== undefined && statusRank(status) !== undefined ? status : "queued"
  await db.query(
    `insert into sent_texts (message_sid, job_id, kind, status, status_rank, sent_at, status_at)
     values ($1, (select id from outbox_jobs where id = $2::uuid), $3, $4, $5, $6, $6) on conflict (message_sid) do nothing`,
    [sid, by.jobId, by.kind, known, statusRank(known) ?? 0, at.toISOString()],
  )
}
