/**
 * The alert budget. 100 fake leads once made 600 SMS and 600 chat posts, and one address can cause
 * about 720 SMS an hour: SMS and chat messages are counted per channel (per minute, summed over the
 * rolling hour and day), and past a channel's budget (ALERT_SMS_PER_HOUR, ALERT_SMS_PER_DAY,
 * ALERT_CHAT_PER_HOUR, ALERT_CHAT_PER_DAY) a lead's message on that channel is not sent: the lead joins
 * one summary per interval ("12 more new requests, see the inbox", with one "I'm on all 12" link) to
 * the contact whose turn it was, and the office is e-mailed that the budget was reached (once per
 * channel and hour for the hourly limit, once a day for the daily one).
 * E-mail alerts are not counted: every lead is still e-mailed and in the inbox.
 */
import type { AlertBudget, BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { NewJob } from "../outbox/queue.ts"
import { budgetReachedEmail, type AlertChannel, type BudgetChannel } from "./messages.ts"
import type { AlertTarget } from "./subject.ts"
import { joinSummary } from "./summary-members.ts"

/** One delivery of an alert: its job, and the channel it goes by. */
export interface AlertDelivery {
  channel: AlertChannel
  job: NewJob
}

export const isBudgetChannel = (value: unknown): value is BudgetChannel => value === "sms" || value === "chat"

export type BudgetCheck = { allowed: true } | { allowed: false; window: "hour" | "day"; used: number; limit: number }

const LOCK_KEY = "alert-budget"

/**
 * Counts one message on each of `channels` at `at` where the budget has room; for the others, says which
 * window is full. One statement for all of them, in the caller's transaction under the budget's lock,
 * so two workers never both take the last one; minutes older than a day are dropped as it goes.
 */
export async function chargeBudget(
  tx: Pick<Db, "query">,
  channels: readonly BudgetChannel[],
  at: Date,
  budget: AlertBudget,
): Promise<Map<BudgetChannel, BudgetCheck>> {
  const checks = new Map<BudgetChannel, BudgetCheck>()
  const limited = channels.filter((channel) => budget[channel].perHour > 0 || budget[channel].perDay > 0)
  for (const channel of channels) if (!limited.includes(channel)) checks.set(channel, { allowed: true })
  if (limited.length === 0) return checks
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [LOCK_KEY])
  const rows = await tx.query<{ channel: BudgetChannel; hour: number; day: number; allowed: boolean }>(
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
      `{${limited.map((c) => budget[c].perHour).join(",")}}`,
      `{${limited.map((c) => budget[c].perDay).join(",")}}`,
      at.toISOString(),
    ],
  )
  for (const { channel, hour, day, allowed } of rows) {
    const { perHour, perDay } = budget[channel]
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
export const overflowKey = (channel: BudgetChannel, due: Date) => `overflow:${channel}:${due.toISOString()}`

/**
 * Adds a lead to its channel's summary of this interval (made on first use, for the contact whose turn
 * it is). A summary already taken by a worker is not changed: the lead goes to the next interval's.
 */
async function joinOverflowSummary(
  tx: Pick<Db, "query">,
  channel: BudgetChannel,
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
 * channels they go by (`sent`). An SMS or chat message past its channel's budget is dropped and its lead
 * added to the channel's summary, and the office is told by e-mail (once per channel and hour); e-mail
 * alerts always go.
 */
export async function withinBudget(
  tx: Pick<Db, "query">,
  config: BackendConfig,
  { deliveries, contact, target }: { deliveries: readonly AlertDelivery[]; contact: string; target: AlertTarget },
  at: Date,
): Promise<{ jobs: NewJob[]; sent: AlertChannel[]; held: BudgetChannel[] }> {
  const { budget } = config.alerts
  const counted = (channel: AlertChannel): BudgetChannel | null => (isBudgetChannel(channel) ? channel : null)
  const wanted = [...new Set(deliveries.flatMap(({ channel }) => counted(channel) ?? []))]
  const checks = wanted.length > 0 ? await chargeBudget(tx, wanted, at, budget) : new Map<BudgetChannel, BudgetCheck>()
  const allowed: NewJob[] = []
  const sent: AlertChannel[] = []
  const held: BudgetChannel[] = []
  for (const { channel, job } of deliveries) {
    const budgeted = counted(channel)
    const check = budgeted ? checks.get(budgeted) : undefined
    if (!budgeted || !check || check.allowed) {
      allowed.push(job)
      sent.push(channel)
      continue
    }
    held.push(budgeted)
    await joinOverflowSummary(tx, budgeted, contact, target, at, budget)
    // Once per channel and hour for the hour's limit, once a day for the day's.
    const span = check.window === "hour" ? HOUR_MS : 24 * HOUR_MS
    const since = new Date(Math.floor(at.getTime() / span) * span)
    allowed.push({
      kind: "company_email",
      dedupeKey: `budget:${budgeted}:${check.window}:${since.toISOString()}`,
      payload: budgetReachedEmail(
        {
          channel: budgeted,
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
