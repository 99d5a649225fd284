/**
 * The outbox's queue: jobs are written in the same transaction as the lead (or by a step, or by the
 * worker for a dead job's notice), one per dedupe key. Whoever queues a job says what it is (a kind
 * job-kinds.ts declares, or the job is refused), and the worker's table (jobs.ts) says how it is run.
 */
import type { Db, SqlParam } from "../db.ts"
import type { EmailMessage } from "../mail/layout.ts"
import { isJobKind, type JobKind } from "./job-kinds.ts"

export interface NewJob {
  kind: JobKind
  /** One job per key: repeated or overlapping calls cannot enqueue the same work twice. */
  dedupeKey: string
  leadId?: string
  contactMessageId?: string
  payload: EmailMessage | Record<string, unknown>
  /** When it is due (now when absent): an escalation's deadline, the office's opening time. */
  dueAt?: Date
}

/**
 * A statement (or a CTE) that queues jobs: its text and values, numbered from `first`. A kind that is
 * not declared (outbox/job-kinds.ts), such as one a caller built from text, is refused here: the
 * database takes any text, and a job no handler runs would wait for ever.
 */
export function enqueueSql(jobs: readonly NewJob[], at: Date, first = 1): { text: string; params: SqlParam[] } {
  const unknown = jobs.find((job) => !isJobKind(job.kind))
  if (unknown) throw new Error(`Not a job kind: "${unknown.kind}" (outbox/job-kinds.ts declares them)`)
  const rows = jobs.map((_, i) => {
    const n = first + i * 6
    return `($${n}, $${n + 1}, $${n + 2}::uuid, $${n + 3}::uuid, $${n + 4}::text::jsonb, $${n + 5}::timestamptz)`
  })
  return {
    text: `insert into outbox_jobs (kind, dedupe_key, lead_id, contact_message_id, payload, next_attempt_at)
     values ${rows.join(", ")}
     on conflict (dedupe_key) do nothing`,
    params: jobs.flatMap((job) => [
      job.kind,
      job.dedupeKey,
      job.leadId ?? null,
      job.contactMessageId ?? null,
      JSON.stringify(job.payload),
      (job.dueAt ?? at).toISOString(),
    ]),
  }
}

/** Queues jobs in one statement; a job whose dedupe key exists already is skipped. */
export async function enqueueJobs(tx: Pick<Db, "query">, jobs: readonly NewJob[], at = new Date()): Promise<void> {
  if (jobs.length === 0) return
  const { text, params } = enqueueSql(jobs, at)
  await tx.query(text, params)
}
