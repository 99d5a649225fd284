/**
 * What the weekly report reads from the tables for one week: its requests (leads and contact messages
 * received in it, oldest first, with what the CSV shows), and the counts the tables give directly:
 * missed requests (the owner told in the week), spam filed and released, and deliveries that died.
 */
import type { Db } from "../db.ts"
import type { Attribution } from "../kernel/attribution.ts"
import type { ContactMessageRow, LeadRow } from "../rows.ts"
import type { Campaign, ReportRequest, RequestForm, WeekCounts } from "./weekly-figures.ts"
import type { ReportWeek } from "./report-week.ts"
import { fieldsDocument } from "../requests/shown-fields.ts"
import { offerOf, planOf } from "./offer-groups.ts"
import { MESSAGE_FORM } from "../texts/message-form.ts"

/** One request of the week as stored: what the figures need and what the CSV shows. */
export interface WeekRequestRow extends Pick<
  LeadRow,
  | "reference"
  | "created_at"
  | "phone"
  | "email"
  | "special_offer"
  | "service_plan"
  | "attribution"
  | "utm_source"
  | "utm_campaign"
  | "first_alerted_at"
  | "acknowledged_at"
  | "acknowledged_by"
  | "outcome"
  | "outcome_by"
  | "outcome_note"
  | "language"
> {
  form: RequestForm
  name: ContactMessageRow["name"]
  /** The request's own fields by declared name (kernel/request-fields.ts). */
  fields: Record<string, unknown> | null
}

const SHARED = `reference, created_at, phone, email, attribution, first_alerted_at, acknowledged_at,
  acknowledged_by, outcome, outcome_by, outcome_note, language`

/** Both tables' requests received in [$1, $2), oldest first (the created_at indexes of both). */
const REQUESTS = `
  select ${MESSAGE_FORM} as form, name, null::text as special_offer, null::text as service_plan, null::text as utm_source,
    null::text as utm_campaign, ${fieldsDocument("contact")} as fields, ${SHARED}
  from contact_messages m where created_at >= $1::timestamptz and created_at < $2::timestamptz
  union all
  select kind as form, full_name as name, special_offer, service_plan, utm_source, utm_campaign, details as fields,
    ${SHARED}
  from leads where created_at >= $1::timestamptz and created_at < $2::timestamptz
  order by created_at, reference`

const inWeek = (column: string) => `${column} >= $1::timestamptz and ${column} < $2::timestamptz`

const COUNTS = `select
  (select count(*) from leads where ${inWeek("missed_at")})::int
    + (select count(*) from contact_messages where ${inWeek("missed_at")})::int as missed,
  (select count(*) from spam_attempts where ${inWeek("created_at")})::int as spam_filed,
  (select count(*) from spam_attempts where ${inWeek("released_at")})::int as spam_released,
  (select count(*) from outbox_jobs where status = 'dead' and ${inWeek("updated_at")})::int as dead`

const bounds = ({ from, to }: ReportWeek) => [from.toISOString(), to.toISOString()]

export const weekRequests = (db: Pick<Db, "query">, week: ReportWeek): Promise<WeekRequestRow[]> =>
  db.query<WeekRequestRow>(REQUESTS, bounds(week))

export async function weekCounts(db: Pick<Db, "query">, week: ReportWeek): Promise<WeekCounts> {
  const [row] = await db.query<{ missed: number; spam_filed: number; spam_released: number; dead: number }>(
    COUNTS,
    bounds(week),
  )
  return {
    missed: row?.missed ?? 0,
    spamFiled: row?.spam_filed ?? 0,
    spamReleased: row?.spam_released ?? 0,
    dead: row?.dead ?? 0,
  }
}

/** A request stored before forms carried attribution: its own utm columns (the callback form's) as its touch. */
const storedTouch = ({ utm_source, utm_campaign }: Pick<WeekRequestRow, "utm_source" | "utm_campaign">) =>
  utm_source || utm_campaign ? { utm_source: utm_source ?? undefined, utm_campaign: utm_campaign ?? undefined } : null

/** The touches of a request: its attribution's, else its own utm columns for both. */
export function touchesOf(row: Pick<WeekRequestRow, "attribution" | "utm_source" | "utm_campaign">): {
  first: Campaign | null
  last: Campaign | null
} {
  const attribution: Attribution | null = row.attribution
  const fallback = storedTouch(row)
  return { first: attribution?.first ?? fallback, last: attribution?.last ?? fallback }
}

export function asRequest(row: WeekRequestRow): ReportRequest {
  const { first, last } = touchesOf(row)
  return {
    form: row.form,
    offer: offerOf(row.special_offer),
    plan: row.form === "estimate" ? planOf(row.service_plan) : null,
    firstTouch: first,
    lastTouch: last,
    outcome: row.outcome,
    receivedAt: row.created_at,
    firstAlertedAt: row.first_alerted_at,
    acknowledgedAt: row.acknowledged_at,
    language: row.language,
  }
}
