/**
 * A per-address limit kept in memory alone, for a read-only function whose every call is cheap to
 * answer but billed (the public calendar, arrival-windows): each call is counted against the address
 * and its wider networks (the budgets of address-limit.ts, narrowest first) in the process's flood
 * guard, and a call past one of them is refused at once, with the seconds until its window ends. No
 * database round trip: a flood costs the count, not a query. A wider network is counted only while
 * the narrower ones are within theirs, as in Postgres (rate-limit.ts): one address past its own limit
 * uses none of its neighbours' budget. Per instance, as the guard is; bounded in memory by the guard.
 */
import type { SpamConfig } from "../config.ts"
import type { AddressBudget } from "./address-limit.ts"
import { createFloodGuard, type FloodGuard } from "./flood-guard.ts"

export interface MemoryLimit {
  /** Counts one call against `budgets`; null when it may be answered, else the seconds to wait. */
  take(budgets: readonly AddressBudget[], nowMs: number): number | null
}

export function createMemoryLimit(
  spam: Pick<SpamConfig, "rateLimitWindowSeconds">,
  guard: FloodGuard = createFloodGuard(),
): MemoryLimit {
  const budgetOf = (max: number) => ({ rateLimitMax: max, rateLimitWindowSeconds: spam.rateLimitWindowSeconds })
  return {
    take(budgets, nowMs) {
      for (const { key, max } of budgets) {
        const wait = guard.refusal(key, budgetOf(max), nowMs)
        if (wait !== null) return wait
        guard.refused(key, budgetOf(max), nowMs)
      }
      return null
    },
  }
}
