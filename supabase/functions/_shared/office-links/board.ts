/**
 * The office's board without a login: the day's and the week's requests (the last 7 calendar
 * days, New York time) with their state (new, taken by whom, what came of it) and how long the office took
 * to tap "I'm on it". Opened from a contact's signed link (the morning summary, the "I'm on it" page); the
 * page asks with the token, so no visitor's data is ever in an address. Counts are over every request of the
 * period; the lists show the most recent BOARD_MAX_LISTED, so 10,000 a week stay one small answer.
 */
import type { Db } from "../db.ts"
import { startOfDay } from "../kernel/business-hours.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import type { LeadOutcome } from "../kernel/outcomes.ts"
import { prefersLanguage } from "../alerts/messages.ts"
import { oneLine } from "../alerts/subject.ts"
import { languageOf } from "../kernel/languages.ts"
import { fieldsDocument, isDeclaredKind, shownRows } from "../requests/shown-fields.ts"
import type { BoardPeriod as BoardPeriodShape, BoardRequest } from "../kernel/board-types.ts"
import type { AlertTarget } from "../alerts/subject.ts"
import { MESSAGE_FORM } from "../texts/message-form.ts"

/** The signed link an entry opens its request with (its "I'm on it" page: call, text, take, record an outcome). */
export type RequestLink = (target: AlertTarget) => string

/** The most requests a list shows (newest first); the counts cover them all. */
export const BOARD_MAX_LISTED = 200

/** Calendar days the week covers, today included. */
const WEEK_DAYS = 7

const COPY = LEAD_MESSAGES.officeAlerts

/** A period of the board: its start, counts and requests (kernel/board-types.ts). */
export interface BoardPeriod extends BoardPeriodShape {
  from: string
}

export interface Board {
  today: BoardPeriod
  week: BoardPeriod
}

/** Both tables as one list of requests: what the board reads of each. */
const REQUESTS = `
  select id, record, coalesce(reference, id::text) as reference, kind, name, created_at,
    coalesce(sent_as_spam_at, created_at) as sent_at, acknowledged_at, acknowledged_by, outcome, outcome_by, missed_at,
    language, fields
  from (
    select id, 'lead' as record, reference, kind, full_name as name, created_at, sent_as_spam_at, acknowledged_at, acknowledged_by,
      outcome, outcome_by, missed_at, language, details as fields from leads
    union all
    select id, 'message', reference, ${MESSAGE_FORM}, name, created_at, sent_as_spam_at, acknowledged_at, acknowledged_by,
      outcome, outcome_by, missed_at, language, ${fieldsDocument("contact")} as fields from contact_messages m
  ) r where created_at >= $1::timestamptz and created_at <= $2::timestamptz`

interface RequestRow {
  id: string
  record: AlertTarget["record"]
  reference: string
  kind: string
  name: string
  created_at: Date
  sent_at: Date
  acknowledged_at: Date | null
  acknowledged_by: string | null
  outcome: LeadOutcome | null
  outcome_by: string | null
  missed_at: Date | null
  language: string
  /** The request's own fields by declared name (kernel/request-fields.ts). */
  fields: Record<string, unknown> | null
}

interface CountRow {
  total: number
  taken: number
  done: number
  missed: number
  median: number | null
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  ...LEAD_MESSAGES.companyEmail.kindLabels,
  text: COPY.textForms.text,
  text_reply: COPY.textForms.reply,
}

const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000))

const requestOf = (row: RequestRow, linkFor: RequestLink): BoardRequest => ({
  reference: row.reference,
  link: linkFor({ record: row.record, id: row.id }),
  kind: KIND_LABELS[row.kind] ?? row.kind,
  name: oneLine(row.name, 60),
  receivedAt: row.created_at.toISOString(),
  state: row.outcome ? "done" : row.acknowledged_at ? "taken" : "new",
  takenBy: row.acknowledged_by,
  minutesToTake: row.acknowledged_at ? minutesBetween(row.sent_at, row.acknowledged_at) : null,
  outcome: row.outcome ? COPY.outcomes[row.outcome] : null,
  outcomeBy: row.outcome_by,
  missed: row.missed_at !== null,
  prefers: prefersLanguage({ language: languageOf(row.language) }) || null,
  // One line made here, so the board's page only shows it.
  details:
    (isDeclaredKind(row.kind) &&
      shownRows(row.kind, "board", row.fields ?? {})
        .map(([label, value]) => `${label}: ${oneLine(value, 200)}`)
        .join(" · ")) ||
    null,
})

async function period(db: Pick<Db, "query">, from: Date, to: Date, linkFor: RequestLink): Promise<BoardPeriod> {
  const range = [from.toISOString(), to.toISOString()]
  const rows = await db.query<RequestRow>(`${REQUESTS} order by created_at desc limit ${BOARD_MAX_LISTED}`, range)
  const [counts] = await db.query<CountRow>(
    `select count(*)::int as total, count(acknowledged_at)::int as taken, count(outcome)::int as done,
       count(missed_at)::int as missed,
       (percentile_cont(0.5) within group (order by extract(epoch from acknowledged_at - sent_at) / 60)
         filter (where acknowledged_at is not null))::float8 as median
     from (${REQUESTS}) q`,
    range,
  )
  const total = counts?.total ?? 0
  const taken = counts?.taken ?? 0
  const done = counts?.done ?? 0
  return {
    from: from.toISOString(),
    counts: {
      total,
      // Taken counts those with an outcome too; the states are exclusive.
      new: total - taken,
      taken: taken - done,
      done,
      missed: counts?.missed ?? 0,
      medianMinutesToTake: counts?.median === null || counts?.median === undefined ? null : Math.round(counts.median),
    },
    requests: rows.map((row) => requestOf(row, linkFor)),
  }
}

/** The board at `at`: today since local midnight, and the 7 calendar days ending today, each entry with its link. */
export async function boardAt(db: Pick<Db, "query">, at: Date, linkFor: RequestLink): Promise<Board> {
  const today = startOfDay(at, COMPANY.timeZone)
  const weekStart = startOfDay(at, COMPANY.timeZone, WEEK_DAYS - 1)
  return { today: await period(db, today, at, linkFor), week: await period(db, weekStart, at, linkFor) }
}
