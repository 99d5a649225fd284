/**
 * Spam the office can act on. Every submission filed as spam (honeypot, fill time) is kept for 30
 * days; once a day at opening time the office is e-mailed a digest of the new ones with the reason,
 * each with a signed "Not spam" link that releases it into the normal pipeline (the lead stored,
 * e-mails, CRM, alert) exactly once. Older records are purged by the same daily job.
 */
import { nextOpeningAfter } from "../business-hours.ts"
import type { BackendConfig } from "../config.ts"
import { simpleLeadKind } from "../contract.ts"
import type { Db } from "../db.ts"
import { enqueueJobs, type DeliveryDeps, type OutboxJob } from "../outbox.ts"
import type { SpamAttemptRow } from "../rows.ts"
import { COMPANY, LEAD_MESSAGES } from "../site-data.generated.ts"
import { spamDigestEmail, type SpamEntry } from "./messages.ts"
import { oneLine } from "./subject.ts"
import { signLink } from "./signed-link.ts"

export const SPAM_KEPT_DAYS = 30
const DAY_MS = 24 * 3_600_000

/** The first opening time after `at` (a week on if the data had no hours). */
const digestTime = (at: Date) =>
  nextOpeningAfter(COMPANY.hours, at, COMPANY.timeZone) ?? new Date(at.getTime() + 7 * DAY_MS)

/** Makes sure a digest is due at the next opening time (one job per opening). */
export async function scheduleSpamDigest(tx: Pick<Db, "query">, at: Date): Promise<void> {
  const due = digestTime(at)
  await enqueueJobs(
    tx,
    [
      {
        kind: "spam_digest",
        dedupeKey: `spam-digest:${due.toISOString()}`,
        payload: { due: due.toISOString() },
        dueAt: due,
      },
    ],
    at,
  )
}

type ReviewRow = Pick<SpamAttemptRow, "id" | "function_name" | "reason" | "body" | "calls" | "created_at">

const KIND_LABELS = LEAD_MESSAGES.companyEmail.kindLabels

const textOf = (body: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) {
    const value = body[key]
    if (typeof value === "string" && value) return value
  }
  return ""
}

/** Who sent it and through which form, as the office reads it. */
export function describeSpam(row: Pick<SpamAttemptRow, "function_name" | "body">) {
  const body = row.body
  const kind =
    row.function_name === "process-contact"
      ? KIND_LABELS.contact
      : row.function_name === "process-simple-lead"
        ? KIND_LABELS[simpleLeadKind(body)]
        : KIND_LABELS.estimate
  return {
    kindLabel: kind,
    name: oneLine(textOf(body, "name", "fullName", "full_name") || "(no name)", 60),
    phone: oneLine(textOf(body, "phone"), 40),
  }
}

export function releaseUrl(config: BackendConfig, row: Pick<SpamAttemptRow, "id" | "created_at">): string {
  const token = signLink(config.alerts.linkSecret, {
    purpose: "release",
    record: "spam",
    id: row.id,
    to: "office",
    // Valid as long as the record is kept.
    expires: Math.floor((row.created_at.getTime() + SPAM_KEPT_DAYS * DAY_MS) / 1000),
  })
  return `${config.alerts.siteUrl}/office/release/#t=${token}`
}

/** The daily job: purge what is older than 30 days, e-mail the office the new ones, and come back tomorrow while any are kept. */
export async function runSpamDigest(job: OutboxJob, { db, config, clock }: DeliveryDeps): Promise<string> {
  const at = clock?.() ?? new Date()
  const cutoff = new Date(at.getTime() - SPAM_KEPT_DAYS * DAY_MS).toISOString()
  return db.transaction(async (tx) => {
    const purged = await tx.query<{ id: string }>(`delete from spam_attempts where created_at < $1 returning id`, [
      cutoff,
    ])
    const rows = await tx.query<ReviewRow>(
      `select id, function_name, reason, body, calls, created_at from spam_attempts
       where digested_at is null and released_at is null order by created_at limit 500`,
    )
    const kept = await tx.query<{ n: number }>(`select count(*)::int as n from spam_attempts where released_at is null`)
    if ((kept[0]?.n ?? 0) > 0) await scheduleSpamDigest(tx, at)
    if (rows.length === 0) return `Nothing new filed as spam; ${purged.length} purged`
    const entries: SpamEntry[] = rows.map((row) => ({
      id: row.id,
      ...describeSpam(row),
      reason: row.reason,
      receivedAt: row.created_at,
      releaseUrl: releaseUrl(config, row),
    }))
    await enqueueJobs(
      tx,
      [
        {
          kind: "company_email",
          dedupeKey: `spam-digest:${job.id}:email`,
          payload: spamDigestEmail(entries, config.mail.companyTo, config.mail.from),
        },
      ],
      at,
    )
    await tx.query(`update spam_attempts set digested_at = $2 where id = any($1::uuid[])`, [
      `{${rows.map((r) => r.id).join(",")}}`,
      at.toISOString(),
    ])
    return `Digest of ${rows.length} sent to ${config.mail.companyTo}; ${purged.length} purged`
  })
}
