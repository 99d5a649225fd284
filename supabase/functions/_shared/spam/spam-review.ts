/**
 * Spam the office can act on. Once a day at opening time the office is e-mailed a digest of what was
 * filed as spam and not shown yet (spam-digest.ts): the records most likely to be a real customer first,
 * each with a signed "Not spam" link that releases it into the normal pipeline (the lead stored,
 * e-mails, CRM, alert) exactly once; a flood from one address on one line; what did not fit, counted,
 * for the next digest. A record counts as shown when the e-mail listing it is delivered (the outbox
 * calls `markSpamShown`), so a digest that dies is listed again by the next one; it is purged 30 days
 * after it was shown or released, and never before. What one address can store is bounded by
 * spam-store.ts.
 */
import { nextOpeningAfter } from "../kernel/business-hours.ts"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { DeliveryDeps, OutboxJob } from "../outbox/job.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import type { SpamAttemptRow, SpamDailyCountRow } from "../rows.ts"
import { labelOf } from "../kernel/contract.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import {
  DIGEST_MAX_ENTRIES,
  DIGEST_MAX_FLOODS,
  REAL_LOOKING_FIRST,
  spamDigest,
  type SpamDigestInput,
  type SpamEntry,
  type SpamFlood,
  type SpamShown,
} from "./spam-digest.ts"
import { oneLine } from "../alerts/subject.ts"
import { releaseUrl } from "../office-links/signed-link.ts"
import { isOfficeOpen } from "../alerts/office-hours.ts"

/** Records of one address with one reason, not shown yet, that make a flood: one line instead of one each. */
export const FLOOD_MIN_RECORDS = 5
const DAY_MS = 24 * 3_600_000
/** What the office reads for a record that gave no name. */
const NO_NAME = LEAD_MESSAGES.officeAlerts.noName

/** Days a spam record is kept after the office was shown it (or released it): its "Not spam" link lasts as long. */
export const SPAM_KEPT_DAYS = 30

/** When a "Not spam" link in a digest made at `at` expires: while its record can be kept, 30 days after the digest is delivered, with a margin. */
export const releaseExpiry = (at: Date) => new Date(at.getTime() + (SPAM_KEPT_DAYS + 2) * DAY_MS)

/** The first opening time after `at`, closed dates skipped (a week on if the data had no hours). */
const digestTime = (at: Date) => nextOpeningAfter(COMPANY, at) ?? new Date(at.getTime() + 7 * DAY_MS)

/** In business hours, what was filed comes to the office in batches this far apart at most. */
export const SPAM_REVIEW_MINUTES = 15
const REVIEW_MS = SPAM_REVIEW_MINUTES * 60_000

/** The end of the 15-minute batch `at` falls in. */
const reviewTime = (at: Date) => new Date((Math.floor(at.getTime() / REVIEW_MS) + 1) * REVIEW_MS)

/**
 * Makes sure a digest is due at the next opening time (one job per opening: the daily safety net), and, while
 * the office is open, a review of this 15 minutes' records at the batch's end (one job per batch), so a real
 * customer filed by mistake (a form filled by autofill in a second) is seen while the promise still holds.
 */
export async function scheduleSpamDigest(tx: Pick<Db, "query">, at: Date, { batch = true } = {}): Promise<void> {
  const due = digestTime(at)
  const review = reviewTime(at)
  await enqueueJobs(
    tx,
    [
      {
        kind: "spam_digest",
        dedupeKey: `spam-digest:${due.toISOString()}`,
        payload: { due: due.toISOString() },
        dueAt: due,
      },
      ...(batch && isOfficeOpen(at)
        ? [
            {
              kind: "spam_digest" as const,
              dedupeKey: `spam-review:${review.toISOString()}`,
              payload: { due: review.toISOString(), review: true },
              dueAt: review,
            },
          ]
        : []),
    ],
    at,
  )
}

type ReviewRow = Pick<SpamAttemptRow, "id" | "function_name" | "reason" | "body" | "created_at">

const textOf = (body: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) {
    const value = body[key]
    if (typeof value === "string" && value) return value
  }
  return ""
}

/** A list in a body (the wizard's pests), as text. */
const listOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").join(", ") : ""

/** Who sent it and through which form, as the office reads it. */
export function describeSpam(row: Pick<SpamAttemptRow, "function_name" | "body">) {
  const body = row.body
  return {
    kindLabel: labelOf(row.function_name, body),
    name: oneLine(textOf(body, "name", "fullName", "full_name") || NO_NAME, 60),
    phone: oneLine(textOf(body, "phone"), 40),
    email: oneLine(textOf(body, "email"), 120),
    // The offer, or the wizard's plan and pests (its later calls carry them; the first one too).
    request: oneLine(
      textOf(body, "specialOffer", "special_offer") ||
        [textOf(body, "servicePlan", "service_plan"), listOf(body.pests)].filter(Boolean).join(": "),
      160,
    ),
  }
}

/** How much of the visitor's message an entry shows: enough to tell a customer from a bot. */
const SPAM_MESSAGE_MAX = 300

/** Not shown to the office yet, nor released, and filed by the digest's time (the parameter `$1`). */
const unseen = (alias = "") =>
  `${alias}digested_at is null and ${alias}released_at is null and ${alias}created_at <= $1::timestamptz`
/** The reason's place in REAL_LOOKING_FIRST (the list is the parameter `$n`), unknown reasons last. */
const rank = (column: string, n: number) => `coalesce(array_position($${n}::text[], ${column}), 99)`
const RANKING = `{${REAL_LOOKING_FIRST.join(",")}}`

/**
 * The records listed one by one: those not in a flood, most real-looking first: by reason, a message or
 * the wizard's later calls before an empty one, a lone address before a busy one, then oldest first.
 */
const ENTRIES = `
  with unseen as (
    select id, function_name, reason, body, calls, created_at, coalesce(ip_hash, '') as ip_key,
      count(*) over (partition by coalesce(ip_hash, ''), reason) as in_bucket,
      count(*) over (partition by coalesce(ip_hash, '')) as from_address
    from spam_attempts where ${unseen()}
  )
  select id, function_name, reason, body, created_at from unseen u
  where in_bucket < $2 and not exists (
    select 1 from spam_daily_counts c where c.ip_key = u.ip_key and c.reason = u.reason and c.counted > c.shown_counted)
  order by ${rank("reason", 3)},
    (coalesce(nullif(body->>'message', ''), nullif(body->>'notes', '')) is not null or calls <> '{}'::jsonb) desc,
    from_address, created_at, id
  limit $4`

/**
 * The floods: per address and reason, the records not shown yet (at least FLOOD_MIN_RECORDS) and the calls
 * only counted, most real-looking reason first, then the smallest.
 */
const FLOODS = `
  with unseen as (
    select coalesce(ip_hash, '') as ip_key, reason, count(*)::int as records, min(created_at) as first_at,
      max(created_at) as last_at
    from spam_attempts where ${unseen()} group by 1, 2
  ), counted as (
    select ip_key, reason, sum(counted - shown_counted)::int as counted, min(first_at) as first_at,
      max(last_at) as last_at, jsonb_agg(jsonb_build_object('day', day, 'counted', counted)) as days
    from spam_daily_counts where counted > shown_counted group by 1, 2
  ), floods as (
    select ip_key, reason, coalesce(u.records, 0) as records, coalesce(c.counted, 0) as counted,
      least(u.first_at, c.first_at) as first_at, greatest(u.last_at, c.last_at) as last_at,
      coalesce(c.days, '[]'::jsonb) as days
    from unseen u full join counted c using (ip_key, reason)
    where coalesce(u.records, 0) >= $2 or coalesce(c.counted, 0) > 0
  )
  select f.*, (
    select coalesce(jsonb_agg(x.name), '[]'::jsonb) from (
      select distinct left(coalesce(s.body->>'name', s.body->>'fullName', s.body->>'full_name', ''), 60) as name
      from spam_attempts s
      where coalesce(s.ip_hash, '') = f.ip_key and s.reason = f.reason and ${unseen("s.")}
      limit 3) x
  ) as names
  from floods f
  order by ${rank("f.reason", 3)}, f.records + f.counted, f.first_at, f.ip_key
  limit $4`

/** Everything not shown yet, by reason. */
const PENDING = `
  select reason, sum(n)::int as n from (
    select reason, count(*) as n from spam_attempts where ${unseen()} group by reason
    union all
    select reason, sum(counted - shown_counted) as n from spam_daily_counts where counted > shown_counted group by reason
  ) t group by reason`

/** One flood: a bucket of spam_daily_counts' key, its records and counts summed over its days. */
interface FloodRow extends Pick<SpamDailyCountRow, "ip_key" | "reason" | "records" | "counted"> {
  first_at: Date
  last_at: Date
  days: Array<{ day: string; counted: number }>
  names: string[]
}

async function digestInput(tx: Pick<Db, "query">, config: BackendConfig, at: Date): Promise<SpamDigestInput> {
  const when = at.toISOString()
  const entryRows = await tx.query<ReviewRow>(ENTRIES, [when, FLOOD_MIN_RECORDS, RANKING, DIGEST_MAX_ENTRIES])
  const floodRows = await tx.query<FloodRow>(FLOODS, [when, FLOOD_MIN_RECORDS, RANKING, DIGEST_MAX_FLOODS])
  const pending = await tx.query<{ reason: string; n: number }>(PENDING, [when])
  const entries: SpamEntry[] = entryRows.map((row) => ({
    id: row.id,
    ...describeSpam(row),
    snippet: oneLine(textOf(row.body, "message", "notes"), SPAM_MESSAGE_MAX),
    reason: row.reason,
    receivedAt: row.created_at,
    releaseUrl: releaseUrl(config, row.id, releaseExpiry(at)),
  }))
  const floods: SpamFlood[] = floodRows.map((row) => ({
    ipKey: row.ip_key,
    reason: row.reason,
    records: row.records,
    counted: row.counted,
    from: row.first_at,
    to: row.last_at,
    names: row.names.map((name) => oneLine(name || NO_NAME, 40)),
    days: row.days,
  }))
  return { entries, floods, pending: Object.fromEntries(pending.map((p) => [p.reason, p.n])), at }
}

/** Purges what was shown (or released) more than 30 days ago, and the daily counts with nothing left to report. */
async function purge(tx: Pick<Db, "query">, at: Date): Promise<number> {
  const cutoff = new Date(at.getTime() - SPAM_KEPT_DAYS * DAY_MS).toISOString()
  const [purged] = await tx.query<{ n: number }>(
    `with gone as (delete from spam_attempts where least(digested_at, released_at) < $1::timestamptz returning 1)
     select count(*)::int as n from gone`,
    [cutoff],
  )
  // A day's counts are the address's budget until the day is over, then only what a digest has yet to report.
  await tx.query(`delete from spam_daily_counts where day < $1::date and counted <= shown_counted`, [
    new Date(at.getTime() - 2 * DAY_MS).toISOString().slice(0, 10),
  ])
  return purged?.n ?? 0
}

/**
 * The daily job: purge what was shown 30 days ago, queue the digest of what is not shown yet (its
 * payload says what it shows: `markSpamShown` marks them when it is delivered), and come back
 * tomorrow while anything is kept.
 */
export async function runSpamDigest(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  if (job.payload.review === true) return runSpamReview(job, deps)
  const { db, config, clock } = deps
  const at = clock?.() ?? new Date()
  return db.transaction(async (tx) => {
    const purged = await purge(tx, at)
    const [kept] = await tx.query<{ any: boolean }>(
      `select exists (select 1 from spam_attempts) or exists (select 1 from spam_daily_counts) as any`,
    )
    // Tomorrow's digest; a review batch comes only with a new record.
    if (kept?.any) await scheduleSpamDigest(tx, at, { batch: false })
    const digest = spamDigest(await digestInput(tx, config, at), config.mail.companyTo, config.mail.from)
    if (!digest) return `Nothing new filed as spam; ${purged} purged`
    const spamShown: SpamShown = digest.shown
    await enqueueJobs(
      tx,
      [{ kind: "company_email", dedupeKey: `spam-digest:${job.id}:email`, payload: { ...digest.email, spamShown } }],
      at,
    )
    return `Digest of ${digest.entries} record(s) and ${digest.floods} flood(s) queued for ${config.mail.companyTo}, ${digest.more} left for the next one; ${purged} purged`
  })
}

/**
 * A business-hours batch: the records filed in the last minutes that look like people (a flood's records wait
 * for the daily digest's one line), each with its "Not spam" button; nothing is sent when there are none.
 */
async function runSpamReview(job: OutboxJob, { db, config, clock }: DeliveryDeps): Promise<string> {
  const at = clock?.() ?? new Date()
  const due = typeof job.payload.due === "string" ? Date.parse(job.payload.due) : at.getTime()
  // A batch run long after its time (the worker was down) leaves its records to the next digest, which lists them all.
  if (at.getTime() - due > REVIEW_MS || !isOfficeOpen(at))
    return "Past its time: the next digest lists what it would have"
  return db.transaction(async (tx) => {
    const input = await digestInput(tx, config, at)
    if (input.entries.length === 0) return "Nothing filed as spam to review now (floods wait for the daily digest)"
    const pending = input.entries.reduce<Record<string, number>>(
      (counts, e) => ({ ...counts, [e.reason]: (counts[e.reason] ?? 0) + 1 }),
      {},
    )
    const digest = spamDigest(
      { ...input, floods: [], pending },
      config.mail.companyTo,
      config.mail.from,
      undefined,
      LEAD_MESSAGES.officeAlerts.spamReviewSubject,
    )
    if (!digest) return "Nothing filed as spam to review now"
    const spamShown: SpamShown = digest.shown
    await enqueueJobs(
      tx,
      [{ kind: "company_email", dedupeKey: `spam-review:${job.id}:email`, payload: { ...digest.email, spamShown } }],
      at,
    )
    return `Review of ${digest.entries} record(s) queued for ${config.mail.companyTo}`
  })
}

const isText = (value: unknown): value is string => typeof value === "string"
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** What a digest's payload says it showed, or null for any other e-mail (or a payload written by hand that does not say). */
function shownIn(payload: Record<string, unknown>): SpamShown | null {
  const shown = payload.spamShown
  if (!isObject(shown)) return null
  const { records, floods, counted } = shown
  if (!Array.isArray(records) || !Array.isArray(floods) || !Array.isArray(counted)) return null
  return {
    records: records.filter(isText),
    floods: floods
      .filter(isObject)
      .flatMap(({ ipKey, reason, until }) =>
        isText(ipKey) && isText(reason) && isText(until) ? [{ ipKey, reason, until }] : [],
      ),
    counted: counted
      .filter(isObject)
      .flatMap(({ ipKey, day, reason, counted: n }) =>
        isText(ipKey) && isText(day) && isText(reason) && typeof n === "number"
          ? [{ ipKey, day, reason, counted: n }]
          : [],
      ),
  }
}

/**
 * Called by the outbox when an office e-mail is delivered: when it is a spam digest, what it listed is
 * now shown (its 30 days start) and is not listed again. A record already shown keeps its first time.
 */
export async function markSpamShown(db: Pick<Db, "query">, payload: Record<string, unknown>, at: Date): Promise<void> {
  const shown = shownIn(payload)
  if (!shown) return
  const when = at.toISOString()
  if (shown.records.length)
    await db.query(
      `update spam_attempts set digested_at = $2
       where id in (select value::uuid from jsonb_array_elements_text($1::text::jsonb)) and digested_at is null`,
      [JSON.stringify(shown.records), when],
    )
  if (shown.floods.length)
    await db.query(
      `update spam_attempts s set digested_at = $2
       from jsonb_to_recordset($1::text::jsonb) as f("ipKey" text, reason text, until timestamptz)
       where coalesce(s.ip_hash, '') = f."ipKey" and s.reason = f.reason and s.created_at <= f.until
         and s.digested_at is null and s.released_at is null`,
      [JSON.stringify(shown.floods), when],
    )
  if (shown.counted.length)
    await db.query(
      `update spam_daily_counts d set shown_counted = greatest(d.shown_counted, c.counted), shown_at = $2
       from jsonb_to_recordset($1::text::jsonb) as c("ipKey" text, day date, reason text, counted int)
       where d.ip_key = c."ipKey" and d.day = c.day and d.reason = c.reason`,
      [JSON.stringify(shown.counted), when],
    )
}
