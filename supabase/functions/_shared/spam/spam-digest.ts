/**
 * The office's spam digest as an e-mail: the records most likely to be a real customer first, each
 * with its "Not spam" link; a flood (many from one address with one reason) on one line; and what
 * did not fit, counted by reason, for the next digest. Whatever the number of records, the e-mail
 * stays under DIGEST_MAX_BYTES (Gmail clips a message whose HTML passes about 102 KB), and it says
 * exactly which records it showed (`shown`): they are marked when it is delivered, not before.
 */
import { fill } from "../kernel/escape.ts"
import { DEFAULT_LANGUAGE } from "../kernel/languages.ts"
import { renderEmail, withSafeHeaders, type EmailMessage, type EmailSection } from "../mail/layout.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"

const COPY = LEAD_MESSAGES.officeAlerts

/**
 * The reasons in the order a person is likeliest behind them: a fast typist (autofill), a Turnstile
 * verdict, a browser that measured its time wrong, then the hidden field. A reason not listed comes last.
 */
export const REAL_LOOKING_FIRST: readonly string[] = [
  "too_fast",
  "turnstile_failed",
  "impossible_fill_time",
  "honeypot",
]

export const reasonRank = (reason: string) => {
  const rank = REAL_LOOKING_FIRST.indexOf(reason)
  return rank < 0 ? REAL_LOOKING_FIRST.length : rank
}

/** The whole e-mail (HTML and text) stays under this many bytes. */
export const DIGEST_MAX_BYTES = 80_000
/** At most this many records listed one by one, and this many flood lines. */
export const DIGEST_MAX_ENTRIES = 50
export const DIGEST_MAX_FLOODS = 30

/** One record listed on its own, with its "Not spam" link. */
export interface SpamEntry {
  id: string
  kindLabel: string
  name: string
  phone: string
  email: string
  /** What they asked for: the offer, or the plan and pests; "" when the form has neither. */
  request: string
  /** The visitor's message or notes, on one line (cut at SPAM_MESSAGE_MAX); "" when there is none. */
  snippet: string
  reason: string
  receivedAt: Date
  releaseUrl: string
}

/** The records not shown yet (and the calls only counted) of one address with one reason, as one line. */
export interface SpamFlood {
  ipKey: string
  reason: string
  /** Records kept in full. */
  records: number
  /** Calls past the address's daily budget: counted, not kept. */
  counted: number
  from: Date
  to: Date
  /** A few of the names in its records. */
  names: readonly string[]
  /** The daily counts it reports, as they were when the digest was made. */
  days: ReadonlyArray<{ day: string; counted: number }>
}

export interface SpamDigestInput {
  /** Best first (see spam-review.ts), at most DIGEST_MAX_ENTRIES. */
  entries: readonly SpamEntry[]
  /** Best first, at most DIGEST_MAX_FLOODS. */
  floods: readonly SpamFlood[]
  /** Everything not shown yet, listed here or not, by reason: records and counted calls. */
  pending: Readonly<Record<string, number>>
  /** When the digest is made: a flood line covers its records up to then. */
  at: Date
}

/** What a delivered digest showed the office (kept in its job's payload). */
export interface SpamShown {
  records: string[]
  floods: Array<{ ipKey: string; reason: string; until: string }>
  counted: Array<{ ipKey: string; day: string; reason: string; counted: number }>
}

export interface SpamDigest {
  email: EmailMessage
  shown: SpamShown
  entries: number
  floods: number
  /** Not shown by this digest: the next one lists them. */
  more: number
}

const count = (n: number) => new Intl.NumberFormat("en-US").format(n)

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY.timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
})
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY.timeZone, hour: "numeric", minute: "2-digit" })
const when = (at: Date) => `${dayFormat.format(at)}, ${timeFormat.format(at)}`

/** "Wed, Mar 4, 9:12 AM–6:40 PM", or with both days when they differ. */
export function span(from: Date, to: Date): string {
  if (to.getTime() - from.getTime() < 60_000) return when(from)
  const sameDay = dayFormat.format(from) === dayFormat.format(to)
  return `${when(from)}–${sameDay ? timeFormat.format(to) : when(to)}`
}

export const reasonText = (reason: string): string =>
  Object.entries(COPY.spamReasons).find(([key]) => key === reason)?.[1] ?? reason

const floodSize = (flood: SpamFlood) => flood.records + flood.counted

const ROWS = LEAD_MESSAGES.emailRows

/**
 * One record as a block of its own: why it was filed, when, who (phone, e-mail), what they asked for and
 * their message, with its "Not spam" button right under it, so the office decides on each where it reads it.
 */
const entrySection = (e: SpamEntry, i: number): EmailSection => ({
  heading: `${i + 1}. ${e.name} (${e.kindLabel})`,
  level: 2,
  rows: [
    [COPY.spamReasonLabel, reasonText(e.reason)],
    [COPY.rowLabels.received, when(e.receivedAt)],
    [ROWS.phone, e.phone],
    [ROWS.email, e.email],
    [COPY.rowLabels.request, e.request],
    [ROWS.message, e.snippet],
  ],
  actions: [{ label: `${COPY.notSpamLabel}: ${e.name}`, href: e.releaseUrl }],
  // Fifty of them must fit in one e-mail under Gmail's clipping size.
  compact: true,
})

const floodRow = (f: SpamFlood) => {
  const value = fill(COPY.spamFloodValue, { span: span(f.from, f.to), reason: reasonText(f.reason) })
  const kept = fill(COPY.spamFloodKept, { kept: count(f.records), names: f.names.join(", ") })
  return [
    fill(COPY.spamFloodLabel, { count: count(floodSize(f)) }),
    f.records > 0 ? `${value}, ${kept}` : value,
  ] as const
}

function render(
  input: SpamDigestInput,
  entries: readonly SpamEntry[],
  floods: readonly SpamFlood[],
  subjectTemplate: string,
) {
  const listed = new Map<string, number>()
  const add = (reason: string, n: number) => listed.set(reason, (listed.get(reason) ?? 0) + n)
  for (const entry of entries) add(entry.reason, 1)
  for (const flood of floods) add(flood.reason, floodSize(flood))
  const more = Object.entries(input.pending)
    .map(([reason, n]) => [reason, Math.max(0, n - (listed.get(reason) ?? 0))] as const)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => reasonRank(a) - reasonRank(b))
  const moreCount = more.reduce((sum, [, n]) => sum + n, 0)
  const sections: EmailSection[] = entries.map(entrySection)
  if (floods.length) sections.push({ heading: COPY.spamFloodsHeading, level: 2, rows: floods.map(floodRow) })
  if (moreCount)
    sections.push({
      heading: COPY.spamMoreHeading,
      level: 2,
      note: fill(COPY.spamMoreNote, { count: count(moreCount) }),
      rows: more.map(([reason, n]) => [reasonText(reason), fill(COPY.spamMoreValue, { count: count(n) })]),
    })
  const total = Object.values(input.pending).reduce((sum, n) => sum + n, 0)
  const subject = fill(subjectTemplate, { count: count(total) })
  const content = renderEmail({
    language: DEFAULT_LANGUAGE,
    subject,
    heading: subject,
    intro: COPY.spamDigestIntro,
    rows: [],
    sections,
  })
  return { content, more: moreCount }
}

const bytesOf = ({ html, text }: { html: string; text: string }) => new TextEncoder().encode(html + text).length

/**
 * The digest of what is pending, or null when nothing is. Lists as many entries and flood lines as fit
 * in `maxBytes`, dropping from the end of each list (the least real-looking): entries down to a few
 * first, since one flood line covers many records, then floods, then the rest.
 */
export function spamDigest(
  input: SpamDigestInput,
  to: string,
  from: string,
  maxBytes = DIGEST_MAX_BYTES,
  subjectTemplate: string = COPY.spamDigestSubject,
): SpamDigest | null {
  if (Object.values(input.pending).every((n) => n <= 0)) return null
  let e = Math.min(input.entries.length, DIGEST_MAX_ENTRIES)
  let f = Math.min(input.floods.length, DIGEST_MAX_FLOODS)
  for (;;) {
    const entries = input.entries.slice(0, e)
    const floods = input.floods.slice(0, f)
    const { content, more } = render(input, entries, floods, subjectTemplate)
    const fits = bytesOf(content) <= maxBytes
    if (fits || (e === 0 && f === 0)) {
      const until = input.at.toISOString()
      return {
        email: withSafeHeaders({ to, from, ...content }),
        shown: {
          records: entries.map((entry) => entry.id),
          floods: floods.map((flood) => ({ ipKey: flood.ipKey, reason: flood.reason, until })),
          counted: floods.flatMap((flood) =>
            flood.days.map((d) => ({ ipKey: flood.ipKey, day: d.day, reason: flood.reason, counted: d.counted })),
          ),
        },
        entries: entries.length,
        floods: floods.length,
        more,
      }
    }
    if (e > 10) e--
    else if (f > 5) f--
    else if (e > 0) e--
    else f--
  }
}
