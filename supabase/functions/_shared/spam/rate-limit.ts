/**
 * The per-IP rate limit, kept in Postgres so every function instance shares it.
 * Fixed windows (one row per key hash and window, upserted per request): simple
 * and exact to explain in Retry-After; the price is that an IP can send up to
 * twice the limit across a window boundary, which is fine against form spam.
 *
 * A request can count against several keys, narrowest first (an IPv6 /64, its
 * /56, its /48), each with its own budget, in one statement. A wider key is
 * counted only while every narrower one is within its budget: so the requests
 * a wider network lets through are bounded by its budget, yet one address that
 * keeps sending past its own limit adds nothing to its neighbours' count (one
 * phone on a carrier's shared /48 cannot lock the others out).
 */
import type { SpamConfig } from "../config.ts"
import type { Db } from "../db.ts"

export type RateLimitVerdict =
  { allowed: true; hits: number } | { allowed: false; hits: number; retryAfterSeconds: number }

/** One budget a request counts against: a key (a salted hash) and the most requests it may make per window. */
export interface LimitKey {
  key: string
  max: number
}

export interface RateLimitsVerdict {
  allowed: boolean
  /** Seconds until the window ends (what a 429 says in Retry-After). */
  retryAfterSeconds: number
  /** Each key's count after this request, in the order given; null for a key not counted (a narrower one was over). */
  hits: Array<number | null>
}

/** The latest window this process has cleared ended windows for: clearing once per window is enough. */
let prunedThrough = 0

/** The fixed window `nowMs` falls in, and how long until it ends (the in-memory flood guard uses the same windows). */
export function rateLimitWindow(spam: Pick<SpamConfig, "rateLimitWindowSeconds">, nowMs: number) {
  const windowMs = spam.rateLimitWindowSeconds * 1000
  const start = Math.floor(nowMs / windowMs) * windowMs
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) }
}

const statements = new Map<number, string>()

/**
 * The upsert of `count` keys in one statement: $1 the window's start (ms), $2… the keys, then the
 * budgets of all but the last (the condition for counting the next). Each key's upsert reads the
 * count the narrower one returned, so the cascade costs one round trip.
 */
function cascade(count: number): string {
  const known = statements.get(count)
  if (known) return known
  const window = `to_timestamp($1::double precision / 1000)`
  const upsert = (source: string) =>
    `insert into rate_limits (ip_hash, window_start, hits) ${source}
       on conflict (ip_hash, window_start) do update set hits = rate_limits.hits + 1 returning hits`
  const steps = Array.from({ length: count }, (_, i) =>
    i === 0
      ? `k0 as (${upsert(`values ($2, ${window}, 1)`)})`
      : `k${i} as (${upsert(`select $${i + 2}::text, ${window}, 1 from k${i - 1} where k${i - 1}.hits <= $${count + 1 + i}::int`)})`,
  )
  const text = `with ${steps.join(", ")} select ${steps.map((_, i) => `(select hits from k${i}) as h${i}`).join(", ")}`
  statements.set(count, text)
  return text
}

/** Counts this request against each of its keys (narrowest first) and says whether it may go on. */
export async function takeRateLimits(
  db: Pick<Db, "query">,
  keys: readonly LimitKey[],
  spam: Pick<SpamConfig, "rateLimitWindowSeconds">,
  nowMs = Date.now(),
): Promise<RateLimitsVerdict> {
  const { start: windowStart, retryAfterSeconds } = rateLimitWindow(spam, nowMs)
  if (keys.length === 0) return { allowed: true, retryAfterSeconds, hits: [] }
  // One column per key (h0, h1, …): each key's `rate_limits.hits` after this request, or null.
  const [row] = await db.query<Record<string, number | null>>(cascade(keys.length), [
    windowStart,
    ...keys.map((k) => k.key),
    ...keys.slice(0, -1).map((k) => k.max),
  ])
  const hits = keys.map((_, i) => row?.[`h${i}`] ?? null)
  // The first request of each window (per process) clears the windows that have ended, so the table stays small without a cron job.
  if (windowStart > prunedThrough) {
    prunedThrough = windowStart
    await db.query(`delete from rate_limits where window_start < to_timestamp($1::double precision / 1000)`, [
      windowStart,
    ])
  }
  // Allowed only when every key was counted and is within its budget.
  const allowed = keys.every((k, i) => {
    const counted = hits[i]
    return counted !== null && counted !== undefined && counted <= k.max
  })
  return { allowed, retryAfterSeconds, hits }
}

/** Counts this request against one key (an IP's hash) and says whether it may go on. */
export async function takeRateLimit(
  db: Pick<Db, "query">,
  ipHash: string,
  spam: Pick<SpamConfig, "rateLimitMax" | "rateLimitWindowSeconds">,
  nowMs = Date.now(),
): Promise<RateLimitVerdict> {
  const verdict = await takeRateLimits(db, [{ key: ipHash, max: spam.rateLimitMax }], spam, nowMs)
  const hits = verdict.hits[0] ?? 1
  if (verdict.allowed) return { allowed: true, hits }
  return { allowed: false, hits, retryAfterSeconds: verdict.retryAfterSeconds }
}
