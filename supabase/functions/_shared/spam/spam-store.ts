/**
 * What a submission filed as spam stores, bounded per address. Each call's body is kept once (the
 * first in `body`, the wizard's later calls in `calls`), whole, since "Not spam" replays it through
 * the contract. Per address, day (UTC) and reason, calls are kept in full while the address has kept
 * fewer than SPAM_KEEP.records records and SPAM_KEEP.bytes bytes (the first call always fits); past
 * that a call is only counted on one row (spam_daily_counts), which the office's digest reports. A
 * flood from one address then costs kilobytes a day, not megabytes, and a real customer behind the
 * same address with another reason keeps a budget of their own.
 */
import { hmacSha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import type { AlertConfig } from "../config.ts"
import type { SpamAttemptRow } from "../rows.ts"
import type { SpamReason } from "./bot-checks.ts"

/** Kept in full per address, day and reason; a real body is under 2 KB, the largest the contract allows about 64 KB. */
export const SPAM_KEEP = { records: 10, bytes: 64 * 1024 }

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length

/**
 * The reference answered for a call that was only counted: shaped like a record's id and the same for
 * every call of one submission, as a real submission's is, so a bot cannot tell it was filed.
 */
export function countedReference(secret: string, submissionId: string): string {
  const hex = hmacSha256Hex(`spam-reference:${secret}`, submissionId)
  const variant = "89ab"[Number.parseInt(hex[16] ?? "0", 16) % 4] ?? "8"
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Whether the call fits the address's budget: the day's first call always does; a later call of a record adds no record. */
const FITS = `((d.bytes = 0 or d.bytes + $4::int <= $8::int) and (not $5::boolean or d.records < $7::int))`

/**
 * Counts one call against its address's budget and says whether it is kept. All in one statement, so
 * calls at once are counted in turn (the row is locked): `kept_call` is the number of the last call
 * kept, so the call just counted was kept when it equals `calls`.
 */
const COUNT_CALL = `
  insert into spam_daily_counts as d (ip_key, day, reason, calls, kept_call, records, bytes, counted, first_at, last_at)
  values ($1, $2::date, $3, 1, 1, case when $5::boolean then 1 else 0 end, $4::int, 0, $6::timestamptz, $6::timestamptz)
  on conflict (ip_key, day, reason) do update set
    calls = d.calls + 1,
    kept_call = case when ${FITS} then d.calls + 1 else d.kept_call end,
    records = d.records + case when ${FITS} and $5::boolean then 1 else 0 end,
    bytes = d.bytes + case when ${FITS} then $4::int else 0 end,
    counted = d.counted + case when ${FITS} then 0 else 1 end,
    first_at = least(d.first_at, excluded.first_at),
    last_at = greatest(d.last_at, excluded.last_at)
  returning kept_call = calls as kept`

/** What storing a call needs of its request (leads.ts' RequestContext extends it). */
export interface SpamCallContext {
  config: { alerts: Pick<AlertConfig, "linkSecret"> }
  userAgent: string | null
  ipHash: string | null
  /** When the request was accepted: the office's alerts are routed by it (business hours). */
  now: Date
}

/**
 * Stores one call filed as spam (`kept` is its body, without the Turnstile token) and returns the
 * reference to answer with: the record's id, or for a call only counted, `countedReference`.
 */
export async function storeSpam(
  tx: Pick<Db, "query">,
  name: string,
  kept: { submissionId: string },
  reason: SpamReason,
  ctx: SpamCallContext,
): Promise<string> {
  const json = JSON.stringify(kept)
  const at = ctx.now.toISOString()
  const [existing] = await tx.query<Pick<SpamAttemptRow, "id">>(
    `select id from spam_attempts where submission_id = $1`,
    [kept.submissionId],
  )
  const [slot] = await tx.query<{ kept: boolean }>(COUNT_CALL, [
    ctx.ipHash ?? "",
    at.slice(0, 10),
    reason,
    utf8Bytes(json),
    !existing,
    at,
    SPAM_KEEP.records,
    SPAM_KEEP.bytes,
  ])
  const keep = slot?.kept === true
  if (existing) {
    // A later call of the wizard: its body joins the record's when the budget allows (the release replays what is kept).
    await tx.query(
      `update spam_attempts
       set hits = hits + 1, updated_at = $3,
           calls = case when $4::boolean then calls || jsonb_build_object($2::text, $5::text::jsonb) else calls end
       where id = $1`,
      [existing.id, name, at, keep, json],
    )
    return existing.id
  }
  if (!keep) return countedReference(ctx.config.alerts.linkSecret, kept.submissionId)
  const [row] = await tx.query<Pick<SpamAttemptRow, "id">>(
    `insert into spam_attempts (submission_id, function_name, reason, body, ip_hash, user_agent, created_at, updated_at)
     values ($1, $2, $3, $4::text::jsonb, $5, $6, $7, $7)
     on conflict (submission_id) do update set hits = spam_attempts.hits + 1, updated_at = excluded.updated_at
     returning id`,
    [kept.submissionId, name, reason, json, ctx.ipHash, ctx.userAgent, at],
  )
  if (!row) throw new Error("the spam attempt was not recorded")
  return row.id
}
