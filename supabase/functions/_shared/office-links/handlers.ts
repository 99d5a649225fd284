/**
 * What the office's one-tap links do, called by the site's /office/ pages: `confirm: false` only
 * shows what the link is for (link previewers and a first look change nothing), `confirm: true`
 * records the acknowledgement or releases the spam record. A tampered, expired or replayed link
 * changes nothing and gets a clear answer.
 */
import type { BackendConfig } from "../config.ts"
import { CALL_ORDER, intakeFor } from "../functions.ts"
import type { Db } from "../db.ts"
import type { Intake, RequestContext } from "../intake/leads.ts"
import type { AlertBatchRow, JobStatus, SpamAttemptRow } from "../rows.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { describeSpam } from "../spam/spam-review.ts"
import {
  acknowledge,
  acknowledgeAll,
  jobOwner,
  loadSubject,
  loadSubjects,
  recordOutcome,
  targetsOf,
  type AlertSubject,
  type AlertTarget,
} from "../alerts/subject.ts"
import type { AcknowledgeLinkRequest } from "../kernel/contract.ts"
import { LEAD_OUTCOMES } from "../kernel/outcomes.ts"
import { enqueueJobs, type NewJob } from "../outbox/queue.ts"
import { prefersLanguage } from "../alerts/messages.ts"
import { crmConfigured } from "../delivery/crm.ts"
import { acknowledgeUrl, boardUrl, verifyLink, type LinkClaims, type LinkPurpose } from "./signed-link.ts"
import { boardAt } from "./board.ts"

const ANSWERS = LEAD_MESSAGES.officeAlerts.linkAnswers

export interface LinkAnswer {
  status: 200 | 400 | 404 | 410 | 422
  body: Record<string, unknown>
}

export const refused = (status: 400 | 404 | 410 | 422, reason: string, error: string): LinkAnswer => ({
  status,
  body: { success: false, error, reason, ...(status === 400 ? { fields: { token: error } } : {}) },
})

export function checkedLink(config: BackendConfig, token: string, purpose: LinkPurpose, at: Date) {
  const check = verifyLink(config.alerts.linkSecret, token, purpose, at)
  if (check.ok) return check.claims
  return check.problem === "expired"
    ? refused(410, "expired", ANSWERS.expired)
    : refused(400, "invalid", ANSWERS.invalid)
}

export const leadFacts = (subject: AlertSubject) => ({
  id: subject.id,
  reference: subject.reference,
  kind: subject.kindLabel,
  name: subject.name,
  phone: subject.phone,
  tel: subject.tel,
  email: subject.email || null,
  // "Prefers Spanish: call back in Spanish", as the alerts say it first thing; null for an English request.
  prefers: prefersLanguage(subject) || null,
  request: subject.request,
  receivedAt: subject.receivedAt.toISOString(),
})

/**
 * The names a request can be taken or booked in that are a shared address, not a person: the office's own
 * notice e-mail, whose links are in the inbox's name. The pages word those takers as a place, not as someone.
 */
export const SHARED_TAKERS: readonly string[] = [LEAD_MESSAGES.officeAlerts.inboxName]

/**
 * A summary's "I'm on all N" link: preview lists the leads it names (nothing changes), confirm
 * acknowledges each one nobody has yet, in the name the link was sent to; the others keep theirs.
 */
async function acknowledgeBatch(db: Db, claims: LinkClaims, confirm: boolean, at: Date): Promise<LinkAnswer> {
  const [batch] = await db.query<Pick<AlertBatchRow, "targets">>(`select targets from alert_batches where id = $1`, [
    claims.id,
  ])
  if (!batch) return refused(404, "not_found", ANSWERS.notFound)
  const targets = targetsOf({ targets: batch.targets })
  const recorded = confirm ? await acknowledgeAll(db, targets, claims.to, at) : []
  const subjects = await loadSubjects(db, targets)
  if (subjects.length === 0) return refused(404, "not_found", ANSWERS.notFound)
  const waiting = subjects.filter((s) => !s.acknowledgedAt).length
  const state = recorded.length > 0 ? "acknowledged" : waiting > 0 ? "ready" : "already_acknowledged"
  return {
    status: 200,
    body: {
      success: true,
      state,
      to: claims.to,
      shared: SHARED_TAKERS,
      batch: {
        count: subjects.length,
        waiting,
        acknowledged: recorded.length,
        leads: subjects.map((subject) => ({
          ...leadFacts(subject),
          acknowledgedBy: subject.acknowledgedBy,
          acknowledgedAt: subject.acknowledgedAt?.toISOString() ?? null,
        })),
      },
    },
  }
}

const COPY = LEAD_MESSAGES.officeAlerts

/** The names who may take a request: the on-call list and the owner, each once, in that order. */
export const actorNames = (config: BackendConfig) => [
  ...new Set([...config.alerts.contacts.map((c) => c.name), config.alerts.owner.name]),
]

/** The outcomes the page offers, with their words. */
const OUTCOME_CHOICES = LEAD_OUTCOMES.map((id) => ({ id, label: COPY.outcomes[id] }))

/**
 * Who acts: the name chosen on the page, when it is one of the on-call list's (a link to a shared inbox
 * is opened by whoever reads it), else the contact the link was sent to. Null: a name not on the list.
 */
export function actorOf(config: BackendConfig, claims: LinkClaims, by: string | undefined): string | null {
  if (by === undefined) return claims.to
  return actorNames(config).find((name) => name.toLowerCase() === by.toLowerCase()) ?? null
}

/** The CRM's event for a recorded outcome: the request by its reference and id, what came of it, who and when. */
const outcomeEvent = (subject: AlertSubject, at: Date): NewJob => ({
  kind: "crm_forward",
  dedupeKey: `outcome:${subject.record}:${subject.id}:${at.toISOString()}`,
  ...jobOwner(subject),
  payload: {
    event: "lead.outcome",
    reference: subject.reference,
    leadId: subject.id,
    record: subject.record,
    kind: subject.kind,
    customer: { name: subject.name, phone: subject.phone },
    // The language the visitor used the site in, as the lead's own forward carries it.
    language: subject.language,
    outcome: subject.outcome?.value ?? null,
    outcomeLabel: subject.outcome ? COPY.outcomes[subject.outcome.value] : null,
    note: subject.outcome?.note ?? null,
    by: subject.outcome?.by ?? null,
    at: subject.outcome?.at?.toISOString() ?? at.toISOString(),
    acknowledgedBy: subject.acknowledgedBy,
    acknowledgedAt: subject.acknowledgedAt?.toISOString() ?? null,
  },
})

/** What became of the CRM's copy of a recorded outcome, as the office page words it. */
export type CrmState = "sent" | "queued" | "not_configured" | "failed"

const CRM_STATES: Readonly<Record<JobStatus, CrmState>> = {
  pending: "queued",
  sending: "queued",
  sent: "sent",
  dead: "failed",
  not_configured: "not_configured",
}

/** The CRM events that carry a request's outcome: one recorded from its link, or a confirmed visit's booking. */
const OUTCOME_EVENTS = ["lead.outcome", "appointment.confirmed"]

/**
 * Where the CRM's copy of the request's outcome is: its latest outcome event's job; null while no outcome
 * is recorded (or none was forwarded). With no CRM set up it is "not_configured" at once: its job will end so.
 */
async function crmStateOf(db: Pick<Db, "query">, config: BackendConfig, subject: AlertSubject) {
  if (!subject.outcome) return null
  if (!crmConfigured(config)) return "not_configured"
  const owner = subject.record === "lead" ? "lead_id" : "contact_message_id"
  const [job] = await db.query<{ status: JobStatus }>(
    `select status from outbox_jobs where kind = 'crm_forward' and ${owner} = $1 and payload->>'event' = any($2::text[])
     order by created_at desc limit 1`,
    [subject.id, `{${OUTCOME_EVENTS.join(",")}}`],
  )
  return job ? CRM_STATES[job.status] : null
}

/**
 * What the request's page shows: the request, its acknowledgement and outcome (and where the CRM's copy of
 * it is), the names to choose from and the outcomes to record.
 */
const requestAnswer = async (
  db: Pick<Db, "query">,
  subject: AlertSubject,
  claims: LinkClaims,
  state: string,
  config: BackendConfig,
  at: Date,
): Promise<LinkAnswer> => ({
  status: 200,
  body: {
    success: true,
    state,
    lead: leadFacts(subject),
    to: claims.to,
    shared: SHARED_TAKERS,
    acknowledgedBy: subject.acknowledgedBy,
    acknowledgedAt: subject.acknowledgedAt?.toISOString() ?? null,
    outcome: subject.outcome
      ? {
          value: subject.outcome.value,
          label: COPY.outcomes[subject.outcome.value],
          note: subject.outcome.note,
          by: subject.outcome.by,
          at: subject.outcome.at?.toISOString() ?? null,
        }
      : null,
    crm: await crmStateOf(db, config, subject),
    names: actorNames(config),
    outcomes: OUTCOME_CHOICES,
    // The reader's own board link (the day's and the week's requests), as fresh as this answer.
    board: boardUrl(config.alerts, claims.to, at),
  },
})

/**
 * acknowledge-lead: who acknowledged a lead (or each lead of a summary) and when, the first acknowledgement
 * standing; and, from the same link, what came of it (an outcome and a note, changeable), forwarded to the CRM.
 */
export async function acknowledgeLink(
  db: Db,
  config: BackendConfig,
  { token, confirm, by, outcome, note }: AcknowledgeLinkRequest,
  at: Date,
): Promise<LinkAnswer> {
  const claims = checkedLink(config, token, "acknowledge", at)
  if ("status" in claims) return claims
  if (claims.record === "spam" || claims.record === "board" || claims.record === "report")
    return refused(400, "invalid", ANSWERS.invalid)
  const actor = actorOf(config, claims, by)
  if (actor === null)
    return { status: 422, body: { success: false, error: ANSWERS.unknownName, fields: { by: ANSWERS.unknownName } } }
  if (claims.record === "batch") return acknowledgeBatch(db, { ...claims, to: actor }, confirm, at)
  const target: AlertTarget = { record: claims.record, id: claims.id }
  if (!confirm) {
    const subject = await loadSubject(db, target)
    if (!subject) return refused(404, "not_found", ANSWERS.notFound)
    return requestAnswer(db, subject, claims, subject.acknowledgedAt ? "already_acknowledged" : "ready", config, at)
  }
  return db.transaction(async (tx) => {
    const recorded = await acknowledge(tx, target, actor, at)
    const changed = outcome
      ? await recordOutcome(tx, target, { outcome, note: note?.trim() || null, by: actor }, at)
      : false
    const subject = await loadSubject(tx, target)
    if (!subject) return refused(404, "not_found", ANSWERS.notFound)
    // Each change of an outcome is the CRM's to know, through the outbox like every forward.
    if (changed) await enqueueJobs(tx, [outcomeEvent(subject, at)], at)
    const state = changed ? "outcome_recorded" : recorded ? "acknowledged" : "already_acknowledged"
    return requestAnswer(tx, subject, claims, state, config, at)
  })
}

type ReleaseRow = Pick<
  SpamAttemptRow,
  | "id"
  | "submission_id"
  | "function_name"
  | "reason"
  | "body"
  | "calls"
  | "ip_hash"
  | "user_agent"
  | "created_at"
  | "released_at"
  | "released_reference"
>

const releaseBody = (row: ReleaseRow, state: string) => {
  const { kindLabel, name, phone } = describeSpam(row)
  return {
    success: true,
    state,
    submission: {
      kind: kindLabel,
      name,
      phone,
      reason: COPY.spamReasons[row.reason],
      receivedAt: row.created_at.toISOString(),
    },
    releasedAt: row.released_at?.toISOString() ?? null,
    reference: row.released_reference,
  }
}

const SELECT_RELEASE = `select id, submission_id, function_name, reason, body, calls, ip_hash, user_agent, created_at, released_at, released_reference from spam_attempts where id = $1`

/**
 * release-spam: the kept calls of a spam record stored as the lead they should have been (in the
 * wizard's order, so its three calls make one lead, its CRM forward and its e-mails), once: the row
 * is locked and marked in the same transaction, so two taps at once release it once.
 */
export async function releaseLink(
  db: Db,
  config: BackendConfig,
  { token, confirm }: { token: string; confirm: boolean },
  at: Date,
): Promise<LinkAnswer & { released?: true }> {
  const claims = checkedLink(config, token, "release", at)
  if ("status" in claims) return claims
  if (claims.record !== "spam") return refused(400, "invalid", ANSWERS.invalid)
  if (!confirm) {
    const [row] = await db.query<ReleaseRow>(SELECT_RELEASE, [claims.id])
    if (!row) return refused(404, "not_found", ANSWERS.notFound)
    return { status: 200, body: releaseBody(row, row.released_at ? "already_released" : "ready") }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ReleaseRow>(`${SELECT_RELEASE} for update`, [claims.id])
    if (!row) return refused(404, "not_found", ANSWERS.notFound)
    if (row.released_at) return { status: 200, body: releaseBody(row, "already_released") }
    // The first call's body and the later calls' (rows from before each body was kept once have the first in both).
    const calls = { ...row.calls, [row.function_name]: row.body }
    const ctx: RequestContext = {
      config,
      userAgent: row.user_agent,
      ipHash: row.ip_hash,
      now: at,
      flags: [],
      // The notices say how long the visitor has waited, and the promise counts from when they sent it.
      released: { sentAt: row.created_at, reason: COPY.spamReasons[row.reason] },
    }
    // Every kept call is read before anything is stored: one that no longer meets its contract stores none.
    const intakes: Intake[] = []
    for (const name of CALL_ORDER) {
      const body = calls[name]
      if (!body) continue
      const intake = await intakeFor(name, body)
      if (!intake)
        return refused(
          422,
          "unreadable",
          "This submission can no longer be read as a request; call the number in it instead.",
        )
      intakes.push(intake)
    }
    let reference: string | null = null
    for (const intake of intakes) {
      // Every call is stored (not `reference ??= …`, which skips the rest): the later ones add the CRM forward and the visitor's e-mail.
      const stored = await intake.store(tx, ctx)
      reference ??= stored.reference
    }
    const [released] = await tx.query<ReleaseRow>(
      `update spam_attempts set released_at = $2, released_reference = $3, updated_at = now() where id = $1
       returning id, submission_id, function_name, reason, body, calls, ip_hash, user_agent, created_at, released_at, released_reference`,
      [row.id, at.toISOString(), reference],
    )
    return { status: 200, body: releaseBody(released ?? row, "released"), released: true }
  })
}

/** office-board: the day's and the week's requests, for the contact the link was sent to; it changes nothing. */
export async function boardLink(
  db: Db,
  config: BackendConfig,
  { token }: { token: string },
  at: Date,
): Promise<LinkAnswer> {
  const claims = checkedLink(config, token, "board", at)
  if ("status" in claims) return claims
  return {
    status: 200,
    body: {
      success: true,
      to: claims.to,
      shared: SHARED_TAKERS,
      at: at.toISOString(),
      timeZone: COMPANY.timeZone,
      // Each entry opens its request with an "I'm on it" link in the reader's name, signed here: the board's own
      // token only reads, so nobody can make a request's link from it.
      ...(await boardAt(db, at, (target) => acknowledgeUrl(config.alerts, target, claims.to, at))),
    },
  }
}
