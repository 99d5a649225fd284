/**
 * The answers of the acknowledge-lead and release-spam functions, read from untrusted JSON.
 * An answer that does not have the contract's shape is treated like a failed call (retry), never
 * shown half-filled.
 */
import type { CallResult } from "../leads/api"
import type { BoardPeriod, BoardRequest } from "../../../supabase/functions/_shared/kernel/board-types.ts"

export type { BoardPeriod, BoardRequest }

type Json = Readonly<Record<string, unknown>>

/** What came of a request, as recorded from its link. */
export interface RecordedOutcome {
  value: string
  label: string
  note: string | null
  by: string | null
  at: string | null
}

export interface AcknowledgeAnswer {
  state: "ready" | "acknowledged" | "already_acknowledged" | "outcome_recorded"
  lead: {
    reference: string
    kind: string
    name: string
    phone: string
    /** The number's call link (`tel:+19145550100;ext=123`); null when the functions could not read the number. */
    tel: string | null
    /** The visitor's e-mail address; null when they gave none (or it could not be one). */
    email: string | null
    /** "Prefers Spanish: call back in Spanish" for a visitor who used the site in another language; else null. */
    prefers: string | null
    request: string
    receivedAt: string
  }
  to: string
  /** The names that are a shared address (the office inbox), not a person: worded as a place. */
  shared: string[]
  acknowledgedBy: string | null
  acknowledgedAt: string | null
  /** Where the CRM's copy of the recorded outcome is; null while none is recorded. */
  crm: CrmState | null
  /** Who may take it (the on-call list), the outcomes to choose from, and the one recorded (none before). */
  names: string[]
  outcomes: Array<{ id: string; label: string }>
  outcome: RecordedOutcome | null
  /** The reader's signed link to the office board; null when the answer has none. */
  board: string | null
}

/** One lead of a summary's "I'm on all N" link, with who has it (if anyone). */
export type BatchLead = AcknowledgeAnswer["lead"] & { acknowledgedBy: string | null; acknowledgedAt: string | null }

/** The answer to a summary's "I'm on all N" link: every lead it names, and how many this call took. */
export interface BatchAnswer {
  state: "ready" | "acknowledged" | "already_acknowledged"
  to: string
  shared: string[]
  batch: { count: number; waiting: number; acknowledged: number; leads: BatchLead[] }
}

/** acknowledge-lead answers for one lead or for a summary's batch; `kind` says which. */
export type AnyAcknowledgeAnswer = ({ kind: "lead" } & AcknowledgeAnswer) | ({ kind: "batch" } & BatchAnswer)

export interface ReleaseAnswer {
  state: "ready" | "released" | "already_released"
  submission: { kind: string; name: string; phone: string; reason: string; receivedAt: string }
  releasedAt: string | null
  reference: string | null
}

/**
 * confirm-window's answer: the request, the window, and after a tap the appointment or the other windows.
 * `released` and `not_held` answer the tap that gives back a window held for a $49 booking.
 */
export interface ConfirmAnswer {
  state: "ready" | "confirmed" | "already_confirmed" | "full" | "unavailable" | "released" | "not_held"
  lead: AcknowledgeAnswer["lead"]
  window: { id: string; label: string }
  /** The window is held for this request (a $49 booking's): the office may confirm it or release it. */
  held: boolean
  /** After a release: a message to the visitor is on its way (false: none could be sent, the office must call). */
  notified: boolean
  shared: string[]
  /** The visit booked; `by` is null when nobody was recorded as booking it. */
  appointment: { windowId: string; label: string; by: string | null; at: string } | null
  /** The request's other free windows, each with its own link (only to our /office/confirm/ page). */
  others: Array<{ id: string; label: string; link: string }>
}

export const CRM_STATES = ["sent", "queued", "not_configured", "failed"] as const
export type CrmState = (typeof CRM_STATES)[number]

/** One ended week a past week's report can be asked for (its first and last day, 2026-11-23 and 2026-11-29). */
export interface ReportWeek {
  first: string
  last: string
}

/** office-report's answer: the weeks the link allows, who gets the report, and after a tap what came of it. */
export interface ReportAnswer {
  state: "ready" | "sent" | "already_sent"
  to: string
  recipient: string
  weeks: ReportWeek[]
  /** The week sent (or sent before); null before a tap. */
  week: ReportWeek | null
}

/** Why a link was refused for good: retrying cannot help. */
export type Refusal = "invalid" | "expired" | "not_found"

export type LinkOutcome<A> =
  | { kind: "answer"; answer: A }
  | { kind: "refused"; reason: Refusal }
  /** A choice refused beside its field (422 with the contract's `fields`): the reader can fix it. */
  | { kind: "fields"; fields: Readonly<Record<string, string>> }
  | { kind: "failed" }

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null

const oneOf = <T extends string>(value: unknown, options: readonly T[]): value is T =>
  options.some((option) => option === value)

/** The named fields of `value`, or null if any is missing or fails `is`. */
function fieldsOf<K extends string, T>(
  value: unknown,
  keys: readonly K[],
  is: (field: unknown) => field is T,
): Record<K, T> | null {
  if (!isRecord(value)) return null
  const picked: Partial<Record<K, T>> = {}
  for (const key of keys) {
    const field = value[key]
    if (!is(field)) return null
    picked[key] = field
  }
  // Every key was just checked; TypeScript cannot follow that through the loop.
  return picked as Record<K, T>
}

const isString = (value: unknown): value is string => typeof value === "string"
const stringOrNull = (value: unknown): value is string | null => value === null || isString(value)

/** The named string fields of `value`, or null if any is missing or not a string. */
const strings = <K extends string>(value: unknown, keys: readonly K[]) => fieldsOf(value, keys, isString)
/** The named fields of `value` that hold a string or null, or null if any is missing or holds something else. */
const stringsOrNull = <K extends string>(value: unknown, keys: readonly K[]) => fieldsOf(value, keys, stringOrNull)

const TAKEN_FIELDS = ["acknowledgedBy", "acknowledgedAt"] as const

// The board link goes in an href: only one of ours (an office board address with its token) is shown.
const BOARD_LINK = /^https?:\/\/[\w.:-]+\/office\/board\/#t=[\w.-]+$/
const ACKNOWLEDGE_LINK = /^https?:\/\/[\w.:-]+\/office\/acknowledge\/#t=[\w.-]+$/

// The tel: link is put in an href: only an RFC 3966 global number (with its extension) is accepted, so a bad
// answer cannot make a javascript: link; null is a number the functions could not read (no link).
const TEL = /^tel:\+[1-9][0-9]{1,14}(?:;ext=[0-9]{1,10})?$/

const ACKNOWLEDGE_STATES = ["ready", "acknowledged", "already_acknowledged"] as const
const LEAD_STATES = [...ACKNOWLEDGE_STATES, "outcome_recorded"] as const
const RELEASE_STATES = ["ready", "released", "already_released"] as const
const CONFIRM_STATES = [
  "ready",
  "confirmed",
  "already_confirmed",
  "full",
  "unavailable",
  "released",
  "not_held",
] as const
// Another window's link goes in an href: only one of ours (an office confirm address with its token) is shown.
const CONFIRM_LINK = /^https?:\/\/[\w.:-]+\/office\/confirm\/#t=[\w.-]+$/
const LEAD_FIELDS = ["reference", "kind", "name", "phone", "request", "receivedAt"] as const
// The address goes in a mailto: href: one address, nothing that could add a header or a second recipient.
const EMAIL = /^[^\s@<>()[\]\\,;:"?&%]+@[^\s@<>()[\]\\,;:"?&%]+\.[^\s@<>()[\]\\,;:"?&%]+$/

/** A text that may be missing (an older backend's answer), as a string or null. */
const optionalString = (value: unknown) => (isString(value) && value !== "" ? value : null)

/** An answer's lead: its texts, its call link (a tel: URL, or null when there is none), its address and language. */
function leadOf(value: unknown): AcknowledgeAnswer["lead"] | null {
  const texts = strings(value, LEAD_FIELDS)
  if (!texts || !isRecord(value)) return null
  const { tel } = value
  if (!(tel === null || (isString(tel) && TEL.test(tel)))) return null
  const email = optionalString(value.email)
  return { ...texts, tel, email: email && EMAIL.test(email) ? email : null, prefers: optionalString(value.prefers) }
}
const SUBMISSION_FIELDS = ["kind", "name", "phone", "reason", "receivedAt"] as const

/** A list of strings, or an empty one (an answer from before the list was sent). */
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isString) : [])

const choices = (value: unknown): Array<{ id: string; label: string }> =>
  Array.isArray(value) ? value.flatMap((item) => strings(item, ["id", "label"] as const) ?? []) : []

function recordedOutcome(value: unknown): RecordedOutcome | null | undefined {
  if (value === null || value === undefined) return null
  const named = strings(value, ["value", "label"] as const)
  const noted = stringsOrNull(value, ["note", "by", "at"] as const)
  return named && noted ? { ...named, ...noted } : undefined
}

export function parseAcknowledgeAnswer(data: Json): AcknowledgeAnswer | null {
  const lead = leadOf(data.lead)
  const { state, to } = data
  const taken = stringsOrNull(data, TAKEN_FIELDS)
  if (!lead || !taken || !oneOf(state, LEAD_STATES) || !isString(to)) return null
  const outcome = recordedOutcome(data.outcome)
  if (outcome === undefined) return null
  return {
    state,
    lead,
    to,
    shared: stringList(data.shared),
    ...taken,
    crm: oneOf(data.crm, CRM_STATES) ? data.crm : null,
    names: stringList(data.names),
    outcomes: choices(data.outcomes),
    outcome,
    board: isString(data.board) && BOARD_LINK.test(data.board) ? data.board : null,
  }
}

const count = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0

function batchLead(value: unknown): BatchLead | null {
  const lead = leadOf(value)
  const taken = stringsOrNull(value, TAKEN_FIELDS)
  return lead && taken && { ...lead, ...taken }
}

export function parseBatchAnswer(data: Json): BatchAnswer | null {
  const { state, to, batch } = data
  if (!oneOf(state, ACKNOWLEDGE_STATES) || !isString(to) || !isRecord(batch)) return null
  const { count: total, waiting, acknowledged, leads } = batch
  if (!count(total) || !count(waiting) || !count(acknowledged) || !Array.isArray(leads)) return null
  const parsed = leads.map(batchLead)
  // One unreadable lead makes the answer unreadable: a list shown with a gap would hide a customer.
  if (!parsed.every((lead): lead is BatchLead => lead !== null)) return null
  return { state, to, shared: stringList(data.shared), batch: { count: total, waiting, acknowledged, leads: parsed } }
}

/** A batch's answer when it has one, otherwise a lead's. */
export function parseAnyAcknowledgeAnswer(data: Json): AnyAcknowledgeAnswer | null {
  if ("batch" in data) {
    const batch = parseBatchAnswer(data)
    return batch && { kind: "batch", ...batch }
  }
  const lead = parseAcknowledgeAnswer(data)
  return lead && { kind: "lead", ...lead }
}

export function parseReleaseAnswer(data: Json): ReleaseAnswer | null {
  const submission = strings(data.submission, SUBMISSION_FIELDS)
  const { state } = data
  const released = stringsOrNull(data, ["releasedAt", "reference"] as const)
  if (!submission || !released || !oneOf(state, RELEASE_STATES)) return null
  return { state, submission, ...released }
}

export function parseConfirmAnswer(data: Json): ConfirmAnswer | null {
  const lead = leadOf(data.lead)
  const window = strings(data.window, ["id", "label"] as const)
  const { state, held, notified } = data
  if (!lead || !window || !oneOf(state, CONFIRM_STATES)) return null
  // Only a preview says `held`, only a release `notified`; present, each must be a boolean (a guess could offer a
  // release of nothing, or say the visitor was told when nobody could be).
  if (![held, notified].every((flag) => flag === undefined || typeof flag === "boolean")) return null
  // A release must say whether the visitor is told: without it, either sentence the page could show may be false.
  if (state === "released" && typeof notified !== "boolean") return null
  const booked = data.appointment === undefined || data.appointment === null ? null : data.appointment
  const named = booked && strings(booked, ["windowId", "label", "at"] as const)
  const by = booked && stringsOrNull(booked, ["by"] as const)
  if (booked && !(named && by)) return null
  // A blank name is no name: the page words a booking with nobody recorded without one.
  const appointment = named && by ? { ...named, by: by.by?.trim() || null } : null
  const others = Array.isArray(data.others)
    ? data.others.flatMap((other) => {
        const fields = strings(other, ["id", "label", "link"] as const)
        return fields && CONFIRM_LINK.test(fields.link) ? [fields] : []
      })
    : []
  return {
    state,
    lead,
    window,
    held: held === true,
    notified: notified === true,
    shared: stringList(data.shared),
    appointment,
    others,
  }
}

const REFUSALS: Readonly<Record<number, Refusal>> = { 400: "invalid", 404: "not_found", 410: "expired" }

/**
 * What a call's result means for the page. A refusal needs both the status and the contract's
 * reason, so a gateway's own 404 (function not deployed) is a failure to retry, not "link not found".
 */
export function linkOutcome<A>(result: CallResult, parse: (data: Json) => A | null): LinkOutcome<A> {
  if (result.ok) {
    const answer = result.data?.success === true ? parse(result.data) : null
    return answer ? { kind: "answer", answer } : { kind: "failed" }
  }
  if (result.reason === "http") {
    const refusal = REFUSALS[result.status]
    if (refusal && result.data?.reason === refusal) return { kind: "refused", reason: refusal }
    const fields = result.status === 422 ? result.data?.fields : undefined
    if (isRecord(fields)) {
      const messages = Object.fromEntries(
        Object.entries(fields).flatMap(([key, message]): Array<[string, string]> =>
          isString(message) ? [[key, message]] : [],
        ),
      )
      if (Object.keys(messages).length > 0) return { kind: "fields", fields: messages }
    }
  }
  return { kind: "failed" }
}

export interface BoardAnswer {
  to: string
  shared: string[]
  today: BoardPeriod
  week: BoardPeriod
}

const BOARD_STATES = ["new", "taken", "done"] as const
const REQUEST_FIELDS = ["reference", "kind", "name", "receivedAt"] as const
const NULLABLE_REQUEST_FIELDS = ["takenBy", "outcome", "outcomeBy", "prefers", "details"] as const

function boardRequest(value: unknown): BoardRequest | null {
  const fields = strings(value, REQUEST_FIELDS)
  if (!fields || !isRecord(value)) return null
  const { state, minutesToTake, missed } = value
  // `prefers` and `details` are absent from an older backend's answer: the request says nothing of a language, or
  // of its own fields, then.
  const nullable = stringsOrNull({ prefers: null, details: null, ...value }, NULLABLE_REQUEST_FIELDS)
  if (!nullable || !oneOf(state, BOARD_STATES)) return null
  if (!(minutesToTake === null || count(minutesToTake)) || typeof missed !== "boolean") return null
  // The entry's link goes in an href: only one of ours (an "I'm on it" address with its token) is kept.
  const link = isString(value.link) && ACKNOWLEDGE_LINK.test(value.link) ? value.link : null
  return { ...fields, ...nullable, state, minutesToTake, missed, link }
}

function boardPeriod(value: unknown): BoardPeriod | null {
  if (!isRecord(value) || !isRecord(value.counts) || !Array.isArray(value.requests)) return null
  const { total, new: fresh, taken, done, missed, medianMinutesToTake: median } = value.counts
  if (!count(total) || !count(fresh) || !count(taken) || !count(done) || !count(missed)) return null
  if (!(median === null || count(median))) return null
  const requests = value.requests.map(boardRequest)
  // One unreadable request makes the board unreadable: a list with a gap would hide a customer.
  if (!requests.every((r): r is BoardRequest => r !== null)) return null
  return { counts: { total, new: fresh, taken, done, missed, medianMinutesToTake: median }, requests }
}

export function parseBoardAnswer(data: Json): BoardAnswer | null {
  const today = boardPeriod(data.today)
  const week = boardPeriod(data.week)
  return today && week && isString(data.to) ? { to: data.to, shared: stringList(data.shared), today, week } : null
}

const REPORT_STATES = ["ready", "sent", "already_sent"] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/
const WEEK_FIELDS = ["first", "last"] as const

const reportWeek = (value: unknown): ReportWeek | null => {
  const week = strings(value, WEEK_FIELDS)
  return week && DAY.test(week.first) && DAY.test(week.last) ? week : null
}

export function parseReportAnswer(data: Json): ReportAnswer | null {
  const { state, to, recipient } = data
  if (!oneOf(state, REPORT_STATES) || !isString(to) || !isString(recipient) || !Array.isArray(data.weeks)) return null
  const weeks = data.weeks.map(reportWeek)
  // One unreadable week makes the list unreadable: a choice shown with a gap would hide a week.
  if (!weeks.every((week): week is ReportWeek => week !== null)) return null
  const week = data.week === undefined || data.week === null ? null : reportWeek(data.week)
  // "Sent" names the week it sent: without it the page could not say which.
  if (state !== "ready" && week === null) return null
  return { state, to, recipient, weeks, week }
}
