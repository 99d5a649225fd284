/**
 * The in-memory guard in front of the Postgres rate limit: once Postgres has said a key used up its
 * window, this process refuses the key's further requests in that window itself, so a flood from one
 * address costs no database write per request and other visitors do not queue behind it. It counts the
 * same fixed windows as Postgres and only ever learns from Postgres's own count, which only grows within
 * a window: it refuses exactly what Postgres would refuse next, never more. The map is bounded (least
 * recently seen key evicted first), so rotating keys cannot grow memory; an evicted key only means the
 * next request asks Postgres again.
 */
import type { SpamConfig } from "../config.ts"
import { rateLimitWindow } from "./rate-limit.ts"

export const DEFAULT_FLOOD_GUARD_KEYS = 10_000

export interface FloodGuard {
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
  const spent = new Map<string, number>()
  return {
    refusal(key, spam, nowMs) {
      const window = rateLimitWindow(spam, nowMs)
      if (spent.get(key) !== window.start) return null
      spent.delete(key)
      spent.set(key, window.start)
      return window.retryAfterSeconds
    },
    learn(key, hits, spam, nowMs) {
      if (hits < spam.rateLimitMax) return
      spent.delete(key)
      spent.set(key, rateLimitWindow(spam, nowMs).start)
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
