/**
 * Turnstile for a submission, not for a request. A token is single-use at Cloudflare, yet one
 * submission makes several calls: the wizard's three share one submissionId and one token, and the
 * browser re-sends a kept submission later, when its token has expired or was never sent. A passed
 * verification is remembered per (submissionId, leadHash), so those calls pass without a new token,
 * while another lead under the same id (another leadHash) must pass on its own.
 */
import type { SpamConfig } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import { verifyTurnstile, type TurnstileVerdict } from "./turnstile.ts"

/** As long as the browser's outbox keeps a submission (lead-outbox.ts MAX_AGE_MS): no re-send comes later. */
export const TURNSTILE_PASS_MAX_AGE_MS = 7 * 24 * 60 * 60_000
/** Old passes are cleared at most this often per process, so the table stays small without a cron job. */
const PURGE_EVERY_MS = 60 * 60_000

let purgedAt = Number.NEGATIVE_INFINITY

/** The submission as the pass is keyed: its id and the hash of its lead (app.ts submissionOf). */
export interface PassKey {
  id: string
  leadHash: string
}

const cutoff = (now: Date) => new Date(now.getTime() - TURNSTILE_PASS_MAX_AGE_MS).toISOString()

export async function hasTurnstilePass(db: Pick<Db, "query">, key: PassKey, now: Date): Promise<boolean> {
  const rows = await db.query(
    `select 1 from turnstile_passes where submission_id = $1 and lead_hash = $2 and passed_at > $3::timestamptz`,
    [key.id, key.leadHash, cutoff(now)],
  )
  return rows.length > 0
}

export async function rememberTurnstilePass(db: Pick<Db, "query">, key: PassKey, now: Date): Promise<void> {
  await db.query(
    `insert into turnstile_passes (submission_id, lead_hash, passed_at) values ($1, $2, $3::timestamptz)
     on conflict (submission_id, lead_hash) do update set passed_at = excluded.passed_at`,
    [key.id, key.leadHash, now.toISOString()],
  )
  if (now.getTime() - purgedAt >= PURGE_EVERY_MS) {
    purgedAt = now.getTime()
    await db.query(`delete from turnstile_passes where passed_at <= $1::timestamptz`, [cutoff(now)])
    await db.query(`delete from turnstile_tokens where used_at <= $1::timestamptz`, [cutoff(now)])
  }
}

/**
 * Whether this token already came with another submission; the first submission to bring a token is recorded as
 * its own (only the token's hash is kept). Cloudflare redeems a token once, but a verifier that is down, a stand-in
 * or its idempotency key (our submission id) may still let a replay through: this check is ours, whatever it says.
 * A replay is flagged for the office rather than filed as spam: our own page sends one token twice when a visitor
 * sends a second form before the widget renews it, and a harvested token still meets the rate limit and the
 * honeypot; the office sees the flag beside the lead and decides.
 */
export async function tokenUsedElsewhere(
  db: Pick<Db, "query">,
  token: string,
  submissionId: string,
  now: Date,
): Promise<boolean> {
  const [first] = await db.query<{ submission_id: string }>(
    `with mine as (
       insert into turnstile_tokens (token_hash, submission_id, used_at) values ($1, $2, $3::timestamptz)
       on conflict (token_hash) do nothing returning submission_id)
     select submission_id from mine union all select submission_id from turnstile_tokens where token_hash = $1 limit 1`,
    [sha256Hex(`turnstile:${token}`), submissionId, now.toISOString()],
  )
  return first !== undefined && first.submission_id !== submissionId
}

/** A verdict, and whether its token had already come with another submission (then flagged: see tokenUsedElsewhere). */
export type TurnstileCheck = TurnstileVerdict & { tokenReused?: boolean }

/**
 * The verdict for this call: a remembered pass of the same submission and lead, or else the token
 * verified at siteverify (with the submissionId as idempotency key, so Cloudflare accepts the same
 * token again for the same submission) and remembered only when it really passes (never for an
 * unverified lead, which the office reviews). Remembered before the lead is stored: a send that then
 * fails on our side is re-sent by the browser without a usable token.
 */
export async function checkTurnstile(options: {
  db: Pick<Db, "query">
  spam: SpamConfig & { turnstileSecretKey: string }
  key: PassKey
  token: string | undefined
  remoteIp: string | null
  now: Date
  fetchImpl?: typeof fetch
}): Promise<TurnstileCheck> {
  const { db, spam, key, now } = options
  if (await hasTurnstilePass(db, key, now)) return { outcome: "passed" }
  const tokenReused = options.token ? await tokenUsedElsewhere(db, options.token, key.id, now) : false
  const verdict = await verifyTurnstile({
    secret: spam.turnstileSecretKey,
    token: options.token,
    remoteIp: options.remoteIp,
    idempotencyKey: key.id,
    verifyUrl: spam.turnstileVerifyUrl,
    fetchImpl: options.fetchImpl,
    timeoutMs: spam.turnstileTimeoutMs,
  })
  if (verdict.outcome === "passed") await rememberTurnstilePass(db, key, now)
  return tokenReused ? { ...verdict, tokenReused } : verdict
}
