/**
 * Who hears about a lead, and when. Inside business hours (data/site.yaml, the company's time zone)
 * the first on-call contact is alerted at once; a lead nobody acknowledges within the escalation time
 * goes to the next contact, then the next, round the list, until someone taps "I'm on it". A visitor who
 * used the site in another language than English goes to the contacts who speak it first (on-call.ts'
 * routingOrder), then down the rest of the list. Outside
 * hours only contacts marked afterHours are alerted; what is still waiting at opening time is in one
 * morning summary, oldest first. The first alert is queued with the request, in its transaction, from
 * its row as stored; every later step is an outbox job, run once, retried.
 * SMS and chat messages are within a budget (budget.ts). A lead whose alerts all failed is announced
 * again by the worker's sweep (reannounce.ts) until one gets through.
 */
import type { AlertConfig, BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { DeferredError, PermanentError } from "../delivery/errors.ts"
import type { Payload } from "../notify/channel.ts"
import { budgetedNamed, CHANNELS, type RegisteredChannel } from "../notify/registry.ts"
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { enqueueJobs, enqueueSql, type NewJob } from "../outbox/queue.ts"
import { withinBudget, type AlertDelivery } from "./budget.ts"
import type { AlertView } from "./messages.ts"
import { routingOrder, type OnCallContact } from "./on-call.ts"
import { textableRotation } from "./sms-opt-outs.ts"
import { isOfficeOpen, openingAfter } from "./office-hours.ts"
import { acknowledgeUrl, boardUrl, reportUrl } from "../office-links/signed-link.ts"
import { noticeWindows } from "../appointments/notice-windows.ts"
import { JOINED, joinSummary, joinSummarySql, summaryMembers } from "./summary-members.ts"
import {
  jobOwner,
  loadSubject,
  loadSubjects,
  markMissed,
  targetsOf,
  type AlertSubject,
  type AlertTarget,
} from "./subject.ts"
import { stepMinutesWithin } from "./promise.ts"

/** One contact's alert of a request: its "I'm on it" link and its windows' "Confirm" links, both in that contact's name. */
const alertView = (alerts: AlertConfig, subject: AlertSubject, to: string, at: Date): AlertView => ({
  subject,
  acknowledgeUrl: acknowledgeUrl(alerts, subject, to, at),
  windows: noticeWindows(subject.windows, alerts, subject.id, to, at),
})
/** The contacts who may be alerted at this time. */
export const reachable = (alerts: AlertConfig, at: Date): OnCallContact[] =>
  isOfficeOpen(at) ? alerts.contacts : alerts.contacts.filter((c) => c.afterHours)

const minutes = (n: number) => n * 60_000

const stepKey = (t: AlertTarget, stage: number) => `alert:${t.record}:${t.id}:step:${stage}`

const stepJob = (target: AlertTarget, stage: number, dueAt: Date): NewJob => ({
  kind: "alert_step",
  dedupeKey: stepKey(target, stage),
  ...jobOwner(target),
  payload: { record: target.record, id: target.id, stage },
  dueAt,
})

const summaryKey = (opening: Date) => `summary:${opening.toISOString()}`

/**
 * Starts a request's alerts, in the transaction that stores it, from its row as the insert returned it (no
 * read back): when someone may be alerted now, the first contact's alert and the next step at its deadline;
 * while the office is closed, its place in the next morning summary (a lead nobody acknowledged overnight is
 * listed there), the escalation going on after opening time. `alongWith` (the request's own e-mails) is queued
 * in the same statement. A wizard's later call (`started`) queues only its own jobs: the alerts are under way.
 */
export async function startAlerts(
  tx: Pick<Db, "query">,
  subject: AlertSubject,
  at: Date,
  config: BackendConfig,
  alongWith: readonly NewJob[],
  started = false,
): Promise<void> {
  if (started) return enqueueJobs(tx, alongWith, at)
  const { alerts } = config
  // Without the SMS of anyone who texted STOP; the office's notice of it goes with the request's jobs.
  const rotation = await textableRotation(tx, config, routingOrder(reachable(alerts, at), subject.language))
  const { contacts } = rotation
  const along = [...alongWith, ...rotation.notices]
  const first = contacts.length > 0 ? await firstAlert(tx, config, subject, contacts, at) : []
  if (isOfficeOpen(at)) return enqueueJobs(tx, [...along, ...first], at)
  const opening = openingAfter(at)
  const jobs = enqueueSql(
    [
      ...along,
      ...(first.length > 0
        ? first
        : [stepJob(subject, 1, new Date(opening.getTime() + minutes(alerts.escalateAfterMinutes)))]),
    ],
    at,
  )
  // One summary per opening time: each lead that comes in while closed joins its list, in order; queued
  // with the lead's jobs in one statement.
  const summarySpec = {
    key: summaryKey(opening),
    dueAt: opening,
    payload: { opening: opening.toISOString(), targets: [] },
  }
  const target: AlertTarget = { record: subject.record, id: subject.id }
  const summary = joinSummarySql(summarySpec, target, jobs.params.length + 1)
  const [queued] = await tx.query<{ joined: boolean }>(`with jobs as (${jobs.text}), ${summary.ctes} ${JOINED}`, [
    ...jobs.params,
    ...summary.params,
  ])
  if (!queued?.joined) await joinSummary(tx, summarySpec, target)
}

/** The first step's alert, within the budget, and the next step: the jobs to queue with the request. */
async function firstAlert(
  tx: Pick<Db, "query">,
  config: BackendConfig,
  subject: AlertSubject,
  contacts: readonly OnCallContact[],
  at: Date,
): Promise<NewJob[]> {
  const step = stepAlert(config, subject, 0, contacts, at)
  const target: AlertTarget = { record: subject.record, id: subject.id }
  const budgeted = await withinBudget(
    tx,
    config,
    { deliveries: step.deliveries, contact: step.contact.name, target },
    at,
  )
  return [...budgeted.jobs, step.next]
}

/** Batches are kept a while past the longest a link to one works, then dropped as new ones are made. */
const BATCH_KEPT_DAYS = 7

/**
 * "I'm on all N": the listed leads stored as one batch, and a signed link naming it (a token cannot
 * carry a hundred ids). The same rules as a lead's link: one purpose, who it was sent to, an expiry.
 */
export async function acknowledgeAllUrl(
  tx: Pick<Db, "query">,
  alerts: AlertConfig,
  targets: readonly AlertTarget[],
  to: string,
  at: Date,
): Promise<string> {
  await tx.query(`delete from alert_batches where created_at < $1::timestamptz - $2::int * interval '1 day'`, [
    at.toISOString(),
    BATCH_KEPT_DAYS,
  ])
  const [batch] = await tx.query<{ id: string }>(
    `insert into alert_batches (targets, created_at) values ($1::text::jsonb, $2::timestamptz) returning id`,
    [JSON.stringify(targets.map(({ record, id }) => ({ record, id }))), at.toISOString()],
  )
  if (!batch) throw new Error("the batch was not stored")
  return acknowledgeUrl(alerts, { record: "batch", id: batch.id }, to, at)
}

/** One message on each channel: its payload to the address `to` there. */
type Message = (channel: RegisteredChannel, to: string) => Payload

/** An alert by `channel`, keyed by `key` and its channel. */
const alertBy = (
  channel: RegisteredChannel,
  key: string,
  payload: Record<string, unknown>,
  owned: Pick<NewJob, "leadId" | "contactMessageId"> = {},
): AlertDelivery => ({
  channel,
  job: { kind: channel.kind, dedupeKey: `${key}:${channel.name}`, ...owned, payload },
})

const jobOf = ({ job }: AlertDelivery) => job

/**
 * The deliveries of one message to one contact: on each channel that is on and reaches them (SMS: a
 * number; the team chat: everyone), in the channels' order, and by the office's inbox (e-mail) when
 * the contact has an address there. A contact no other channel reaches is e-mailed at the office's
 * address, so an alert never goes nowhere. `owner`: the one lead it is about.
 */
function deliveries(
  config: BackendConfig,
  contact: OnCallContact,
  key: string,
  targets: readonly AlertTarget[],
  message: Message,
  { inboxHasIt = false, owner }: { inboxHasIt?: boolean; owner?: AlertTarget } = {},
): AlertDelivery[] {
  const jobs: AlertDelivery[] = []
  const base = { targets }
  const owned = owner ? jobOwner(owner) : {}
  for (const channel of CHANNELS) {
    if (channel.inbox) continue
    const to = channel.on(config) ? channel.reach(contact, config) : undefined
    if (to) jobs.push(alertBy(channel, key, { ...base, ...message(channel, to) }, owned))
  }
  // The inbox is written to even when e-mail is not configured: its job says so (not_configured), visibly.
  for (const channel of CHANNELS) {
    if (!channel.inbox) continue
    const email = channel.reach(contact, config) ?? (jobs.length === 0 ? config.mail.companyTo : undefined)
    // The office's own notice of a new lead is its inbox's first alert: the same e-mail is not sent twice.
    const inInbox = inboxHasIt && email?.toLowerCase() === config.mail.companyTo.toLowerCase()
    if (email && !inInbox) jobs.push(alertBy(channel, key, { ...base, ...message(channel, email) }, owned))
  }
  return jobs
}

/** A step's payload: the lead, its stage, and, for a re-announcement, the interval it belongs to. */
function alertStepPayload(payload: Record<string, unknown>): AlertTarget & { stage: number; reannounce?: string } {
  const [target] = targetsOf({ targets: [payload] })
  const { stage, reannounce } = payload
  if (!target || typeof stage !== "number" || !Number.isInteger(stage) || stage < 0)
    throw new PermanentError("The step's payload is not a lead and a stage")
  return { ...target, stage, ...(typeof reannounce === "string" ? { reannounce } : {}) }
}

const messageOf =
  (config: BackendConfig, view: AlertView, at: Date): Message =>
  (channel, to) =>
    channel.alert(view, to, config, at)

/** The deliveries the budget allows, queued with what comes next; says what was sent, for the job's note. */
async function queueAlert(
  deps: DeliveryDeps,
  contact: OnCallContact,
  target: AlertTarget,
  deliveries: readonly AlertDelivery[],
  next: readonly NewJob[],
  at: Date,
): Promise<string> {
  const { held, sent } = await deps.db.transaction(async (tx) => {
    const budgeted = await withinBudget(tx, deps.config, { deliveries, contact: contact.name, target }, at)
    await enqueueJobs(tx, [...budgeted.jobs, ...next], at)
    return budgeted
  })
  const channels = sent.join(", ") || "the office's notice e-mail"
  const summarised = held.length ? `; ${held.join(" and ")} past the budget, in the next summary` : ""
  return `${contact.name} (${channels}${summarised})`
}

/**
 * Step `stage` of a request's escalation, nothing queued yet: the contact whose turn it is (in `contacts`'
 * order), the deliveries of their alert (the first step's leaves out the office inbox, which has the
 * request's notice), and the next step at the escalation deadline.
 */
function stepAlert(
  config: BackendConfig,
  subject: AlertSubject,
  stage: number,
  contacts: readonly OnCallContact[],
  at: Date,
): { contact: OnCallContact; deliveries: AlertDelivery[]; next: NewJob; wait: number } {
  const { alerts } = config
  const contact = contacts[stage % contacts.length] ?? contacts[0]
  if (!contact) throw new Error("unreachable: the list is not empty")
  const earlier = Array.from({ length: Math.min(stage, contacts.length) }, (_, i) => stage - 1 - i)
  const before = [...new Set(earlier.map((i) => contacts[i % contacts.length]?.name ?? ""))]
  const view: AlertView = {
    ...alertView(alerts, subject, contact.name, at),
    ...(stage > 0 ? { escalatedFrom: before } : {}),
  }
  const target: AlertTarget = { record: subject.record, id: subject.id }
  const jobs = deliveries(config, contact, stepKey(target, stage), [target], messageOf(config, view, at), {
    inboxHasIt: stage === 0,
    owner: target,
  })
  // In business hours the whole list hears before the visitor's promise runs out (promise.ts).
  const wait = isOfficeOpen(at)
    ? stepMinutesWithin(subject.promise, contacts.length, alerts.escalateAfterMinutes)
    : alerts.escalateAfterHoursMinutes
  return { contact, deliveries: jobs, next: stepJob(target, stage + 1, new Date(at.getTime() + minutes(wait))), wait }
}

/**
 * One step of a lead's escalation: nothing when it was acknowledged; otherwise the alert to the contact
 * whose turn it is, and the next step at the escalation deadline. Its jobs are keyed by lead and stage,
 * so a step run twice (a worker killed after queuing them) queues nothing new. A re-announcement (the
 * sweep's, below) alerts the first contact again and queues no next step: the escalation had ended.
 */
export async function runAlertStep(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { config, db } = deps
  const { alerts } = config
  const at = deps.clock?.() ?? new Date()
  const { stage, reannounce, ...target } = alertStepPayload(job.payload)
  const subject = await loadSubject(db, target)
  if (!subject) return "The lead is no longer stored: nothing to alert"
  if (subject.acknowledgedAt)
    return `Acknowledged by ${subject.acknowledgedBy ?? "?"} at ${subject.acknowledgedAt.toISOString()}: escalation stopped`
  if (reannounce !== undefined && subject.alertedAt)
    return `Alerted at ${subject.alertedAt.toISOString()} meanwhile: nothing to announce again`
  // In the order the visitor's language asks for: who speaks it first; without the SMS of anyone who texted STOP.
  const rotation = await textableRotation(db, config, routingOrder(reachable(alerts, at), subject.language))
  await enqueueJobs(db, rotation.notices, at)
  const { contacts } = rotation
  if (contacts.length === 0)
    throw new DeferredError(
      "The office is closed and no contact takes alerts after hours: waiting for opening time",
      openingAfter(at),
    )
  if (reannounce !== undefined) {
    const contact = contacts[0]
    if (!contact) throw new Error("unreachable: the list is not empty")
    const view = alertView(alerts, subject, contact.name, at)
    const key = `reannounce:${target.record}:${target.id}:${reannounce}`
    const jobs = deliveries(config, contact, key, [target], messageOf(config, view, at), { owner: target })
    return `Announced again, as no alert got through: ${await queueAlert(deps, contact, target, jobs, [], at)}`
  }
  if (stage >= contacts.length * alerts.escalationRounds) {
    const told = await tellOwnerMissed(deps, subject, stage, contacts, at)
    return `Not acknowledged after ${stage} alerts (${alerts.escalationRounds} rounds of the on-call list): escalation ended; ${told}`
  }
  const step = stepAlert(config, subject, stage, contacts, at)
  const sent = await queueAlert(deps, step.contact, target, step.deliveries, [step.next], at)
  return `Alerted ${sent}; next step in ${step.wait} min unless acknowledged`
}

/**
 * The owner's notice that a request's escalation ended with nobody tapping "I'm on it": once per request
 * (missed_at is set in the same transaction as its jobs are queued), on every channel the owner has, its SMS
 * and chat within the alert budget (a flood of fake leads must not become a flood of notices; the e-mail
 * always goes). The request's link in it still works for the owner.
 */
async function tellOwnerMissed(
  deps: DeliveryDeps,
  subject: AlertSubject,
  alerts: number,
  contacts: readonly OnCallContact[],
  at: Date,
): Promise<string> {
  const { config } = deps
  const textable = await textableRotation(deps.db, config, [config.alerts.owner])
  const owner = textable.contacts[0] ?? config.alerts.owner
  const view: AlertView = {
    ...alertView(config.alerts, subject, owner.name, at),
    missed: { alerts, alerted: [...new Set(contacts.map((c) => c.name))] },
  }
  const key = `missed:${subject.record}:${subject.id}`
  const jobs = deliveries(config, owner, key, [subject], messageOf(config, view, at), { owner: subject })
  const marked = await deps.db.transaction(async (tx) => {
    if (!(await markMissed(tx, subject, at))) return false
    const budgeted = await withinBudget(tx, config, { deliveries: jobs, contact: owner.name, target: subject }, at)
    await enqueueJobs(tx, [...budgeted.jobs, ...textable.notices], at)
    return true
  })
  return marked ? `the owner (${owner.name}) was told` : "the owner had been told already"
}

/**
 * A summary job: the morning summary (every lead from the night still waiting, oldest first, to the
 * first contact on the list, on every channel), or, with `overflow`, the summary of one channel's
 * leads past its budget (to the contact whose turn it was, on that channel only). Either carries one
 * "I'm on all N" link; summaries are not counted against the budget (at most one per interval).
 */
export async function runMorningSummary(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { config, db } = deps
  const at = deps.clock?.() ?? new Date()
  const { overflow, contact: named } = job.payload
  const listed = [...targetsOf(job.payload), ...(await summaryMembers(db, job.id))]
  const waiting: AlertSubject[] = (await loadSubjects(db, listed)).filter((s) => !s.acknowledgedAt)
  // An over-budget channel's summary: on that channel alone.
  const over = budgetedNamed(overflow)
  if (waiting.length === 0) return over ? "Nothing left waiting" : "Nothing was waiting at opening time"
  const { contacts } = config.alerts
  // A channel's summary goes to a contact it reaches (SMS: one with a number): the one whose turn it was, else the first.
  const canTake = (c: OnCallContact) => !over || over.reach(c, config) !== undefined
  const chosen =
    (over ? contacts.find((c) => c.name === named && canTake(c)) : undefined) ??
    reachable(config.alerts, at).find(canTake) ??
    contacts.find(canTake) ??
    contacts[0]
  if (!chosen) throw new Error("unreachable: the on-call list is never empty")
  // Not by SMS to someone who texted STOP.
  const textable = await textableRotation(db, config, [chosen])
  await enqueueJobs(db, textable.notices, at)
  const contact = textable.contacts[0] ?? chosen
  waiting.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
  const targets = waiting.map(({ record, id }) => ({ record, id }))
  const key = `summary:${job.id}`
  return db.transaction(async (tx) => {
    const allUrl = await acknowledgeAllUrl(tx, config.alerts, targets, contact.name, at)
    if (over) {
      const view = { channel: over.budget.label, count: waiting.length, acknowledgeAllUrl: allUrl }
      const to = over.reach(contact, config)
      const summary = to ? alertBy(over, key, { targets, ...over.budget.summary(view, to, config) }) : null
      await enqueueJobs(tx, summary ? [summary.job] : [], at)
      return `Summary of ${waiting.length} past the ${over.name} budget to ${summary ? contact.name : `nobody the ${over.name} channel reaches`}`
    }
    const summary = {
      views: waiting.map((subject) => ({
        subject,
        acknowledgeUrl: acknowledgeUrl(config.alerts, subject, contact.name, at),
      })),
      acknowledgeAllUrl: allUrl,
      boardUrl: boardUrl(config.alerts, contact.name, at),
      reportUrl: reportUrl(config.alerts, contact.name, at),
    }
    const jobs = deliveries(config, contact, key, targets, (channel, to) => channel.summary(summary, to, config))
    await enqueueJobs(tx, jobs.map(jobOf), at)
    return `Summary of ${waiting.length} to ${contact.name}`
  })
}
