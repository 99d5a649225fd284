/**
 * "Nothing stored goes unannounced": the worker's sweep (outbox/jobs.ts) announces again each request
 * whose alerts all failed, once delivery works again.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { CHANNELS } from "../notify/registry.ts"
import { reachable } from "./escalation.ts"
import { isOfficeOpen } from "./office-hours.ts"
import type { AlertTarget } from "./subject.ts"

/** Leads looked at by one sweep, per table: the oldest first; the next sweep takes the rest. */
const SWEEP_LIMIT = 50

/** How far back the sweep looks: a lead older than this was dealt with by hand, or by a link that has expired. */
const SWEEP_DAYS = 3

/**
 * The sweep behind "nothing stored goes unannounced". A lead or message gets a new alert step (a
 * re-announcement) when it is neither alerted nor acknowledged, its alert jobs are all over (dead, or
 * escalation ended), and, while nobody takes alerts now, no pending summary lists it (someone on call
 * after hours gets it again now): at most one per lead per `reannounceMinutes` interval (the dedupe key
 * names the interval). An outage that killed every alert of a lead thus ends with the lead announced once
 * delivery works again. Partial indexes keep it cheap: it reads only the recent leads not yet alerted.
 * `alertKinds`: the kinds of job that alert the office of one lead (outbox/jobs.ts): while one of a
 * lead's is pending or sending, its alerting is under way. Returns how many it queued.
 */
export async function reannounceUnalerted(
  db: Pick<Db, "query">,
  config: BackendConfig,
  alertKinds: readonly string[],
  at: Date,
): Promise<number> {
  const { alerts } = config
  // With no channel on at all (no e-mail API, SMS or chat), announcing again could only queue jobs that cannot go.
  if (!CHANNELS.some((channel) => channel.on(config))) return 0
  const interval = config.alerts.reannounceMinutes * 60_000
  const slot = new Date(Math.floor(at.getTime() / interval) * interval).toISOString()
  const waiting = (table: "leads" | "contact_messages", record: AlertTarget["record"], column: string) =>
    `(select '${record}'::text as record, t.id from ${table} t
      where t.first_alerted_at is null and t.acknowledged_at is null
        and t.created_at > $1::timestamptz - interval '${SWEEP_DAYS} days'
        and not exists (select 1 from outbox_jobs j where j.${column} = t.id and j.status in ('pending', 'sending') and j.kind = any($3::text[]))
      order by t.created_at limit ${SWEEP_LIMIT})`
  // A lead a pending summary lists waits for it: an over-budget channel's summary always, the next
  // morning's unless someone takes alerts now.
  const anyoneNow = isOfficeOpen(at) || reachable(alerts, at).length > 0
  const summaries = anyoneNow ? `and s.dedupe_key like 'overflow:%'` : ""
  const listedInSummary = `where not exists (
         select 1 from summary_members m join outbox_jobs s on s.dedupe_key = m.summary_key
         where m.target_id = w.id and m.record = w.record and s.status in ('pending', 'sending') ${summaries})
       and not exists (
         select 1 from outbox_jobs s
         where s.kind = 'morning_summary' and s.status in ('pending', 'sending') ${summaries}
           and (s.payload -> 'targets') @> jsonb_build_array(jsonb_build_object('record', w.record, 'id', w.id::text)))`
  const queued = await db.query<{ id: string }>(
    `insert into outbox_jobs (kind, dedupe_key, lead_id, contact_message_id, payload, next_attempt_at)
     select 'alert_step', 'reannounce:' || w.record || ':' || w.id || ':' || $2::text,
            case when w.record = 'lead' then w.id end, case when w.record = 'message' then w.id end,
            jsonb_build_object('record', w.record, 'id', w.id, 'stage', 0, 'reannounce', $2::text), $1::timestamptz
     from (${waiting("leads", "lead", "lead_id")} union all ${waiting("contact_messages", "message", "contact_message_id")}) w
     ${listedInSummary}
     on conflict (dedupe_key) do nothing
     returning id`,
    [at.toISOString(), slot, `{${alertKinds.join(",")}}`],
  )
  return queued.length
}
