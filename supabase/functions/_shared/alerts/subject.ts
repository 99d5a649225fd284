/**
 * What an alert is about: a stored lead or contact message, from its row (as the insert that stored it
 * returned it, or read back for a later step) in the words the office needs (who, what they asked for, their number, where they came from), and the
 * acknowledgement that stops its escalation.
 */
import type { PreferredWindow } from "../appointments/preferences.ts"
import type { Db } from "../db.ts"
import { headerValue } from "../mail/header.ts"
import { parsePhone, readablePhone, telUri } from "../phone-number.ts"
import type { Language } from "../kernel/languages.ts"
import type { ContactMessageRow, LeadOutcome, LeadRow } from "../rows.ts"
import { promiseFor, type LeadPromise, type PromisedKind } from "./promise.ts"
import { ESTIMATE_OPTIONS, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { alertLine, isDeclaredKind, valuesOfRow } from "../requests/shown-fields.ts"

export type AlertRecord = "lead" | "message"

export interface AlertTarget {
  record: AlertRecord
  id: string
}

const isTarget = (value: unknown): value is AlertTarget =>
  typeof value === "object" &&
  value !== null &&
  "record" in value &&
  (value.record === "lead" || value.record === "message") &&
  "id" in value &&
  typeof value.id === "string"

/** The column naming the record a job is about: the sweep sees a lead's jobs under way, a deleted lead takes them along. */
export const jobOwner = (target: AlertTarget) =>
  target.record === "lead" ? { leadId: target.id } : { contactMessageId: target.id }

/** The leads a job is about (its payload's `targets`). */
export const targetsOf = (payload: Record<string, unknown>): AlertTarget[] =>
  Array.isArray(payload.targets) ? payload.targets.filter(isTarget) : []

export interface AlertSubject extends AlertTarget {
  /** The form it came from: what it was promised. */
  kind: PromisedKind
  kindLabel: string
  /** The reference the visitor was shown (a request stored before there was one: its id). */
  reference: string
  name: string
  /** As the office reads it ("(914) 555-0100 ext. 123", "+53 5 1234567"); as typed when it could not be read. */
  phone: string
  /** A tap-to-call URI of it per RFC 3966 (`tel:+19145550142;ext=12`); null when the number could not be read. */
  tel: string | null
  /** One line: the plan and pests, the offer, or the message. */
  request: string
  /** One line: the form, and the campaign when there is one. */
  source: string
  receivedAt: Date
  /** When the office was first alerted (an alert delivered), if it was. */
  alertedAt: Date | null
  acknowledgedAt: Date | null
  acknowledgedBy: string | null
  /** What the visitor was promised, and by when the office must answer. */
  promise: LeadPromise
  /** Filed as spam and released: when the visitor really sent it (the promise counts from then). */
  sentAsSpamAt: Date | null
  outcome: { value: LeadOutcome; note: string | null; by: string | null; at: Date | null } | null
  /** When the owner was told nobody acknowledged it. */
  missedAt: Date | null
  /** The arrival windows the visitor picked (a lead's; none for a contact message or "call me to schedule"). */
  windows: readonly PreferredWindow[]
  /** The language the visitor used the site in: the office calls back in it, and alerts those who speak it first. */
  language: Language
  /** The address the visitor gave (a callback may have none). */
  email: string | null
}

const COPY = LEAD_MESSAGES.officeAlerts

/** Visitor text on one line and at most `max` characters: alerts are read on a phone's lock screen. */
export const oneLine = (value: string | null | undefined, max: number): string => {
  const line = headerValue(value ?? "")
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

const KIND_LABELS = LEAD_MESSAGES.companyEmail.kindLabels

const sourceLabel = (source: string): string =>
  Object.entries(COPY.sources).find(([key]) => key === source)?.[1] ?? source

/** What both tables record of a request's origin and of its alerting. */
const TRACKED_COLUMNS = [
  "attribution",
  "created_at",
  "first_alerted_at",
  "acknowledged_at",
  "acknowledged_by",
  "reference",
  "outcome",
  "outcome_note",
  "outcome_by",
  "outcome_at",
  "missed_at",
  "sent_as_spam_at",
  "language",
  "email",
] satisfies ReadonlyArray<keyof LeadRow & keyof ContactMessageRow>

const LEAD_COLUMNS = [
  "id",
  "kind",
  "source",
  "full_name",
  "phone",
  "city",
  "service_plan",
  "pests",
  "same_day_service",
  "special_offer",
  "notes",
  "utm_source",
  "utm_campaign",
  "utm_term",
  "preferred_windows",
  "details",
  ...TRACKED_COLUMNS,
] as const satisfies ReadonlyArray<keyof LeadRow>
export type LeadSubjectRow = Pick<LeadRow, (typeof LEAD_COLUMNS)[number]>

const MESSAGE_COLUMNS = [
  "id",
  "name",
  "phone",
  "message",
  "details",
  "channel",
  ...TRACKED_COLUMNS,
] as const satisfies ReadonlyArray<keyof ContactMessageRow>
export type MessageSubjectRow = Pick<ContactMessageRow, (typeof MESSAGE_COLUMNS)[number]>

function leadRequest(row: LeadSubjectRow): string {
  // A declared kind's own fields follow, as its declaration shows them in an alert (kernel/request-fields.ts).
  const own = isDeclaredKind(row.kind) ? alertLine(row.kind, valuesOfRow(row.kind, row)) : row.notes
  if (row.kind === "estimate") {
    const plan = ESTIMATE_OPTIONS.servicePlans.find((p) => p.id === row.service_plan)?.name ?? row.service_plan ?? ""
    return [plan, row.pests.join(", "), row.city, row.same_day_service ? ESTIMATE_OPTIONS.sameDay.label : "", own]
      .filter(Boolean)
      .join(" · ")
  }
  return [row.special_offer, row.city, own].filter(Boolean).join(" · ")
}

/**
 * The campaign that brought the lead: the last touch's source, medium and campaign when it has any;
 * otherwise the offer callback's own utm values, which older leads carry alone.
 */
function campaignOf(row: Partial<Pick<LeadRow, "attribution" | "utm_source" | "utm_campaign" | "utm_term">>): string {
  const last = row.attribution?.last
  const touch = [last?.utm_source, last?.utm_medium, last?.utm_campaign].filter(Boolean)
  const flat = [row.utm_source, row.utm_campaign, row.utm_term].filter(Boolean)
  return (touch.length ? touch : flat).join(" / ")
}

const withCampaign = (label: string, campaign: string) => `${label}${campaign ? ` (${campaign})` : ""}`

type TrackedRow = Pick<LeadRow, (typeof TRACKED_COLUMNS)[number] | "id">

/** What both kinds of subject read the same way from their row: times, acknowledgement, promise, outcome. */
const tracked = (row: TrackedRow, kind: PromisedKind) => {
  // A released request was promised from when the visitor sent it, not from its release.
  const sentAt = row.sent_as_spam_at ?? row.created_at
  return {
    kind,
    reference: row.reference ?? row.id,
    receivedAt: row.created_at,
    alertedAt: row.first_alerted_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    promise: promiseFor(kind, sentAt),
    sentAsSpamAt: row.sent_as_spam_at,
    outcome: row.outcome
      ? { value: row.outcome, note: row.outcome_note, by: row.outcome_by, at: row.outcome_at }
      : null,
    missedAt: row.missed_at,
    language: row.language,
    email: row.email,
  }
}

/** The visitor's number for the office: read (phone-number.ts) and written to be read, with its call link. */
const phoneOf = (typed: string) => {
  const phone = parsePhone(typed)
  return { phone: oneLine(readablePhone(phone), 40), tel: telUri(phone) }
}

/** A lead's subject, from its row (read back, or as the insert that stored it returned it). */
export function leadSubject(row: LeadSubjectRow): AlertSubject {
  return {
    record: "lead",
    id: row.id,
    ...tracked(row, row.kind),
    kindLabel: KIND_LABELS[row.kind],
    name: oneLine(row.full_name, 60),
    ...phoneOf(row.phone),
    request: oneLine(leadRequest(row), 160),
    source: oneLine(withCampaign(sourceLabel(row.source), campaignOf(row)), 120),
    windows: row.preferred_windows ?? [],
  }
}

/** A contact message's subject, from its row: one that came by text is "a text", from the number's texts. */
export const messageSubject = (row: MessageSubjectRow): AlertSubject => ({
  record: "message",
  id: row.id,
  ...tracked(row, "contact"),
  kindLabel: row.channel === "sms" ? COPY.textKindLabel : KIND_LABELS.contact,
  name: oneLine(row.name, 60),
  ...phoneOf(row.phone),
  request: oneLine(alertLine("contact", valuesOfRow("contact", row)), 160),
  source: oneLine(withCampaign(sourceLabel(row.channel === "sms" ? "sms" : "contact"), campaignOf(row)), 120),
  windows: [],
})

/** The columns each record's subject is read from: the insert that stores a request returns them too. */
export const SUBJECT_COLUMNS = { lead: LEAD_COLUMNS, message: MESSAGE_COLUMNS } as const

const TABLES = { lead: "leads", message: "contact_messages" } as const

/** The subjects of these targets, in the order given; a target whose record is gone is left out. */
export async function loadSubjects(db: Pick<Db, "query">, targets: readonly AlertTarget[]): Promise<AlertSubject[]> {
  const ids = (record: AlertRecord) => targets.filter((t) => t.record === record).map((t) => t.id)
  const leadIds = ids("lead")
  const messageIds = ids("message")
  const leads = leadIds.length
    ? await db.query<LeadSubjectRow>(`select ${LEAD_COLUMNS.join(", ")} from leads where id = any($1::uuid[])`, [
        `{${leadIds.join(",")}}`,
      ])
    : []
  const messages = messageIds.length
    ? await db.query<MessageSubjectRow>(
        `select ${MESSAGE_COLUMNS.join(", ")} from contact_messages where id = any($1::uuid[])`,
        [`{${messageIds.join(",")}}`],
      )
    : []
  const found = new Map<string, AlertSubject>([
    ...leads.map((row) => [`lead:${row.id}`, leadSubject(row)] as const),
    ...messages.map((row) => [`message:${row.id}`, messageSubject(row)] as const),
  ])
  return targets.flatMap((t) => found.get(`${t.record}:${t.id}`) ?? [])
}

export async function loadSubject(db: Pick<Db, "query">, target: AlertTarget): Promise<AlertSubject | null> {
  return (await loadSubjects(db, [target]))[0] ?? null
}

/** Records that the office was alerted (the first time only). */
export async function markAlerted(db: Pick<Db, "query">, targets: readonly AlertTarget[], at: Date): Promise<void> {
  for (const record of ["lead", "message"] as const) {
    const ids = targets.filter((t) => t.record === record).map((t) => t.id)
    if (ids.length === 0) continue
    await db.query(
      `update ${TABLES[record]} set first_alerted_at = $2 where id = any($1::uuid[]) and first_alerted_at is null`,
      [`{${ids.join(",")}}`, at.toISOString()],
    )
  }
}

/**
 * Takes back "alerted" from each target whose alert `deadJobId` was, when Twilio later reported it never
 * arrived, unless another of its alerts (`alertKinds`) was delivered: as after a send that failed, the
 * sweep then announces it again (reannounce.ts).
 */
export async function unmarkAlerted(
  db: Pick<Db, "query">,
  targets: readonly AlertTarget[],
  deadJobId: string,
  alertKinds: readonly string[],
): Promise<void> {
  for (const record of ["lead", "message"] as const) {
    const ids = targets.filter((t) => t.record === record).map((t) => t.id)
    if (ids.length === 0) continue
    await db.query(
      `update ${TABLES[record]} t set first_alerted_at = null where t.id = any($1::uuid[]) and not exists (
         select 1 from outbox_jobs o where o.id <> $2 and o.status = 'sent' and o.kind = any($3::text[])
           and o.payload->'targets' @> jsonb_build_array(jsonb_build_object('record', $4::text, 'id', t.id::text)))`,
      [`{${ids.join(",")}}`, deadJobId, `{${alertKinds.join(",")}}`, record],
    )
  }
}

/**
 * Records the acknowledgement of each target nobody had acknowledged yet (the first one stands);
 * resolves to the targets this call recorded.
 */
export async function acknowledgeAll(
  db: Pick<Db, "query">,
  targets: readonly AlertTarget[],
  by: string,
  at: Date,
): Promise<AlertTarget[]> {
  const recorded: AlertTarget[] = []
  for (const record of ["lead", "message"] as const) {
    const ids = targets.filter((t) => t.record === record).map((t) => t.id)
    if (ids.length === 0) continue
    const rows = await db.query<{ id: string }>(
      `update ${TABLES[record]} set acknowledged_at = $2, acknowledged_by = $3
       where id = any($1::uuid[]) and acknowledged_at is null returning id`,
      [`{${ids.join(",")}}`, at.toISOString(), by],
    )
    recorded.push(...rows.map(({ id }) => ({ record, id })))
  }
  return recorded
}

/**
 * Records the acknowledgement once: resolves to true when this call recorded it, false when someone
 * had already (the first one stands).
 */
export async function acknowledge(db: Pick<Db, "query">, target: AlertTarget, by: string, at: Date): Promise<boolean> {
  const updated = await db.query<{ id: string }>(
    `update ${TABLES[target.record]} set acknowledged_at = $2, acknowledged_by = $3
     where id = $1 and acknowledged_at is null returning id`,
    [target.id, at.toISOString(), by],
  )
  return updated.length > 0
}

/** Records that the owner was told nobody acknowledged it, once: resolves to true when this call recorded it. */
export async function markMissed(db: Pick<Db, "query">, target: AlertTarget, at: Date): Promise<boolean> {
  const updated = await db.query<{ id: string }>(
    `update ${TABLES[target.record]} set missed_at = $2 where id = $1 and missed_at is null and acknowledged_at is null returning id`,
    [target.id, at.toISOString()],
  )
  return updated.length > 0
}

/** An outcome as the office records it: what, an optional note, and who. */
export interface OutcomeRecord {
  outcome: LeadOutcome
  note: string | null
  by: string
}

/**
 * Records what came of a request (and its acknowledgement, when nobody had tapped "I'm on it" yet): resolves
 * to true when something changed. The same outcome, note and name again (a replayed request) changes nothing.
 */
export async function recordOutcome(
  db: Pick<Db, "query">,
  target: AlertTarget,
  { outcome, note, by }: OutcomeRecord,
  at: Date,
): Promise<boolean> {
  const updated = await db.query<{ id: string }>(
    `update ${TABLES[target.record]}
     set outcome = $2, outcome_note = $3, outcome_by = $4, outcome_at = $5,
       acknowledged_at = coalesce(acknowledged_at, $5), acknowledged_by = coalesce(acknowledged_by, $4)
     where id = $1 and (outcome is distinct from $2 or outcome_note is distinct from $3 or outcome_by is distinct from $4)
     returning id`,
    [target.id, outcome, note, by, at.toISOString()],
  )
  return updated.length > 0
}
