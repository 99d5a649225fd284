/**
 * The owner's weekly report as an e-mail: the week's figures, each beside the week before's, then the
 * timings and the breakdowns by form, offer and campaign with their outcomes, and the week's requests
 * as a CSV attachment. Texts are data/lead-messages.yaml weeklyReport; every value is escaped by
 * renderEmail (offers and campaigns are a visitor's text). The longest lists show their first lines and
 * the rest on one, so the e-mail stays small whatever the week held.
 */
import { Buffer } from "node:buffer"
import { waitedText } from "../alerts/promise.ts"
import { zonedDate } from "../kernel/business-hours.ts"
import { fill } from "../kernel/escape.ts"
import { DEFAULT_LANGUAGE } from "../kernel/languages.ts"
import { LEAD_OUTCOMES } from "../kernel/outcomes.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { renderEmail, withSafeHeaders, type EmailMessage, type EmailSection } from "../mail/layout.ts"
import type { ReportWeek } from "./report-week.ts"
import type { GroupFigures, OutcomeKey, Timing, WeekFigures } from "./weekly-figures.ts"

const COPY = LEAD_MESSAGES.weeklyReport
const OUTCOMES = LEAD_MESSAGES.officeAlerts.outcomes

/** Lines of a breakdown before the rest are summed on one. */
export const MAX_GROUP_ROWS = 25

const count = (n: number) => new Intl.NumberFormat("en-US").format(n)
const money = (n: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: COMPANY.leadValues.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(n)
const day = (at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: COMPANY.timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(at)
/** The week's last day (Sunday): the instant before its end. */
const lastDay = (week: ReportWeek) => new Date(week.to.getTime() - 1)

const compare = (now: string, before: string) => fill(COPY.compare, { now, before })

/** "45 s", "12 minutes", "3 hours 5 minutes". */
export function durationText(ms: number): string {
  if (ms < 60_000) return fill(COPY.seconds, { n: String(Math.round(ms / 1000)) })
  return waitedText(new Date(0), new Date(ms))
}

const timingText = (t: Timing) =>
  t.median === null || t.p90 === null
    ? COPY.timingNone
    : fill(COPY.timingValue, { median: durationText(t.median), p90: durationText(t.p90), count: count(t.count) })

/** Booked first: "booked per campaign" is what the owner reads the breakdowns for. */
const OUTCOME_ORDER: readonly OutcomeKey[] = ["booked", ...LEAD_OUTCOMES.filter((o) => o !== "booked"), "none"]
const outcomeLabel = (key: OutcomeKey) => (key === "none" ? COPY.noOutcome : OUTCOMES[key])

const groupText = (group: GroupFigures | undefined) => {
  if (!group) return "0"
  const outcomes = OUTCOME_ORDER.flatMap((key) => {
    const n = group.outcomes.get(key) ?? 0
    return n ? [fill(COPY.outcomeCount, { outcome: outcomeLabel(key), count: count(n) })] : []
  })
  return fill(COPY.groupValue, { count: count(group.count), outcomes: outcomes.join(", ") })
}

/** A breakdown: every group of either week, the busiest this week first, then the week before's, each under its name. */
function breakdown(heading: string, now: Map<string, GroupFigures>, before: Map<string, GroupFigures>): EmailSection {
  const label = (key: string) => now.get(key)?.label ?? before.get(key)?.label ?? key
  const size = (groups: Map<string, GroupFigures>, key: string) => groups.get(key)?.count ?? 0
  const keys = [...new Set([...now.keys(), ...before.keys()])].sort(
    (a, b) => size(now, b) - size(now, a) || size(before, b) - size(before, a) || label(a).localeCompare(label(b)),
  )
  const rows: Array<readonly [string, string]> = keys
    .slice(0, MAX_GROUP_ROWS)
    .map((key) => [label(key), compare(groupText(now.get(key)), groupText(before.get(key)))])
  const rest = keys.slice(MAX_GROUP_ROWS)
  if (rest.length) {
    const sum = (groups: Map<string, GroupFigures>) => rest.reduce((total, key) => total + size(groups, key), 0)
    rows.push([fill(COPY.others, { groups: count(rest.length) }), compare(count(sum(now)), count(sum(before)))])
  }
  return { heading, level: 2, rows }
}

export interface WeeklyReportInput {
  week: ReportWeek
  figures: WeekFigures
  before: WeekFigures
  /** The week's requests as CSV text. */
  csv: string
  to: string
  from: string
}

/** The week's CSV file name: "requests-2026-03-02-to-2026-03-08.csv". */
export const csvFilename = (week: ReportWeek) =>
  fill(COPY.csvFilename, {
    from: zonedDate(week.from, COMPANY.timeZone),
    to: zonedDate(lastDay(week), COMPANY.timeZone),
  })

export function weeklyReportEmail({ week, figures: f, before: b, csv, to, from }: WeeklyReportInput): EmailMessage {
  const subject = fill(COPY.subject, {
    from: day(week.from),
    to: day(lastDay(week)),
    count: count(f.requests),
    booked: count(f.booked),
  })
  const R = COPY.rows
  const T = COPY.timingRows
  const content = renderEmail({
    language: DEFAULT_LANGUAGE,
    subject,
    heading: subject,
    intro: fill(COPY.intro, { from: day(week.from), to: day(lastDay(week)), timeZone: COMPANY.timeZone }),
    rows: [
      [R.requests, compare(count(f.requests), count(b.requests))],
      [R.textReplies, compare(count(f.textReplies), count(b.textReplies))],
      [R.booked, compare(count(f.booked), count(b.booked))],
      [R.value, compare(money(f.value), money(b.value))],
      [R.bookedValue, compare(money(f.bookedValue), money(b.bookedValue))],
      [R.missed, compare(count(f.missed), count(b.missed))],
      [R.spamFiled, compare(count(f.spamFiled), count(b.spamFiled))],
      [R.spamReleased, compare(count(f.spamReleased), count(b.spamReleased))],
      [R.dead, compare(count(f.dead), count(b.dead))],
    ],
    sections: [
      {
        heading: COPY.timingHeading,
        level: 2,
        note: COPY.timingNote,
        rows: [
          [T.alertInside, compare(timingText(f.alert.inside), timingText(b.alert.inside))],
          [T.alertOutside, compare(timingText(f.alert.outside), timingText(b.alert.outside))],
          [T.ackInside, compare(timingText(f.acknowledge.inside), timingText(b.acknowledge.inside))],
          [T.ackOutside, compare(timingText(f.acknowledge.outside), timingText(b.acknowledge.outside))],
        ],
      },
      breakdown(COPY.byForm, f.byForm, b.byForm),
      breakdown(COPY.byOffer, f.byOffer, b.byOffer),
      breakdown(COPY.byPlan, f.byPlan, b.byPlan),
      breakdown(COPY.byFirstTouch, f.byFirstTouch, b.byFirstTouch),
      breakdown(COPY.byLastTouch, f.byLastTouch, b.byLastTouch),
      breakdown(COPY.byLanguage, f.byLanguage, b.byLanguage),
    ],
  })
  // A byte-order mark first, so a spreadsheet reads the names' accents as UTF-8.
  const file = Buffer.from(`\uFEFF${csv}`, "utf8").toString("base64")
  return withSafeHeaders({
    to,
    from,
    ...content,
    attachments: [{ filename: csvFilename(week), content: file, contentType: "text/csv; charset=utf-8" }],
  })
}
