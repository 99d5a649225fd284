/**
 * The in-memory guard in front of the Postgres rate limit: once Postgres has said a key used up its
 * window, this process refuses the key's further requests in that window itself, so a flood from one
 * address costs no database write per request and other visitors do not queue behind it. It counts the
 * same fixed windows that Postgres uses and only ever learns from Postgres's own count, which only grows within
 * a window: it refuses exactly what Postgres would refuse next, never more. The map is bounded (least
 * recently seen key evicted first), so rotating keys cannot grow memory; an evicted key only means the
 * next request asks Postgres again.
 *
 * An address that keeps sending after it was refused is flooding: once it has been refused as often
 * as it was allowed (at least FLOOD_AFTER_REFUSALS times), `flooding` says so and the app refuses it
 * before reading the body. Until then a refused address still gets the replay look-up first, so a
 * browser re-sending an answered submission (a few tries, with backoff) still gets its answer.
 */
import type { SpamConfig } from "../config.ts"
import { rateLimitWindow } from "./rate-limit.ts"

export const DEFAULT_FLOOD_GUARD_KEYS = 10_000
export const FLOOD_AFTER_REFUSALS = 10

export interface FloodGuard {
  /** Seconds to wait when the key has used up its window and kept on sending (a flood), else null. */
  flooding(key: string, spam: SpamConfig, nowMs: number): number | null
  /** Seconds to wait when the key has used up its current window by Postgres's count, else null. */
  refusal(key: string, spam: SpamConfig, nowMs: number): number | null
  /** What Postgres counted for the key in the window of `nowMs` (its `hits` after this request). */
  learn(key: string, hits: number, spam: SpamConfig, nowMs: number): void
  /** How many keys it holds (bounded by maxKeys). */
  readonly size: number
}

export function createFloodGuard(maxKeys = DEFAULT_FLOOD_GUARD_KEYS): FloodGuard {
  // Only keys that used up their window are kept, with that window's start. A Map iterates in
  // insertion order: re-inserting on each touch keeps the least recently seen first, to evict.
  const spent = new Map<string, { windowStart: number; refused: number }>()
  const touch = (key: string, entry: { windowStart: number; refused: number }) => {
    spent.delete(key)
    spent.set(key, entry)
  }
  return {
    flooding(key, spam, nowMs) {
      const window = rateLimitWindow(spam, nowMs)
      const entry = spent.get(key)
      if (entry?.windowStart !== window.start || entry.refused < Math.max(spam.rateLimitMax, FLOOD_AFTER_REFUSALS))
        return null
      touch(key, entry)
      return window.retryAfterSeconds
    },
    refusal(key, spam, nowMs) {
      const window = rateLimitWindow(spam, nowMs)
      const entry = spent.get(key)
      if (entry?.windowStart !== window.start) return null
      touch(key, { windowStart: entry.windowStart, refused: entry.refused + 1 })
      return window.retryAfterSeconds
    },
    learn(key, hits, spam, nowMs) {
      if (hits < spam.rateLimitMax) return
      touch(key, { windowStart: rateLimitWindow(spam, nowMs).start, refused: Math.max(0, hits - spam.rateLimitMax) })
      for (const oldest of spent.keys()) {
        if (spent.size <= maxKeys) break
        spent.delete(oldest)
      }
    },
    get size() {
      return spent.size
    },
  }
}
