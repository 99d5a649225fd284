/**
 * Who hears about a lead, and when. Inside business hours (data/site.yaml, the company's time zone)
 * the first on-call contact is alerted at once; a lead nobody acknowledges within the escalation time
 * goes to the next contact, then the next, round the list, until someone taps "I'm on it". Outside
 * hours only contacts marked afterHours are alerted; what is still waiting at opening time is in one
 * morning summary, oldest first. Every step is an outbox job: stored with the lead, run once, retried.
 */
import type { AlertConfig, BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { isOpenAt, nextOpening } from "../business-hours.ts"
import {
  DeferredError,
  PermanentError,
  enqueueJobs,
  type DeliveryDeps,
  type NewJob,
  type OutboxJob,
} from "../outbox.ts"
import { COMPANY } from "../site-data.generated.ts"
import { alertChat, alertEmail, alertSms, summaryChat, summaryEmail, summarySms, type AlertView } from "./messages.ts"
import type { OnCallContact } from "./on-call.ts"
import { signLink } from "./signed-link.ts"
import { loadSubject, loadSubjects, type AlertSubject, type AlertTarget } from "./subject.ts"

export const isOfficeOpen = (at: Date) => isOpenAt(COMPANY.hours, at, COMPANY.timeZone)

const openingAfter = (at: Date): Date => {
  const opening = nextOpening(COMPANY.hours, at, COMPANY.timeZone)
  // data/site.yaml always has hours (the schema requires them); a week on is the safe answer if not.
  return opening ?? new Date(at.getTime() + 7 * 24 * 3_600_000)
}

/** The contacts who may be alerted at this time. */
export const reachable = (alerts: AlertConfig, at: Date): OnCallContact[] =>
  isOfficeOpen(at) ? alerts.contacts : alerts.contacts.filter((c) => c.afterHours)

const minutes = (n: number) => n * 60_000

const stepKey = (t: AlertTarget, stage: number) => `alert:${t.record}:${t.id}:step:${stage}`

const stepJob = (target: AlertTarget, stage: number, dueAt: Date): NewJob => ({
  kind: "alert_step",
  dedupeKey: stepKey(target, stage),
  ...(target.record === "lead" ? { leadId: target.id } : { contactMessageId: target.id }),
  payload: { record: target.record, id: target.id, stage },
  dueAt,
})

const summaryKey = (opening: Date) => `summary:${opening.toISOString()}`

/**
 * Starts a lead's alerts, in the transaction that stores it: its first step now when someone may be
 * alerted now, and, while the office is closed, its place in the next morning summary (a lead nobody
 * acknowledged overnight is listed there) with the escalation going on after opening time.
 */
export async function startAlerts(tx: Pick<Db, "query">, target: AlertTarget, at: Date, alerts: AlertConfig) {
  if (isOfficeOpen(at)) return enqueueJobs(tx, [stepJob(target, 0, at)], at)
  const opening = openingAfter(at)
  const anyoneNow = reachable(alerts, at).length > 0
  await enqueueJobs(
    tx,
    [
      anyoneNow
        ? stepJob(target, 0, at)
        : stepJob(target, 1, new Date(opening.getTime() + minutes(alerts.escalateAfterMinutes))),
    ],
    at,
  )
  // One summary per opening time: each lead that comes in while closed is added to its list, in order.
  const entry = JSON.stringify([{ record: target.record, id: target.id }])
  await tx.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at)
     values ('morning_summary', $1, jsonb_build_object('opening', $2::text, 'targets', $3::text::jsonb), $2::timestamptz)
     on conflict (dedupe_key) do update
       set payload = jsonb_set(outbox_jobs.payload, '{targets}', (outbox_jobs.payload -> 'targets') || $3::text::jsonb),
           updated_at = now()
     where outbox_jobs.status = 'pending' and not ((outbox_jobs.payload -> 'targets') @> $3::text::jsonb)`,
    [summaryKey(opening), opening.toISOString(), entry],
  )
}

const isTarget = (value: unknown): value is AlertTarget =>
  typeof value === "object" &&
  value !== null &&
  "record" in value &&
  (value.record === "lead" || value.record === "message") &&
  "id" in value &&
  typeof value.id === "string"

/** The leads an alert delivery is about (its payload's `targets`). */
export const targetsOf = (payload: Record<string, unknown>): AlertTarget[] =>
  Array.isArray(payload.targets) ? payload.targets.filter(isTarget) : []

export function acknowledgeUrl(alerts: AlertConfig, subject: AlertTarget, to: string, at: Date): string {
  const token = signLink(alerts.linkSecret, {
    purpose: "acknowledge",
    record: subject.record,
    id: subject.id,
    to,
    expires: Math.floor(at.getTime() / 1000) + alerts.linkTtlHours * 3_600,
  })
  return `${alerts.siteUrl}/office/acknowledge/#t=${token}`
}

interface Message {
  sms: string
  chat: (mention: string) => string
  email: (to: string) => ReturnType<typeof alertEmail>
}

/**
 * The deliveries of one message to one contact: SMS when SMS is on and the contact has a number, the
 * team chat when it is on, e-mail when the contact has an address. A contact none of these reaches is
 * e-mailed at the office's address, so an alert never goes nowhere.
 */
function deliveries(
  config: BackendConfig,
  contact: OnCallContact,
  key: string,
  targets: readonly AlertTarget[],
  message: Message,
  { inboxHasIt = false } = {},
): NewJob[] {
  const { alerts } = config
  const jobs: NewJob[] = []
  const base = { targets }
  if (contact.sms && (alerts.sms || alerts.local))
    jobs.push({ kind: "alert_sms", dedupeKey: `${key}:sms`, payload: { ...base, to: contact.sms, body: message.sms } })
  if (alerts.chatWebhookUrl || alerts.local)
    jobs.push({
      kind: "alert_chat",
      dedupeKey: `${key}:chat`,
      payload: { ...base, body: message.chat(contact.chat ?? contact.name) },
    })
  const email = contact.email ?? (jobs.length === 0 ? config.mail.companyTo : undefined)
  // The office's own notice of a new lead is its inbox's first alert: the same e-mail is not sent twice.
  const inInbox = inboxHasIt && email?.toLowerCase() === config.mail.companyTo.toLowerCase()
  if (email && !inInbox)
    jobs.push({ kind: "alert_email", dedupeKey: `${key}:email`, payload: { ...base, ...message.email(email) } })
  return jobs
}

function alertStepPayload(payload: Record<string, unknown>): AlertTarget & { stage: number } {
  const [target] = targetsOf({ targets: [payload] })
  const stage = payload.stage
  if (!target || typeof stage !== "number" || !Number.isInteger(stage) || stage < 0)
    throw new PermanentError("The step's payload is not a lead and a stage")
  return { ...target, stage }
}

/**
 * One step of a lead's escalation: nothing when it was acknowledged; otherwise the alert to the contact
 * whose turn it is, and the next step at the escalation deadline. Its jobs are keyed by lead and stage,
 * so a step run twice (a worker killed after queuing them) queues nothing new.
 */
export async function runAlertStep(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { config, db } = deps
  const { alerts } = config
  const at = deps.clock?.() ?? new Date()
  const { stage, ...target } = alertStepPayload(job.payload)
  const subject = await loadSubject(db, target)
  if (!subject) return "The lead is no longer stored: nothing to alert"
  if (subject.acknowledgedAt)
    return `Acknowledged by ${subject.acknowledgedBy ?? "?"} at ${subject.acknowledgedAt.toISOString()}: escalation stopped`
  const contacts = reachable(alerts, at)
  if (contacts.length === 0)
    throw new DeferredError(
      "The office is closed and no contact takes alerts after hours: waiting for opening time",
      openingAfter(at),
    )
  if (stage >= contacts.length * alerts.escalationRounds)
    return `Not acknowledged after ${stage} alerts (${alerts.escalationRounds} rounds of the on-call list): escalation ended`
  const contact = contacts[stage % contacts.length] ?? contacts[0]
  if (!contact) throw new Error("unreachable: the list is not empty")
  const earlier = Array.from({ length: Math.min(stage, contacts.length) }, (_, i) => stage - 1 - i)
  const before = [...new Set(earlier.map((i) => contacts[i % contacts.length]?.name ?? ""))]
  const view = (to: string): AlertView => ({
    subject,
    acknowledgeUrl: acknowledgeUrl(alerts, subject, to, at),
    ...(stage > 0 ? { escalatedFrom: before } : {}),
  })
  const jobs = deliveries(
    config,
    contact,
    stepKey(target, stage),
    [target],
    {
      sms: alertSms(view(contact.name)),
      chat: (mention) => alertChat(view(contact.name), mention),
      email: (to) => alertEmail(view(contact.name), to, config.mail.from),
    },
    { inboxHasIt: stage === 0 },
  )
  const wait = isOfficeOpen(at) ? alerts.escalateAfterMinutes : alerts.escalateAfterHoursMinutes
  await db.transaction((tx) =>
    enqueueJobs(tx, [...jobs, stepJob(target, stage + 1, new Date(at.getTime() + minutes(wait)))], at),
  )
  const channels = jobs.map((j) => j.kind.replace("alert_", "")).join(", ") || "the office's notice e-mail"
  return `Alerted ${contact.name} (${channels}); next step in ${wait} min unless acknowledged`
}

/** The morning summary: every lead from the night still waiting, oldest first, to the first contact on the list. */
export async function runMorningSummary(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { config, db } = deps
  const at = deps.clock?.() ?? new Date()
  const waiting: AlertSubject[] = (await loadSubjects(db, targetsOf(job.payload))).filter((s) => !s.acknowledgedAt)
  if (waiting.length === 0) return "Nothing was waiting at opening time"
  const contact = reachable(config.alerts, at)[0] ?? config.alerts.contacts[0]
  if (!contact) throw new Error("unreachable: the on-call list is never empty")
  waiting.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
  const summary = {
    views: waiting.map((subject) => ({
      subject,
      acknowledgeUrl: acknowledgeUrl(config.alerts, subject, contact.name, at),
    })),
  }
  const targets = waiting.map(({ record, id }) => ({ record, id }))
  const jobs = deliveries(config, contact, `summary:${job.id}`, targets, {
    sms: summarySms(summary),
    chat: (mention) => summaryChat(summary, mention),
    email: (to) => summaryEmail(summary, to, config.mail.from),
  })
  await db.transaction((tx) => enqueueJobs(tx, jobs, at))
  return `Summary of ${waiting.length} to ${contact.name}`
}
