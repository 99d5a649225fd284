/**
 * The outbox's job kinds, declared once: each alert channel's (notify/registry.ts) and these. The
 * JobKind type derives from them, the worker's table (jobs.ts) must give each a handler, and the queue
 * refuses any other kind when a job is queued (queue.ts): the database keeps a kind as text and
 * checks nothing (docs/decisions.md).
 */
import { CHANNELS, type ChannelKind } from "../notify/registry.ts"

/** The kinds that are not an alert channel's: the visitors' and the office's messages, the CRM, the steps. */
export const OTHER_JOB_KINDS = [
  "customer_email",
  "customer_sms",
  "company_email",
  "crm_forward",
  "alert_step",
  "morning_summary",
  "spam_digest",
  "weekly_report",
  "pipeline_check",
  "check_email",
  "appointment_reminder",
] as const

export type JobKind = ChannelKind | (typeof OTHER_JOB_KINDS)[number]

export const JOB_KINDS: readonly JobKind[] = [...CHANNELS.map((channel) => channel.kind), ...OTHER_JOB_KINDS]

export const isJobKind = (value: unknown): value is JobKind => JOB_KINDS.some((kind) => kind === value)
