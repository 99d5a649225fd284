/**
 * The pipeline check's rows (pipeline_checks): one running check at a time (a unique index on the
 * running one), its synthetic request stored there, apart from real leads, with the one job it queues
 * (the test e-mail to the office inbox), its report when it ends, and its purge after 30 days.
 */
import { randomUUID } from "node:crypto"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import type { PipelineCheckRow } from "../rows.ts"
import { testEmail } from "./check-texts.ts"

export type CheckTrigger = PipelineCheckRow["trigger"]

/** Kept this long, then purged with their jobs and call records. */
export const CHECK_KEPT_DAYS = 30
const DAY_MS = 86_400_000

/** A running check whose lease has passed is taken for dead: its own time limit, and a minute more. */
export const leaseMs = (config: BackendConfig) => config.pipelineCheck.timeoutMs + 60_000

export const checkEmailKey = (checkId: string) => `pipeline-check:${checkId}:email`

export type Started =
  | { kind: "started"; id: string; submissionId: string }
  | { kind: "running"; id: string; startedAt: Date; trigger: CheckTrigger }

/** Starts a check, unless one is running (whose lease has not passed): then that one is named, and nothing is done. */
export async function startCheck(db: Db, config: BackendConfig, trigger: CheckTrigger, at: Date): Promise<Started> {
  const submissionId = randomUUID()
  const leaseUntil = new Date(at.getTime() + leaseMs(config))
  // The unique index on the running check decides between two started at once (a deploy during the daily run).
  const [row] = await db.query<{ id: string }>(
    `insert into pipeline_checks (trigger, started_at, lease_until, submission_id)
     values ($1, $2, $3, $4) on conflict do nothing returning id`,
    [trigger, at.toISOString(), leaseUntil.toISOString(), submissionId],
  )
  if (row) return { kind: "started", id: row.id, submissionId }
  const [running] = await db.query<Pick<PipelineCheckRow, "id" | "started_at" | "trigger">>(
    `select id, started_at, trigger from pipeline_checks where status = 'running'`,
  )
  // It ended between the two statements: this one may go ahead.
  if (!running) return startCheck(db, config, trigger, at)
  return { kind: "running", id: running.id, startedAt: running.started_at, trigger: running.trigger }
}

/**
 * Stores the synthetic request on its check's row and queues its one job, the test e-mail, in the
 * request's transaction. False when the check is no longer running (it timed out): nothing is stored,
 * and still no lead, since the mark was ours.
 */
export async function storeCheckLead(
  tx: Db,
  config: BackendConfig,
  check: { id: string; submissionId: string; functionName: string; body: unknown; reference: string },
  at: Date,
): Promise<boolean> {
  // As sent, but for the single-use Turnstile token (never kept anywhere).
  const kept = JSON.stringify(check.body, (key, value: unknown) => (key === "turnstileToken" ? undefined : value))
  const [row] = await tx.query<Pick<PipelineCheckRow, "trigger">>(
    `update pipeline_checks set lead_function = $3, lead = $4::text::jsonb, reference = $5, lead_stored_at = $6
     where id = $1 and submission_id = $2 and status = 'running' returning trigger`,
    [check.id, check.submissionId, check.functionName, kept, check.reference, at.toISOString()],
  )
  if (!row) return false
  const email = testEmail(check.reference, row.trigger, at, config)
  await enqueueJobs(tx, [{ kind: "check_email", dedupeKey: checkEmailKey(check.id), payload: email }], at)
  return true
}

/** The check's row as far as the check reads it back: whether its request was stored apart. */
export async function storedApart(db: Pick<Db, "query">, id: string): Promise<boolean> {
  const [row] = await db.query<{ stored: boolean }>(
    `select lead_stored_at is not null as stored from pipeline_checks where id = $1`,
    [id],
  )
  return row?.stored ?? false
}

/** The test e-mail's job: its status and last error, or null before it is queued. */
export async function checkEmailJob(db: Pick<Db, "query">, id: string) {
  const [job] = await db.query<{ status: string; last_error: string | null; attempts: number }>(
    `select status, last_error, attempts from outbox_jobs where dedupe_key = $1`,
    [checkEmailKey(id)],
  )
  return job ?? null
}

/** Ends a check (only while it runs: a check the sweep took for dead stays so). */
export async function finishCheck(
  db: Pick<Db, "query">,
  id: string,
  end: { status: "passed" | "failed"; report: object; notified: readonly string[]; pingedAt: Date | null },
  at: Date,
): Promise<void> {
  await db.query(
    `update pipeline_checks set status = $2, report = $3::text::jsonb, notified = $4::text[], pinged_at = $5, finished_at = $6
     where id = $1 and status = 'running'`,
    [
      id,
      end.status,
      JSON.stringify(end.report),
      `{${end.notified.join(",")}}`,
      end.pingedAt?.toISOString() ?? null,
      at.toISOString(),
    ],
  )
}

/** Running checks whose lease has passed (hung, or their process killed): marked timed out, and returned to be reported. */
export async function expireAbandoned(db: Pick<Db, "query">, at: Date) {
  return db.query<Pick<PipelineCheckRow, "id" | "started_at" | "trigger">>(
    `update pipeline_checks set status = 'timed_out', finished_at = $1
     where status = 'running' and lease_until < $1 returning id, started_at, trigger`,
    [at.toISOString()],
  )
}

/** Checks older than 30 days go, with their test e-mails, daily jobs and call records. */
export async function purgeChecks(db: Db, at: Date): Promise<number> {
  const before = new Date(at.getTime() - CHECK_KEPT_DAYS * DAY_MS).toISOString()
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ submission_id: string }>(
      `delete from pipeline_checks where started_at < $1 and status <> 'running' returning submission_id`,
      [before],
    )
    await tx.query(
      `delete from outbox_jobs where kind in ('pipeline_check', 'check_email') and created_at < $1
       and status in ('sent', 'dead', 'not_configured')`,
      [before],
    )
    if (gone.length > 0)
      await tx.query(`delete from function_calls where submission_id = any($1::uuid[])`, [
        `{${gone.map((g) => g.submission_id).join(",")}}`,
      ])
    return gone.length
  })
}
