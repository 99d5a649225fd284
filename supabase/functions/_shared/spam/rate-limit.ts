/**
 * The per-IP rate limit, kept in Postgres so every function instance shares it.
 * Fixed windows (one row per IP hash and window, one upsert per request): simple
 * and exact to explain in Retry-After; the price is that an IP can send up to
 * twice the limit across a window boundary, which is fine against form spam.
 */
import type { SpamConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { RateLimitRow } from "../rows.ts"

export type RateLimitVerdict =
  { allowed: true; hits: number } | { allowed: false; hits: number; retryAfterSeconds: number }

/** The latest window this process has cleared ended windows for: clearing once per window is enough. */
let prunedThrough = 0

/** The fixed window `nowMs` falls in, and how long until it ends (the in-memory flood guard uses the same windows). */
export function rateLimitWindow(spam: SpamConfig, nowMs: number) {
  const windowMs = spam.rateLimitWindowSeconds * 1000
  const start = Math.floor(nowMs / windowMs) * windowMs
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) }
}

/** Counts this request against its IP's current window and says whether it may go on. */
export async function takeRateLimit(
  db: Pick<Db, "query">,
  ipHash: string,
  spam: SpamConfig,
  nowMs = Date.now(),
): Promise<RateLimitVerdict> {
  const { start: windowStart, retryAfterSeconds } = rateLimitWindow(spam, nowMs)
  const [row] = await db.query<Pick<RateLimitRow, "hits">>(
    `insert into rate_limits (ip_hash, window_start, hits) values ($1, to_timestamp($2::double precision / 1000), 1)
     on conflict (ip_hash, window_start) do update set hits = rate_limits.hits + 1
     returning hits`,
    [ipHash, windowStart],
  )
  const hits = row?.hits ?? 1
  // The first request of each window (per process) clears the windows that have ended, so the table stays small without a cron job.
  if (windowStart > prunedThrough) {
    prunedThrough = windowStart
    await db.query(`delete from rate_limits where window_start < to_timestamp($1::double precision / 1000)`, [
      windowStart,
    ])
  }
  if (hits <= spam.rateLimitMax) return { allowed: true, hits }
  return { allowed: false, hits, retryAfterSeconds }
}
