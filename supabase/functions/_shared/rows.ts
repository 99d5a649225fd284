/**
 * The rows of every table the functions and the local backend read or write, as the migrations in
 * supabase/migrations leave them, written once: every query names its row type from here
 * (`q.query<Pick<LeadRow, "id">>`), never an inline shape. A column that may be null is `| null`;
 * timestamptz arrives as a Date, jsonb parsed, smallint and integer as numbers.
 */
import type { PreferredWindow } from "./appointments/preferences.ts"
import type { Attribution } from "./kernel/attribution.ts"
import type { Language } from "./kernel/languages.ts"
import type { SimpleLeadKind, SuccessAnswer } from "./kernel/contract.ts"
import type { LeadFlag } from "./intake/lead-flags.ts"
import type { EmailAttachment } from "./mail/layout.ts"
import type { LeadOutcome } from "./kernel/outcomes.ts"
import type { SpamReason } from "./spam/bot-checks.ts"

export type LeadKind = SimpleLeadKind
export type { LeadOutcome }

/**
 * The columns a contact message and a lead both carry: attribution, consent, the request's traces, the office's
 * alert and acknowledgement, and flags.
 */
interface LeadTraceColumns {
  /** The first and last campaign touch as received (attribution.ts); null for a lead sent before forms carried it. */
  attribution: Attribution | null
  /** The consent sentence's version and when it was received (the server's time); the SMS opt-in's only when ticked. */
  consent_version: string | null
  consent_at: Date | null
  /** The browser's own time of consent, only when it can be right (client-time.ts); else null. */
  consent_client_at: Date | null
  sms_consent_version: string | null
  sms_consent_at: Date | null
  sms_consent_client_at: Date | null
  user_agent: string | null
  ip_hash: string | null
  /** When the office was first alerted (the first alert delivered), and who acknowledged it when (its "I'm on it" link). */
  first_alerted_at: Date | null
  acknowledged_at: Date | null
  acknowledged_by: string | null
  /** Why the office should look twice (lead-flags.ts); empty for most. */
  flags: LeadFlag[]
  /** The reference the visitor and the office both see (WEB + six digits); null for a lead stored before it. */
  reference: string | null
  /** What came of it (the "I'm on it" page), who recorded it and when, with their note. */
  outcome: LeadOutcome | null
  outcome_note: string | null
  outcome_by: string | null
  outcome_at: Date | null
  /** When the owner was told that nobody acknowledged it. */
  missed_at: Date | null
  /** A submission filed as spam and released: when the visitor sent it. */
  sent_as_spam_at: Date | null
  /** The language the visitor used the site in: their messages are in it, the office calls back in it. */
  language: Language
}

/** A contact form message (process-contact). */
export interface ContactMessageRow extends LeadTraceColumns {
  id: string
  submission_id: string
  name: string
  email: string
  phone: string
  /** The number read (phone-number.ts): E.164 and extension apart; null when it could not be read. */
  phone_e164: string | null
  phone_extension: string | null
  message: string
  /** The declared fields without a column (kernel/request-fields.ts), by name. */
  details: Record<string, string>
  /** How it came: the contact form ('web'), or a text to one of our numbers ('sms', texts/replies.ts). */
  channel: "web" | "sms"
  created_at: Date
}

/** One lead, whatever form it came from; a wizard submission's three calls share one row. */
export interface LeadRow extends LeadTraceColumns {
  id: string
  submission_id: string
  kind: LeadKind
  source: string
  full_name: string
  /** A declared kind's fields without a column (kernel/request-fields.ts), by name; `{}` for the others. */
  details: Record<string, string>
  first_name: string | null
  last_name: string | null
  phone: string
  /** The number read (phone-number.ts): E.164 and extension apart; null when it could not be read. */
  phone_e164: string | null
  phone_extension: string | null
  email: string | null
  street_address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  property_type: string | null
  service_plan: string | null
  pests: string[]
  additional_pests: number | null
  same_day_service: boolean | null
  quick_knock: boolean | null
  account_id: string | null
  special_offer: string | null
  notes: string | null
  utm_source: string | null
  utm_campaign: string | null
  utm_term: string | null
  /** The arrival windows the visitor picked, as they stood when the request came in (null: "call me to schedule"). */
  preferred_windows: PreferredWindow[] | null
  created_at: Date
  updated_at: Date
}

/** The columns a function writes when it stores a lead; the database fills in the rest. */
export type LeadInsert = Pick<LeadRow, "kind" | "source" | "full_name" | "phone" | "language"> &
  Partial<
    Pick<
      LeadRow,
      | "first_name"
      | "last_name"
      | "phone_e164"
      | "phone_extension"
      | "email"
      | "street_address"
      | "city"
      | "state"
      | "zip_code"
      | "property_type"
      | "service_plan"
      | "pests"
      | "additional_pests"
      | "same_day_service"
      | "quick_knock"
      | "account_id"
      | "special_offer"
      | "notes"
      | "utm_source"
      | "utm_campaign"
      | "utm_term"
    >
  >

/** The first answer to (function, submission id), replayed to every repeat. */
export interface FunctionCallRow {
  function_name: string
  submission_id: string
  request_hash: string
  /** The hash of the lead fields, shared by the wizard's three calls. */
  lead_hash: string | null
  /** Only a success is recorded (a refusal stores nothing and may be sent again). */
  status_code: 200
  response: SuccessAnswer
  created_at: Date
}

export type JobStatus = "pending" | "sending" | "sent" | "dead" | "not_configured"

/** Work to do after a lead is stored: an e-mail, the CRM forward, an alert to the office or a step of its escalation. */
export interface OutboxJobRow {
  id: string
  /** Text: the kinds are checked in code when a job is queued (outbox/job-kinds.ts), not by the database. */
  kind: string
  dedupe_key: string
  lead_id: string | null
  contact_message_id: string | null
  payload: Record<string, unknown>
  status: JobStatus
  attempts: number
  next_attempt_at: Date
  locked_until: Date | null
  last_error: string | null
  delivered_at: Date | null
  created_at: Date
  updated_at: Date
  /** 429s answered so far, and since when: past OUTBOX_RATE_LIMITED_MAX_TRIES or _MINUTES the job is dead. */
  rate_limited_tries: number
  rate_limited_since: Date | null
  /** The first try whose outcome was unknown (a timeout, a worker that died mid-try): the next try of an SMS looks for it at Twilio first. */
  outcome_unknown_at: Date | null
  /** When the try in hand may have begun, committed before its call (outbox/claim.ts); null once settled. */
  attempt_started_at: Date | null
}

/** SMS or chat messages the alert budget counted in one minute (alerts/budget.ts). */
export interface AlertSpendRow {
  /** A budgeted channel's name (notify/registry.ts). */
  channel: string
  minute: Date
  used: number
}

/** The leads one summary listed, named by its "I'm on all N" link. */
export interface AlertBatchRow {
  id: string
  targets: Array<{ record: "lead" | "message"; id: string }>
  created_at: Date
}

/** An e-mail the local mailbox received (only while no e-mail API is configured). */
export interface DevMailboxRow {
  id: string
  job_id: string | null
  to_address: string
  from_address: string
  reply_to: string | null
  subject: string
  html: string
  text_body: string
  /** The files it carried (the weekly report's CSV), as sent: base64 content; null when none. */
  attachments: EmailAttachment[] | null
  created_at: Date
}

/** One address's requests in one fixed window of the rate limit. */
export interface RateLimitRow {
  ip_hash: string
  window_start: Date
  hits: number
}

/** A bot's submission, answered like a real one and stored only here. */
export interface SpamAttemptRow {
  id: string
  submission_id: string
  function_name: string
  reason: SpamReason
  /** The first call's body (the call named by function_name). */
  body: Record<string, unknown>
  /** The later calls' bodies by function name (the wizard's three calls share one record); each body is kept once. */
  calls: Record<string, Record<string, unknown>>
  ip_hash: string | null
  user_agent: string | null
  hits: number
  /** When a digest listing it was delivered to the office: it is purged 30 days later, never before. */
  digested_at: Date | null
  /** When the office released it as a real lead ("Not spam"), and that lead's reference. */
  released_at: Date | null
  released_reference: string | null
  created_at: Date
  updated_at: Date
}

/** What one address filed as spam on one day (UTC) with one reason: the budget kept in full, and what was only counted. */
export interface SpamDailyCountRow {
  /** The address's salted hash, or "" when no address was known. */
  ip_key: string
  day: string
  reason: string
  calls: number
  /** The number of the last call kept in full. */
  kept_call: number
  records: number
  bytes: number
  /** Calls past the budget: counted, their bodies not kept. */
  counted: number
  /** How many of them a delivered digest reported. */
  shown_counted: number
  first_at: Date
  last_at: Date
  shown_at: Date | null
}

/** An SMS or chat alert the local backend kept on its alerts page (no provider configured). */
export interface DevAlertRow {
  id: string
  job_id: string | null
  channel: "sms" | "chat"
  to_address: string
  body: string
  created_at: Date
}

/** A run of the pipeline check (pipeline-check/): its synthetic request, stored apart from real leads, and its report. */
export interface PipelineCheckRow {
  id: string
  trigger: "daily" | "deploy" | "manual"
  status: "running" | "passed" | "failed" | "timed_out"
  started_at: Date
  lease_until: Date
  finished_at: Date | null
  submission_id: string
  lead_function: string | null
  lead: Record<string, unknown> | null
  reference: string | null
  lead_stored_at: Date | null
  report: Record<string, unknown> | null
  pinged_at: Date | null
  notified: string[]
}
