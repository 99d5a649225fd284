/**
 * The pipeline's health as the check finds it, before its own request adds anything: messages the
 * outbox gave up on in the last day, messages due more than 10 minutes ago and not delivered (no worker
 * ran: a stopped cron), requests that came in during business hours with no alert delivered, and
 * the share of the texts sent in the last day that Twilio reported undelivered or failed, with its
 * error codes (texts/sent-texts.ts; a problem past UNDELIVERED_SHARE_LIMIT).
 * The check's own jobs are left out: its e-mail's fate is the e-mail check's.
 */
import { isOfficeOpen } from "../alerts/office-hours.ts"
import type { Db } from "../db.ts"

/** A job due this long ago and still not delivered means no worker is running. */
export const OVERDUE_MINUTES = 10
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** The most requests a report names: past it, the count says the rest. */
const MAX_NAMED = 20

const CHECK_KINDS = `('check_email', 'pipeline_check')`

/** Past this share of the day's texts undelivered or failed (carrier filtering, an unregistered sender), the check fails. */
export const UNDELIVERED_SHARE_LIMIT = 0.1

export interface KindCount {
  kind: string
  count: number
}

export interface PipelineHealth {
  dead: { count: number; kinds: KindCount[]; lastError: string | null }
  overdue: { count: number; kinds: KindCount[]; oldestDue: Date | null }
  /** References (or ids, for a request stored before references) of requests in business hours with no alert delivered. */
  unalerted: { count: number; references: string[] }
  /** Texts sent in the last day, those Twilio reported undelivered or failed, and their error codes (most first). */
  texts: { sent: number; notDelivered: number; errorCodes: Array<{ code: string; count: number }> }
}

const total = (kinds: readonly KindCount[]) => kinds.reduce((sum, k) => sum + k.count, 0)

export async function pipelineHealth(db: Pick<Db, "query">, at: Date): Promise<PipelineHealth> {
  const dayAgo = new Date(at.getTime() - DAY_MS).toISOString()
  const overdueBefore = new Date(at.getTime() - OVERDUE_MINUTES * MINUTE_MS).toISOString()
  const [deadKinds, [lastDead], overdueKinds, quiet, [sentTexts], errorCodes] = await Promise.all([
    db.query<KindCount>(
      `select kind, count(*)::int as count from outbox_jobs
       where status = 'dead' and updated_at > $1 and kind not in ${CHECK_KINDS} group by kind order by count desc, kind`,
      [dayAgo],
    ),
    db.query<{ last_error: string | null }>(
      `select last_error from outbox_jobs where status = 'dead' and updated_at > $1 and kind not in ${CHECK_KINDS}
       order by updated_at desc limit 1`,
      [dayAgo],
    ),
    // Pending and due, or taken by a worker whose lease ran out (it stopped halfway).
    db.query<KindCount & { oldest: Date }>(
      `select kind, count(*)::int as count, min(next_attempt_at) as oldest from outbox_jobs
       where next_attempt_at < $1 and kind <> 'check_email'
         and (status = 'pending' or (status = 'sending' and locked_until < $1))
       group by kind order by count desc, kind`,
      [overdueBefore],
    ),
    // Neither alerted nor taken, old enough for an alert to have gone out; business hours are decided below.
    db.query<{ reference: string | null; id: string; created_at: Date }>(
      `select reference, id, created_at from leads
         where created_at > $1 and created_at < $2 and first_alerted_at is null and acknowledged_at is null
       union all
       select reference, id, created_at from contact_messages
         where created_at > $1 and created_at < $2 and first_alerted_at is null and acknowledged_at is null
       order by created_at limit 500`,
      [dayAgo, overdueBefore],
    ),
    db.query<{ sent: number; not_delivered: number }>(
      `select count(*)::int as sent, count(*) filter (where status in ('undelivered', 'failed'))::int as not_delivered
       from sent_texts where sent_at > $1`,
      [dayAgo],
    ),
    db.query<{ code: string; count: number }>(
      `select coalesce(error_code, 'none') as code, count(*)::int as count from sent_texts
       where sent_at > $1 and status in ('undelivered', 'failed') group by 1 order by count desc, code`,
      [dayAgo],
    ),
  ])
  const unalerted = quiet.filter((r) => isOfficeOpen(r.created_at))
  const oldest = overdueKinds.map((k) => k.oldest.getTime())
  return {
    dead: { count: total(deadKinds), kinds: deadKinds, lastError: lastDead?.last_error ?? null },
    overdue: {
      count: total(overdueKinds),
      kinds: overdueKinds.map(({ kind, count }) => ({ kind, count })),
      oldestDue: oldest.length ? new Date(Math.min(...oldest)) : null,
    },
    unalerted: {
      count: unalerted.length,
      references: unalerted.slice(0, MAX_NAMED).map((r) => r.reference ?? r.id),
    },
    texts: { sent: sentTexts?.sent ?? 0, notDelivered: sentTexts?.not_delivered ?? 0, errorCodes },
  }
}
