/**
 * When the pipeline check cannot run at all (the database is down, or fails or hangs on the check's
 * first statements), nothing the check keeps (its row, the outbox, the local pages) can carry the news:
 * the check tells the office at once, straight through the providers that need no database (the e-mail
 * API, the chat webhook, Twilio), and answers that it failed. Those notices are bounded in memory, per
 * instance: OUTAGE_NOTICES_PER_HOUR in any rolling hour, so a check called in a loop while the database
 * is down (a cron retrying, a monitor) cannot multiply texts and e-mails; past it the answer still says
 * the check failed, and why the office was not told again.
 */
import type { BackendConfig } from "../config.ts"

/** Outage notices per rolling hour and instance: the first tells, the next few say it is still down. */
export const OUTAGE_NOTICES_PER_HOUR = 3

const HOUR_MS = 3_600_000

export interface NoticeBudget {
  /** Takes one notice at `nowMs` if the rolling hour has room; else says when the next one may go. */
  take(nowMs: number): { allowed: true } | { allowed: false; sent: number; nextAt: Date }
}

export function createNoticeBudget(perHour = OUTAGE_NOTICES_PER_HOUR): NoticeBudget {
  const sent: number[] = []
  return {
    take(nowMs) {
      while (sent.length > 0 && (sent[0] ?? 0) <= nowMs - HOUR_MS) sent.shift()
      if (sent.length < perHour) {
        sent.push(nowMs)
        return { allowed: true }
      }
      return { allowed: false, sent: sent.length, nextAt: new Date((sent[0] ?? nowMs) + HOUR_MS) }
    },
  }
}

/** This process's budget for outage notices, for a check run without one of its own (the daily job's). */
export const OUTAGE_NOTICES = createNoticeBudget()

/** The settings with the channels that need the database (the local mailbox and alerts page) turned off. */
export const withoutDatabaseChannels = (config: BackendConfig): BackendConfig => ({
  ...config,
  mail: { ...config.mail, localMailbox: false },
  alerts: { ...config.alerts, local: false },
})

/** What an error says about the database, on one line and short (a driver's words: class, code, message). */
export function databaseErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200)
  const code = "code" in error && typeof error.code === "string" ? ` ${error.code}` : ""
  return `${error.name}${code}: ${error.message}`.replace(/\s+/g, " ").slice(0, 200)
}
