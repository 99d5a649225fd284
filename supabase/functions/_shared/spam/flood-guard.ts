/**
 * The in-memory guard in front of the Postgres rate limit: once Postgres has said a key used up its
 * window, this process refuses the key's further requests in that window itself, before their body is
 * read and before any database work, so a flood from one address costs next to nothing and other
 * visitors do not queue behind it. It counts the same fixed windows that Postgres uses and learns from
 * Postgres's own count, which only grows within a window: for a key that sent nothing refused, it
 * refuses exactly what Postgres would refuse next, never more.
 *
 * It also counts, per key, the requests refused before Postgres counted them (a body that is not JSON,
 * that the contract refuses, that is too large…): those cost the key its budget too, so an address
 * sending only refusals is refused from memory, unparsed, once refusals and Postgres's count together
 * reach the budget. This count stays in memory (cheap; per instance).
 *
 * The map is bounded (least recently seen key evicted first), so rotating keys cannot grow memory; an
 * evicted key only means the next request asks Postgres again.
 */
import type { SpamConfig } from "../config.ts"
import { rateLimitWindow } from "./rate-limit.ts"

export const DEFAULT_FLOOD_GUARD_KEYS = 10_000

/** A key's budget: at most `rateLimitMax` requests per window of `rateLimitWindowSeconds`. */
export type Budget = Pick<SpamConfig, "rateLimitMax" | "rateLimitWindowSeconds">

export interface FloodGuard {
  /** Seconds to wait when the key has used up its current window (Postgres's count and its refusals), else null. */
  refusal(key: string, budget: Budget, nowMs: number): number | null
  /** What Postgres counted for the key in the window of `nowMs` (its `hits` after this request). */
  learn(key: string, hits: number, budget: Budget, nowMs: number): void
  /** One request of the key's that was refused before Postgres counted it. */
  refused(key: string, budget: Budget, nowMs: number): void
  /** How many keys it holds (bounded by maxKeys). */
  readonly size: number
}

interface Entry {
  windowStart: number
  /** Postgres's count, as last learned. */
  hits: number
  /** Refusals counted here in this window. */
  refused: number
}

export function createFloodGuard(maxKeys = DEFAULT_FLOOD_GUARD_KEYS): FloodGuard {
  // A Map iterates in insertion order: re-inserting on each touch keeps the least recently seen first, to evict.
  const entries = new Map<string, Entry>()
  const touch = (key: string, entry: Entry) => {
    entries.delete(key)
    entries.set(key, entry)
    for (const oldest of entries.keys()) {
      if (entries.size <= maxKeys) break
      entries.delete(oldest)
    }
  }
  /** The key's entry for the window of `nowMs`; a stale window's counts do not carry over. */
  const current = (key: string, windowStart: number): Entry => {
    const entry = entries.get(key)
    return entry?.windowStart === windowStart ? entry : { windowStart, hits: 0, refused: 0 }
  }
  return {
    refusal(key, budget, nowMs) {
      const entry = entries.get(key)
      if (entry === undefined) return null
      const window = rateLimitWindow(budget, nowMs)
      if (entry.windowStart !== window.start || entry.hits + entry.refused < budget.rateLimitMax) return null
      touch(key, entry)
      return window.retryAfterSeconds
    },
    learn(key, hits, budget, nowMs) {
      const entry = current(key, rateLimitWindow(budget, nowMs).start)
      // Answers can come back out of order: the count only grows within a window.
      touch(key, { ...entry, hits: Math.max(entry.hits, hits) })
    },
    refused(key, budget, nowMs) {
      const entry = current(key, rateLimitWindow(budget, nowMs).start)
      touch(key, { ...entry, refused: entry.refused + 1 })
    },
    get size() {
      return entries.size
    },
  }
}
