/**
 * The weekly report's figures for one week, worked out from its requests (leads and contact messages
 * received in it): how many came by form, offer (by its key, under its English name: offer-groups.ts), plan
 * and campaign (first and last touch), with what came of them; how long the first alert and the "I'm on it" took, in and outside business hours (by when the
 * request came in: median and 90th percentile, interpolated as Postgres' percentile_cont does); and
 * what they are worth (data/site.yaml leadValues), and in which language the visitors used the site. Pure: the
 * rows come from report-data.ts.
 */
import { isOfficeOpen } from "../alerts/office-hours.ts"
import type { LeadOutcome } from "../kernel/outcomes.ts"
import type { Language } from "../kernel/languages.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import type { LeadKind } from "../rows.ts"
import type { Grouped } from "./offer-groups.ts"

/**
 * "text": a text from a number with no request stored, a request of its own; "text_reply": a text kept
 * on an earlier request, which is no new request (only its alert's times count).
 */
export type RequestForm = "contact" | "text" | "text_reply" | LeadKind
/** What came of a request; "none" until the office records it. */
export type OutcomeKey = LeadOutcome | "none"

/** A touch's campaign values (attribution.ts), as the report groups them. */
export interface Campaign {
  utm_source?: string | undefined
  utm_medium?: string | undefined
  utm_campaign?: string | undefined
}

/** One request of the week, as the figures read it. */
export interface ReportRequest {
  form: RequestForm
  /** The offer it named, by its key (report/offer-groups.ts). */
  offer: Grouped | null
  /** An estimate request's plan, by its id. */
  plan: Grouped | null
  firstTouch: Campaign | null
  lastTouch: Campaign | null
  outcome: LeadOutcome | null
  receivedAt: Date
  firstAlertedAt: Date | null
  acknowledgedAt: Date | null
  /** The language the visitor used the site in. */
  language: Language
}

/** One line of a breakdown: its name, how many, and how many of each outcome. */
export interface GroupFigures {
  label: string
  count: number
  outcomes: Map<OutcomeKey, number>
}

/** Durations in milliseconds; null when nothing was measured. */
export interface Timing {
  count: number
  median: number | null
  p90: number | null
}

/** Counted by report-data.ts straight from the tables. */
export interface WeekCounts {
  /** Requests whose owner was told this week that nobody acknowledged them. */
  missed: number
  spamFiled: number
  spamReleased: number
  /** Outbox jobs that died this week. */
  dead: number
}

export interface WeekFigures extends WeekCounts {
  requests: number
  /** Texts kept on an earlier request: alerted, but no new request (not in `requests` nor any breakdown). */
  textReplies: number
  booked: number
  value: number
  bookedValue: number
  /** Each breakdown by what it groups by (a form, an offer's key, a plan's id, a campaign, a language). */
  byForm: Map<string, GroupFigures>
  byOffer: Map<string, GroupFigures>
  byPlan: Map<string, GroupFigures>
  byFirstTouch: Map<string, GroupFigures>
  byLastTouch: Map<string, GroupFigures>
  byLanguage: Map<string, GroupFigures>
  alert: { inside: Timing; outside: Timing }
  acknowledge: { inside: Timing; outside: Timing }
}

const COPY = LEAD_MESSAGES.weeklyReport
const VALUES = COMPANY.leadValues

/** The first dollar amount in an offer's name ("Express Pest Fix - $39": 39), if any. */
export const offerPrice = (offer: string | null): number | null => {
  const match = offer ? /\$\s?(\d{1,6}(?:\.\d{1,2})?)/.exec(offer) : null
  return match?.[1] ? Number(match[1]) : null
}

/**
 * What a request is worth: a contact message `leadValues.contact`, an estimate request
 * `leadValues.estimate`, an offer's booking or callback the offer's own price, else `leadValues.estimate`.
 */
export function requestValue(form: RequestForm, offer: string | null): number {
  // A text to our number is worth what a contact message is; a reply is no new request (never valued).
  if (form === "contact" || form === "text") return VALUES.contact
  if (form === "text_reply") return 0
  if (form === "estimate") return VALUES.estimate
  return offerPrice(offer) ?? VALUES.estimate
}

/** "google / cpc / spring-ants", each part missing "(none)"; a touch without any of them is "(none)". */
export function campaignOf(touch: Campaign | null): string {
  const parts = [touch?.utm_source, touch?.utm_medium, touch?.utm_campaign]
  if (parts.every((part) => !part)) return COPY.none
  return parts.map((part) => part || COPY.none).join(" / ")
}

const TEXT_FORMS = LEAD_MESSAGES.officeAlerts.textForms

export const formLabel = (form: RequestForm): string =>
  form === "text"
    ? TEXT_FORMS.text
    : form === "text_reply"
      ? TEXT_FORMS.reply
      : LEAD_MESSAGES.companyEmail.kindLabels[form]

/** The value at fraction `p` of sorted numbers, linearly interpolated (Postgres' percentile_cont). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  const at = (sorted.length - 1) * p
  const low = Math.floor(at)
  const lower = sorted[low] ?? 0
  const upper = sorted[Math.ceil(at)] ?? lower
  return lower + (upper - lower) * (at - low)
}

function timing(durations: number[]): Timing {
  const sorted = durations.sort((a, b) => a - b)
  return { count: sorted.length, median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) }
}

function add(groups: Map<string, GroupFigures>, { key, name }: Grouped, outcome: OutcomeKey) {
  const group = groups.get(key) ?? { label: name, count: 0, outcomes: new Map<OutcomeKey, number>() }
  group.count += 1
  group.outcomes.set(outcome, (group.outcomes.get(outcome) ?? 0) + 1)
  groups.set(key, group)
}

/** The line of requests that name none; no key of an offer, plan or campaign is empty. */
const NONE: Grouped = { key: "", name: COPY.none }
/** A campaign is grouped by its words. */
const asGroup = (name: string): Grouped => ({ key: name, name })

/** The week's figures from its requests and its counts. */
export function weekFigures(requests: Iterable<ReportRequest>, counts: WeekCounts): WeekFigures {
  const figures: WeekFigures = {
    ...counts,
    requests: 0,
    textReplies: 0,
    booked: 0,
    value: 0,
    bookedValue: 0,
    byForm: new Map(),
    byOffer: new Map(),
    byPlan: new Map(),
    byFirstTouch: new Map(),
    byLastTouch: new Map(),
    byLanguage: new Map(),
    alert: { inside: timing([]), outside: timing([]) },
    acknowledge: { inside: timing([]), outside: timing([]) },
  }
  const waits: Record<"alertInside" | "alertOutside" | "ackInside" | "ackOutside", number[]> = {
    alertInside: [],
    alertOutside: [],
    ackInside: [],
    ackOutside: [],
  }
  for (const r of requests) {
    const inside = isOfficeOpen(r.receivedAt)
    const since = (at: Date | null) => (at ? Math.max(0, at.getTime() - r.receivedAt.getTime()) : null)
    const alerted = since(r.firstAlertedAt)
    const acknowledged = since(r.acknowledgedAt)
    // Every alert's times count, a reply's too: it is an alert like any other.
    if (alerted !== null) (inside ? waits.alertInside : waits.alertOutside).push(alerted)
    if (acknowledged !== null) (inside ? waits.ackInside : waits.ackOutside).push(acknowledged)
    if (r.form === "text_reply") {
      figures.textReplies += 1
      continue
    }
    const outcome = r.outcome ?? "none"
    const value = requestValue(r.form, r.offer?.name ?? null)
    figures.requests += 1
    figures.value += value
    if (outcome === "booked") {
      figures.booked += 1
      figures.bookedValue += value
    }
    add(figures.byForm, { key: r.form, name: formLabel(r.form) }, outcome)
    add(figures.byOffer, r.offer ?? NONE, outcome)
    // Only an estimate request chooses a plan; the other forms are not listed under one.
    if (r.form === "estimate") add(figures.byPlan, r.plan ?? NONE, outcome)
    add(figures.byFirstTouch, asGroup(campaignOf(r.firstTouch)), outcome)
    add(figures.byLastTouch, asGroup(campaignOf(r.lastTouch)), outcome)
    add(figures.byLanguage, { key: r.language, name: LEAD_MESSAGES.officeAlerts.languageNames[r.language] }, outcome)
  }
  figures.alert = { inside: timing(waits.alertInside), outside: timing(waits.alertOutside) }
  figures.acknowledge = { inside: timing(waits.ackInside), outside: timing(waits.ackOutside) }
  return figures
}
