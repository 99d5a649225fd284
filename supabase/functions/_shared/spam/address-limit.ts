/**
 * The per-address limit as a request meets it. Its budgets: the address (an IPv4 address, an IPv6 /64)
 * with RATE_LIMIT_MAX, and the wider networks it belongs to, each with a multiple of that (an IPv6 /56
 * and /48 by default, DEFAULT_NETWORK_FACTORS in config.ts; an IPv4 /24 only when set). In order:
 * - before the body is read, `refusal` says from memory whether one budget is used up (flood-guard.ts);
 * - a valid body that is not a replay is counted in Postgres against all of them in one round trip
 *   (`take`, rate-limit.ts), and the guard learns the counts;
 * - a request refused before Postgres counted it (`refused`) is counted in memory, so refusals cost the
 *   sender its budget too;
 * - a re-send of an answered submission (`replayed`) does not use the budget (the browser re-sends what
 *   it kept), but has an allowance of its own in memory, REPLAY_ALLOWANCE_FACTOR times the budget: a
 *   browser re-sends a kept lead a few times with backoff, while one answered body sent in a loop would
 *   otherwise cost a parse, a validation and a look-up each time, for ever.
 * The guard is keyed by the networks themselves (process memory only, never stored); Postgres keeps
 * only their salted hashes.
 */
import type { SpamConfig } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import type { ClientAddress } from "./client-ip.ts"
import type { FloodGuard } from "./flood-guard.ts"
import { takeRateLimits, type RateLimitsVerdict } from "./rate-limit.ts"

/** Re-sends of answered submissions an address may make per window, as a multiple of its budget. */
export const REPLAY_ALLOWANCE_FACTOR = 5

/** One budget a request counts against: the address or a network it belongs to, and its most requests per window. */
export interface AddressBudget {
  key: string
  max: number
}

/** The budgets of a request from `client`, narrowest first; none when the limit is off (RATE_LIMIT_MAX=0). */
export function addressBudgets(
  client: Pick<ClientAddress, "key" | "networks">,
  spam: Pick<SpamConfig, "rateLimitMax" | "rateLimitNetworkFactors">,
): AddressBudget[] {
  if (spam.rateLimitMax === 0) return []
  const wider = client.networks.flatMap(({ prefix, key }) => {
    const factor = spam.rateLimitNetworkFactors[prefix]
    return factor > 0 ? [{ key, max: spam.rateLimitMax * factor }] : []
  })
  return [{ key: client.key, max: spam.rateLimitMax }, ...wider]
}

export interface AddressLimit {
  /** Seconds to wait when one of the budgets is used up in this window, from memory alone; else null. */
  refusal(budgets: readonly AddressBudget[], nowMs: number): number | null
  /** Counts the request in Postgres against every budget (one round trip) and learns the counts. */
  take(budgets: readonly AddressBudget[], nowMs: number): Promise<RateLimitsVerdict>
  /** Counts a request refused before `take` (its body refused, too large, not JSON…) against every budget, in memory. */
  refused(budgets: readonly AddressBudget[], nowMs: number): void
  /** Counts a re-send of an answered submission against the address's replay allowance, in memory. */
  replayed(budgets: readonly AddressBudget[], nowMs: number): void
}

export function createAddressLimit({
  db,
  spam,
  ipHashSalt,
  guard,
}: {
  db: Pick<Db, "query">
  spam: Pick<SpamConfig, "rateLimitWindowSeconds">
  ipHashSalt: string
  guard: FloodGuard
}): AddressLimit {
  const budgetOf = (max: number) => ({ rateLimitMax: max, rateLimitWindowSeconds: spam.rateLimitWindowSeconds })
  /** The address's replay allowance, kept beside its budget (the address itself, not its networks). */
  const replays = (budgets: readonly AddressBudget[]) => {
    const own = budgets[0]
    return own && { key: `replays of ${own.key}`, budget: budgetOf(own.max * REPLAY_ALLOWANCE_FACTOR) }
  }
  return {
    refusal(budgets, nowMs) {
      for (const { key, max } of budgets) {
        const wait = guard.refusal(key, budgetOf(max), nowMs)
        if (wait !== null) return wait
      }
      const allowance = replays(budgets)
      return allowance ? guard.refusal(allowance.key, allowance.budget, nowMs) : null
    },
    async take(budgets, nowMs) {
      // The same hash as the lead's ip_hash for the address itself (`${salt}:${key}`).
      const keys = budgets.map(({ key, max }) => ({ key: sha256Hex(`${ipHashSalt}:${key}`), max }))
      const verdict = await takeRateLimits(db, keys, spam, nowMs)
      budgets.forEach(({ key, max }, i) => {
        const hits = verdict.hits[i]
        if (hits !== null && hits !== undefined) guard.learn(key, hits, budgetOf(max), nowMs)
      })
      return verdict
    },
    refused(budgets, nowMs) {
      for (const { key, max } of budgets) guard.refused(key, budgetOf(max), nowMs)
    },
    replayed(budgets, nowMs) {
      const allowance = replays(budgets)
      if (allowance) guard.refused(allowance.key, allowance.budget, nowMs)
    },
  }
}
