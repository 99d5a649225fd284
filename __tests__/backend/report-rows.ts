/**
 * Requests written straight into the tables for the weekly report's tests: leads and contact messages
 * at chosen times, with their alert, acknowledgement and outcome, in one statement per table (10,000 in
 * a second or two).
 */
import type { Db } from "../../supabase/functions/_shared/db"
import type { LeadOutcome } from "../../supabase/functions/_shared/kernel/outcomes"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import type { RequestForm } from "../../supabase/functions/_shared/report/weekly-figures"
import { testConfig } from "./helpers"

/** A config whose owner (Dana, by e-mail) gets the reports: a past week's, asked for by link or by command. */
export const ownerConfig = () =>
  testConfig({
    ALERT_CONTACTS: JSON.stringify([{ name: "Dana", email: "dana@example.com" }]),
    ALERT_OWNER: "Dana",
  })

/** Wednesday 2 December 2026, 10:00 in New York: the week of 23 November has ended, this one has not. */
export const WEDNESDAY_DEC_2 = new Date("2026-12-02T15:00:00Z")

type Touch = Partial<Record<"utm_source" | "utm_medium" | "utm_campaign", string>>

export interface FixtureRequest {
  form: RequestForm
  at: Date
  reference?: string
  name?: string
  phone?: string
  email?: string | null
  offer?: string | null
  /** An estimate request's plan id. */
  plan?: string | null
  attribution?: { first: Touch; last: Touch } | null
  alertedAfterMs?: number | null
  acknowledgedAfterMs?: number | null
  acknowledgedBy?: string | null
  outcome?: LeadOutcome | null
  outcomeBy?: string | null
  note?: string | null
  missedAt?: Date | null
  /** The language the visitor used the site in (English unless told). */
  language?: Language
}

const after = (at: Date, ms: number | null | undefined) =>
  ms == null ? null : new Date(at.getTime() + ms).toISOString()

const record = (r: FixtureRequest, i: number) => ({
  form: r.form,
  reference: r.reference ?? `WEB${String(i).padStart(6, "0")}`,
  name: r.name ?? `Visitor ${i}`,
  phone: r.phone ?? "(914) 555-0100",
  email: r.email === undefined ? `visitor${i}@example.com` : r.email,
  offer: r.offer ?? null,
  plan: r.plan ?? null,
  attribution: r.attribution
    ? {
        first: { ...r.attribution.first, at: r.at.toISOString() },
        last: { ...r.attribution.last, at: r.at.toISOString() },
      }
    : null,
  created_at: r.at.toISOString(),
  first_alerted_at: after(r.at, r.alertedAfterMs),
  acknowledged_at: after(r.at, r.acknowledgedAfterMs),
  acknowledged_by: r.acknowledgedBy ?? (r.acknowledgedAfterMs == null ? null : "Dana"),
  outcome: r.outcome ?? null,
  outcome_by: r.outcomeBy ?? (r.outcome ? "Dana" : null),
  outcome_note: r.note ?? null,
  missed_at: r.missedAt?.toISOString() ?? null,
  language: r.language ?? "en",
})

const COLUMNS = `form text, reference text, name text, phone text, email text, offer text, plan text, attribution jsonb,
  created_at timestamptz, first_alerted_at timestamptz, acknowledged_at timestamptz, acknowledged_by text,
  outcome text, outcome_by text, outcome_note text, missed_at timestamptz, language text`
const SHARED = `reference, phone, attribution, created_at, first_alerted_at, acknowledged_at, acknowledged_by,
  outcome, outcome_by, outcome_note, missed_at, language`

export async function insertRequests(db: Pick<Db, "query">, requests: readonly FixtureRequest[], first = 0) {
  const json = JSON.stringify(requests.map((r, i) => record(r, first + i)))
  await db.query(
    `insert into leads (submission_id, kind, source, full_name, email, special_offer, service_plan, ${SHARED})
     select gen_random_uuid(), form, 'report_test', name, email, offer, plan, ${SHARED}
     from jsonb_to_recordset($1::text::jsonb) as r(${COLUMNS}) where form <> 'contact'`,
    [json],
  )
  await db.query(
    `insert into contact_messages (submission_id, name, email, message, ${SHARED})
     select gen_random_uuid(), name, coalesce(email, ''), 'A message', ${SHARED}
     from jsonb_to_recordset($1::text::jsonb) as r(${COLUMNS}) where form = 'contact'`,
    [json],
  )
}

/** Spam records filed at `filed`, released at `released` when given. */
export async function insertSpam(db: Pick<Db, "query">, filed: Date, released: Date | null = null) {
  await db.query(
    `insert into spam_attempts (submission_id, function_name, reason, body, created_at, released_at)
     values (gen_random_uuid(), 'process-contact', 'honeypot', '{}'::jsonb, $1::timestamptz, $2::timestamptz)`,
    [filed.toISOString(), released?.toISOString() ?? null],
  )
}

/** An outbox job that ended `status` at `at`. */
export async function insertJob(db: Pick<Db, "query">, status: "dead" | "sent", at: Date) {
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
     values ('crm_forward', gen_random_uuid()::text, '{}'::jsonb, $1, 8, $2::timestamptz, $2::timestamptz, $2::timestamptz)`,
    [status, at.toISOString()],
  )
}
