/**
 * Who a summary lists (the morning summary, a channel's over-budget summary): one row per lead in
 * summary_members, so adding a lead costs the same at the night's first lead and its thousandth.
 */
import type { Db, SqlParam } from "../db.ts"
import type { AlertTarget } from "./subject.ts"

/** What a new summary job is: its key (the outbox dedupe key), when it is due, and its payload. */
export interface SummaryJob {
  key: string
  dueAt: Date
  payload: Record<string, unknown>
}

/**
 * The CTEs that add a lead to a summary, making the summary's job on first use (values numbered from
 * `first`); `joined` yields the summary's key when the lead is in it. A summary a worker has taken (no
 * longer pending) is not joined. The summary's row is locked, not rewritten: FOR KEY SHARE (as the
 * member's foreign key takes too) until the commit keeps a worker's claim (FOR UPDATE SKIP LOCKED) off
 * it, so a lead added here is always in the list the worker reads. Updating the row for each lead left a
 * dead version per lead that every later lead's lookup walked (80 buffer reads a lead after 1,300).
 * A summary first inserted by a transaction not yet committed when this statement began is not seen:
 * joinSummary asks again.
 */
export function joinSummarySql(
  summary: SummaryJob,
  target: AlertTarget,
  first = 1,
): { ctes: string; params: SqlParam[] } {
  const [key, payload, due, record, id] = [1, 2, 3, 4, 5].map((i) => `$${first + i - 1}`)
  return {
    ctes: `made as (
       insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at)
       values ('morning_summary', ${key}, ${payload}::text::jsonb, ${due}::timestamptz)
       on conflict (dedupe_key) do nothing
       returning dedupe_key
     ), pending as (
       select dedupe_key from outbox_jobs where dedupe_key = ${key} and status = 'pending' for key share
     ), joined as (
       select dedupe_key from made union all select dedupe_key from pending limit 1
     ), added as (
       insert into summary_members (summary_key, record, target_id)
       select dedupe_key, ${record}, ${id}::uuid from joined
       on conflict do nothing
       returning 1
     )`,
    params: [summary.key, JSON.stringify(summary.payload), summary.dueAt.toISOString(), target.record, target.id],
  }
}

/** What a statement made with joinSummarySql's CTEs selects: whether the lead is in the summary (data-modifying CTEs run unreferenced). */
export const JOINED = `select exists (select 1 from joined) as joined`

/** Adds a lead to a summary (joinSummarySql); false when the summary was taken by a worker already. */
export async function joinSummary(tx: Pick<Db, "query">, summary: SummaryJob, target: AlertTarget): Promise<boolean> {
  const { ctes, params } = joinSummarySql(summary, target)
  const join = async () => (await tx.query<{ joined: boolean }>(`with ${ctes} ${JOINED}`, params))[0]?.joined === true
  // A second statement sees a summary another transaction inserted and committed meanwhile.
  return (await join()) || join()
}

/** A summary job's leads in the order they joined (jobs queued before summary_members carry theirs in the payload). */
export async function summaryMembers(db: Pick<Db, "query">, jobId: string): Promise<AlertTarget[]> {
  const rows = await db.query<{ record: AlertTarget["record"]; id: string }>(
    `select m.record, m.target_id::text as id
     from summary_members m join outbox_jobs j on j.dedupe_key = m.summary_key
     where j.id = $1
     order by m.added_at, m.target_id`,
    [jobId],
  )
  return rows.map(({ record, id }) => ({ record, id }))
}
