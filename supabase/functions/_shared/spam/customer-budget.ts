/**
 * The visitors' confirmations and reminders (customer_sms and customer_email jobs) under a budget of
 * their own, so nobody outside can run up the bill: per rolling-hour window (fixed windows, as the rate
 * limit's), a channel's messages are counted, narrowest first,
 * - to one number or e-mail address (perRecipient: nobody is texted or mailed in a loop),
 * - from one client address and its wider networks (perAddress, and an IPv6 /56 and /48 a multiple of
 *   it: one sender, however many addresses it rotates through, gets only its share),
 * - and in all (overall: what a day can cost at most, whoever sends).
 * A wider key is counted only while the narrower ones are within theirs (as in rate-limit.ts), so one
 * sender past its own budget uses nothing of its neighbours' or of everyone's. A message past any of
 * them is not queued: the request is still stored and the office alerted as usual, and the lead
 * carries a `customer_message_held` flag saying which message and which budget, which its notice shows.
 * Reminders and the office's confirmations of a visit are counted per recipient and overall (no
 * client: the office sent them). A message already queued (a wizard's later call) is not counted
 * again, and one held is held for the whole submission (so the notice stays true).
 * Keys are salted hashes; each message costs one statement in the request's transaction.
 */
import type { BackendConfig, CustomerChannelBudget } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import type { LeadFlag } from "../intake/lead-flags.ts"
import type { NewJob } from "../outbox/queue.ts"
import type { ClientAddress } from "./client-ip.ts"

export type CustomerChannel = "sms" | "email"

const CHANNEL_OF: Partial<Record<NewJob["kind"], CustomerChannel>> = { customer_sms: "sms", customer_email: "email" }

/** Which budget held a message back, in the flag's words. */
type Scope = "recipient" | "address" | "network" | "overall"

interface BudgetKey {
  scope: Scope
  key: string
  max: number
}

/** The keys one message counts against, narrowest first; none limited when every budget is 0. */
function keysOf(
  channel: CustomerChannel,
  to: string,
  client: Pick<ClientAddress, "key" | "networks"> | null,
  config: Pick<BackendConfig["spam"], "customerBudget">,
): BudgetKey[] {
  const { networkFactors } = config.customerBudget
  const budget: CustomerChannelBudget = config.customerBudget[channel]
  const keys: BudgetKey[] = [{ scope: "recipient", key: `to ${to.trim().toLowerCase()}`, max: budget.perRecipient }]
  if (client) {
    keys.push({ scope: "address", key: `from ${client.key}`, max: budget.perAddress })
    for (const { prefix, key } of client.networks) {
      const factor = networkFactors[prefix]
      if (factor > 0) keys.push({ scope: "network", key: `from ${key}`, max: budget.perAddress * factor })
    }
  }
  keys.push({ scope: "overall", key: "everyone", max: budget.overall })
  // A budget of 0 is off: the key is not counted at all.
  return keys.filter((k) => k.max > 0).map((k) => ({ ...k, key: `customer ${channel} ${k.key}` }))
}

const statements = new Map<number, string>()

/**
 * Counts one message against `count` keys in one statement ($1 the window's start in ms, $2… the key
 * hashes, then the budgets of all but the last): each key is counted only while the narrower one is
 * within its budget.
 */
function cascade(count: number): string {
  const known = statements.get(count)
  if (known) return known
  const window = `to_timestamp($1::double precision / 1000)`
  const max = (i: number) => `$${count + 2 + i}::int`
  const upsert = (source: string) =>
    `insert into customer_message_counts (key_hash, window_start, sent) ${source}
       on conflict (key_hash, window_start) do update set sent = customer_message_counts.sent + 1 returning sent`
  const steps = Array.from({ length: count }, (_, i) =>
    i === 0
      ? `k0 as (${upsert(`values ($2, ${window}, 1)`)})`
      : `k${i} as (${upsert(`select $${i + 2}::text, ${window}, 1 from k${i - 1} where k${i - 1}.sent <= ${max(i - 1)}`)})`,
  )
  const text = `with ${steps.join(", ")} select ${steps.map((_, i) => `(select sent from k${i}) as s${i}`).join(", ")}`
  statements.set(count, text)
  return text
}

/** The latest window this process pruned ended windows for. */
let prunedThrough = 0

export interface BudgetVerdict {
  /** The jobs to queue: every job but the customer messages held back. */
  jobs: NewJob[]
  /** One per message held back, for the lead (its notice shows them). */
  flags: LeadFlag[]
}

/** The flag of a message held back by `scope`'s budget. */
const heldFlag = (kind: NewJob["kind"], scope: Scope): LeadFlag => ({
  code: "customer_message_held",
  detail: `${kind}: past the budget per ${scope} and hour`,
})

/**
 * Counts the customer messages among `jobs` against their budgets at `at`; the others pass untouched.
 * `client`: the request's address (null for what the office or the worker sends); `held`: the flags the
 * lead already carries (a message held back once stays held for its submission).
 */
export async function withinCustomerBudget(
  tx: Pick<Db, "query">,
  jobs: readonly NewJob[],
  {
    client,
    config,
    at,
    held = [],
  }: {
    client: Pick<ClientAddress, "key" | "networks"> | null
    config: Pick<BackendConfig, "spam" | "ipHashSalt">
    at: Date
    held?: readonly LeadFlag[]
  },
): Promise<BudgetVerdict> {
  const customer = jobs.filter((job) => CHANNEL_OF[job.kind] !== undefined)
  if (customer.length === 0) return { jobs: [...jobs], flags: [] }
  const queued = new Set(
    (
      await tx.query<{ dedupe_key: string }>(
        // An array, not an IN over a set-returning function: the planner took that for 100 keys and scanned the
        // whole table (1.5 ms a lead with 20,000 jobs on PGlite); = any(array) looks each key up in the unique index.
        `select dedupe_key from outbox_jobs where dedupe_key = any(array(select jsonb_array_elements_text($1::text::jsonb)))`,
        [JSON.stringify(customer.map((job) => job.dedupeKey))],
      )
    ).map((row) => row.dedupe_key),
  )
  const windowMs = config.spam.customerBudget.windowSeconds * 1000
  const windowStart = Math.floor(at.getTime() / windowMs) * windowMs
  const flags: LeadFlag[] = []
  const kept: NewJob[] = []
  for (const job of jobs) {
    const channel = CHANNEL_OF[job.kind]
    const to = typeof job.payload.to === "string" ? job.payload.to : ""
    if (channel === undefined || queued.has(job.dedupeKey)) {
      kept.push(job)
      continue
    }
    // Held at an earlier call of the submission: its flag already says so.
    if (held.some((flag) => flag.code === "customer_message_held" && flag.detail.startsWith(`${job.kind}:`))) continue
    const keys = keysOf(channel, to, client, config.spam)
    if (keys.length === 0) {
      kept.push(job)
      continue
    }
    const [row] = await tx.query<Record<string, number | null>>(cascade(keys.length), [
      windowStart,
      ...keys.map((k) => sha256Hex(`${config.ipHashSalt}:${k.key}`)),
      // The budgets of all but the last: each is the condition for counting the next.
      ...keys.slice(0, -1).map((k) => k.max),
    ])
    const over = keys.find((k, i) => {
      const sent = row?.[`s${i}`]
      return sent === null || sent === undefined || sent > k.max
    })
    if (over) flags.push(heldFlag(job.kind, over.scope))
    else kept.push(job)
  }
  // The first count of each window (per process) clears the windows that have ended.
  if (windowStart > prunedThrough) {
    prunedThrough = windowStart
    await tx.query(
      `delete from customer_message_counts where window_start < to_timestamp($1::double precision / 1000)`,
      [windowStart],
    )
  }
  return { jobs: kept, flags }
}
