/**
 * What the office's one-tap links do, called by the site's /office/ pages: `confirm: false` only
 * shows what the link is for (link previewers and a first look change nothing), `confirm: true`
 * records the acknowledgement or releases the spam record. A tampered, expired or replayed link
 * changes nothing and gets a clear answer.
 */
import type { BackendConfig } from "../config.ts"
import { CALL_ORDER, intakeFor } from "../functions.ts"
import type { Db } from "../db.ts"
import type { Intake, RequestContext } from "../leads.ts"
import type { AlertBatchRow, SpamAttemptRow } from "../rows.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { describeSpam } from "../spam/spam-review.ts"
import {
  acknowledge,
  acknowledgeAll,
  loadSubject,
  loadSubjects,
  targetsOf,
  type AlertSubject,
  type AlertTarget,
} from "../alerts/subject.ts"
import { verifyLink, type LinkClaims, type LinkPurpose } from "./signed-link.ts"

const ANSWERS = LEAD_MESSAGES.officeAlerts.linkAnswers

export interface LinkAnswer {
  status: 200 | 400 | 404 | 410 | 422
  body: Record<string, unknown>
}

const refused = (status: 400 | 404 | 410 | 422, reason: string, error: string): LinkAnswer => ({
  status,
  body: { success: false, error, reason, ...(status === 400 ? { fields: { token: error } } : {}) },
})

function checkedLink(config: BackendConfig, token: string, purpose: LinkPurpose, at: Date) {
  const check = verifyLink(config.alerts.linkSecret, token, purpose, at)
  if (check.ok) return check.claims
  return check.problem === "expired"
    ? refused(410, "expired", ANSWERS.expired)
    : refused(400, "invalid", ANSWERS.invalid)
}

const leadFacts = (subject: AlertSubject) => ({
  reference: subject.id,
  kind: subject.kindLabel,
  name: subject.name,
  phone: subject.phone,
  tel: subject.tel,
  request: subject.request,
  receivedAt: subject.receivedAt.toISOString(),
})

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

/** acknowledge-lead: who acknowledged a lead (or each lead of a summary) and when; the first acknowledgement stands. */
export async function acknowledgeLink(
  db: Db,
  config: BackendConfig,
  { token, confirm }: { token: string; confirm: boolean },
  at: Date,
): Promise<LinkAnswer> {
  const claims = checkedLink(config, token, "acknowledge", at)
  if ("status" in claims) return claims
  if (claims.record === "spam") return refused(400, "invalid", ANSWERS.invalid)
  if (claims.record === "batch") return acknowledgeBatch(db, claims, confirm, at)
  const target: AlertTarget = { record: claims.record, id: claims.id }
  const recorded = confirm ? await acknowledge(db, target, claims.to, at) : false
  const subject = await loadSubject(db, target)
  if (!subject) return refused(404, "not_found", ANSWERS.notFound)
  const state = recorded ? "acknowledged" : subject.acknowledgedAt ? "already_acknowledged" : "ready"
  return {
    status: 200,
    body: {
      success: true,
      state,
      lead: leadFacts(subject),
      to: claims.to,
      acknowledgedBy: subject.acknowledgedBy,
      acknowledgedAt: subject.acknowledgedAt?.toISOString() ?? null,
    },
  }
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
      reason: LEAD_MESSAGES.officeAlerts.spamReasons[row.reason],
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
    const ctx: RequestContext = { config, userAgent: row.user_agent, ipHash: row.ip_hash, now: at, flags: [] }
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
      reference ??= stored
    }
    const [released] = await tx.query<ReleaseRow>(
      `update spam_attempts set released_at = $2, released_reference = $3, updated_at = now() where id = $1
       returning id, submission_id, function_name, reason, body, calls, ip_hash, user_agent, created_at, released_at, released_reference`,
      [row.id, at.toISOString(), reference],
    )
    return { status: 200, body: releaseBody(released ?? row, "released"), released: true }
  })
}
