/**
 * The alert budget. 100 fake leads once made 600 SMS and 600 chat posts, and one address can cause
 * about 720 SMS an hour: each channel with a budget (notify/channels/: SMS by ALERT_SMS_PER_HOUR and
 * ALERT_SMS_PER_DAY, chat by ALERT_CHAT_PER_HOUR and ALERT_CHAT_PER_DAY) has its messages counted (per
 * minute, summed over the rolling hour and day), and past its budget a lead's message on that channel
 * is not sent: the lead joins one summary per interval ("12 more new requests, see the inbox", with one
 * "I'm on all 12" link) to the contact whose turn it was, and the office is e-mailed that the budget was
 * reached (once per channel and hour for the hourly limit, once a day for the daily one).
 * E-mail alerts are not counted: every lead is still e-mailed and in the inbox.
 */
import type { AlertBudget, BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { isBudgeted, type Budgeted } from "../notify/channel.ts"
import type { RegisteredChannel } from "../notify/registry.ts"
import type { NewJob } from "../outbox/queue.ts"
import { budgetReachedEmail } from "./messages.ts"
import type { AlertTarget } from "./subject.ts"
import { joinSummary } from "./summary-members.ts"

/** One delivery of an alert: its job, and the channel it goes by. */
export interface AlertDelivery {
  channel: RegisteredChannel
  job: NewJob
}

/** A channel's limits: messages per rolling hour and day (0: no limit). */
export interface ChannelLimits {
  perHour: number
  perDay: number
}

export type BudgetCheck = { allowed: true } | { allowed: false; window: "hour" | "day"; used: number; limit: number }

const LOCK_KEY = "alert-budget"

/**
 * Counts one message on each of `channels` at `at` where the budget has room; for the others, says which
 * window is full. One statement for all of them, in the caller's transaction under the budget's lock,
 * so two workers never both take the last one; minutes older than a day are dropped as it goes.
 */
export async function chargeBudget(
  tx: Pick<Db, "query">,
  limits: ReadonlyMap<string, ChannelLimits>,
  at: Date,
): Promise<Map<string, BudgetCheck>> {
  const checks = new Map<string, BudgetCheck>()
  const limitOf = (channel: string): ChannelLimits => limits.get(channel) ?? { perHour: 0, perDay: 0 }
  const channels = [...limits.keys()]
  const limited = channels.filter((channel) => limitOf(channel).perHour > 0 || limitOf(channel).perDay > 0)
  for (const channel of channels) if (!limited.includes(channel)) checks.set(channel, { allowed: true })
  if (limited.length === 0) return checks
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [LOCK_KEY])
  const rows = await tx.query<{ channel: string; hour: number; day: number; allowed: boolean }>(
    `with wanted as (
       select * from unnest($1::text[], $2::int[], $3::int[]) as w(channel, per_hour, per_day)
     ), spent as (
       select w.channel, w.per_hour, w.per_day,
         (select coalesce(sum(used), 0) from alert_spend s where s.channel = w.channel and s.minute > $4::timestamptz - interval '1 hour')::int as hour,
         (select coalesce(sum(used), 0) from alert_spend s where s.channel = w.channel and s.minute > $4::timestamptz - interval '24 hours')::int as day
       from wanted w
     ), charged as (
       insert into alert_spend (channel, minute, used)
       select channel, date_trunc('minute', $4::timestamptz), 1 from spent
       where (per_hour = 0 or hour < per_hour) and (per_day = 0 or day < per_day)
       on conflict (channel, minute) do update set used = alert_spend.used + 1
       returning channel
     ), purged as (
       delete from alert_spend where minute < $4::timestamptz - interval '25 hours'
     )
     select s.channel, s.hour, s.day, exists (select 1 from charged c where c.channel = s.channel) as allowed from spent s`,
    [
      `{${limited.join(",")}}`,
      `{${limited.map((c) => limitOf(c).perHour).join(",")}}`,
      `{${limited.map((c) => limitOf(c).perDay).join(",")}}`,
      at.toISOString(),
    ],
  )
  for (const { channel, hour, day, allowed } of rows) {
    const { perHour, perDay } = limitOf(channel)
    checks.set(
      channel,
      allowed
        ? { allowed: true }
        : // The day's limit first: it is the one that lasts.
          perDay > 0 && day >= perDay
          ? { allowed: false, window: "day", used: day, limit: perDay }
          : { allowed: false, window: "hour", used: hour, limit: perHour },
    )
  }
  return checks
}

/** The end of the summary interval `at` falls in: a lead that overflows at `at` is summarised then. */
export function summaryDue(at: Date, budget: AlertBudget): Date {
  const interval = budget.summaryMinutes * 60_000
  return new Date((Math.floor(at.getTime() / interval) + 1) * interval)
}

/** The summary job's key: one per channel and interval. */
export const overflowKey = (channel: string, due: Date) => `overflow:${channel}:${due.toISOString()}`

/**
 * Adds a lead to its channel's summary of this interval (made on first use, for the contact whose turn
 * it is). A summary already taken by a worker is not changed: the lead goes to the next interval's.
 */
async function joinOverflowSummary(
  tx: Pick<Db, "query">,
  channel: string,
  contact: string,
  target: AlertTarget,
  at: Date,
  budget: AlertBudget,
): Promise<void> {
  for (let due = summaryDue(at, budget); ; due = summaryDue(due, budget)) {
    const payload = { overflow: channel, contact, targets: [] }
    if (await joinSummary(tx, { key: overflowKey(channel, due), dueAt: due, payload }, target)) return
  }
}

const HOUR_MS = 3_600_000

/**
 * The deliveries of one alert (to whom, about which lead) that the budget allows: their jobs, with the
 * channels they go by (`sent`). A message past its channel's budget is dropped and its lead added to
 * the channel's summary, and the office is told by e-mail (once per channel and hour); a channel with
 * no budget (e-mail) always goes.
 */
export async function withinBudget(
  tx: Pick<Db, "query">,
  config: BackendConfig,
  { deliveries, contact, target }: { deliveries: readonly AlertDelivery[]; contact: string; target: AlertTarget },
  at: Date,
): Promise<{ jobs: NewJob[]; sent: string[]; held: string[] }> {
  const { budget } = config.alerts
  const counted = (channel: RegisteredChannel): Budgeted<RegisteredChannel> | null =>
    isBudgeted(channel) ? channel : null
  const wanted = new Map<string, ChannelLimits>()
  for (const { channel } of deliveries) {
    const budgeted = counted(channel)
    if (budgeted) wanted.set(budgeted.name, budgeted.budget.limits(config))
  }
  const checks = wanted.size > 0 ? await chargeBudget(tx, wanted, at) : new Map<string, BudgetCheck>()
  const allowed: NewJob[] = []
  const sent: string[] = []
  const held: string[] = []
  for (const { channel, job } of deliveries) {
    const budgeted = counted(channel)
    const check = budgeted ? checks.get(budgeted.name) : undefined
    if (!budgeted || !check || check.allowed) {
      allowed.push(job)
      sent.push(channel.name)
      continue
    }
    held.push(budgeted.name)
    await joinOverflowSummary(tx, budgeted.name, contact, target, at, budget)
    // Once per channel and hour for the hour's limit, once a day for the day's.
    const span = check.window === "hour" ? HOUR_MS : 24 * HOUR_MS
    const since = new Date(Math.floor(at.getTime() / span) * span)
    allowed.push({
      kind: "company_email",
      dedupeKey: `budget:${budgeted.name}:${check.window}:${since.toISOString()}`,
      payload: budgetReachedEmail(
        {
          channel: budgeted.budget.label,
          used: check.used,
          limit: check.limit,
          window: check.window,
          summaryMinutes: budget.summaryMinutes,
        },
        config.mail.companyTo,
        config.mail.from,
      ),
    })
  }
  return { jobs: allowed, sent, held }
}
