/**
 * What the office reads: a lead's alert as an SMS, a team-chat post and an e-mail; the morning
 * summary of what came in while it was closed; the summary sent instead of single alerts once the
 * alert budget is spent (the daily spam digest is spam/spam-digest.ts). Texts come from data/lead-messages.yaml
 * (officeAlerts). Visitor text is one line, cut short, and made safe for each channel: an SMS is
 * GSM-7 within its segment cap with links defanged (sms-fit.ts, visitor-text.ts), a chat post has
 * links defanged, mentions quietened and markup escaped, an e-mail is escaped HTML. The office reads English;
 * a visitor who used the site in another language is said to prefer it, plainly, in every alert.
 */
import { windowSections, type NoticeWindow } from "../appointments/notice-windows.ts"
import { fill } from "../kernel/escape.ts"
import { DEFAULT_LANGUAGE } from "../kernel/languages.ts"
import { renderEmail, withSafeHeaders, type EmailContent, type EmailMessage } from "../mail/layout.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { fitSms, templatePieces, type SmsPiece } from "./sms-fit.ts"
import { smsSize } from "../kernel/gsm7.ts"
import type { AlertSubject } from "./subject.ts"
import { officeWhen } from "./office-hours.ts"
import { waitedText } from "./promise.ts"
import { chatEscape, chatVisitorText, smsVisitorText } from "./visitor-text.ts"

const COPY = LEAD_MESSAGES.officeAlerts

/** One alert of one lead: the subject, its "I'm on it" link, and who was alerted before when it is an escalation. */
export interface AlertView {
  subject: AlertSubject
  acknowledgeUrl: string
  /** Set on an escalation: the contacts alerted before, who did not acknowledge. */
  escalatedFrom?: readonly string[]
  /** Set on the owner's notice that the escalation ended unacknowledged: how many alerts went to whom. */
  missed?: { alerts: number; alerted: readonly string[] }
  /** The arrival windows the visitor picked, each free one with its "Confirm" link for this contact. */
  windows?: readonly NoticeWindow[]
}

const APPOINTMENTS = LEAD_MESSAGES.appointments

/** The free windows' labels, for the SMS's one line (its links stay in the e-mail and chat: an SMS has no room). */
const freeWindows = (view: AlertView) => (view.windows ?? []).filter((w) => w.confirm).map((w) => w.label)

/** The most segments an alert SMS may take unless the config says otherwise (3 GSM-7 segments: 459 characters). */
export const DEFAULT_SMS_SEGMENTS = 3

const when = officeWhen

/** The subject line's template: a missed request's, an escalation's, or a new one's. */
const subjectTemplate = ({ missed, escalatedFrom }: AlertView) =>
  missed ? COPY.missedSubject : escalatedFrom ? COPY.escalatedSubject : COPY.newSubject

const heading = (view: AlertView) =>
  fill(subjectTemplate(view), { kindLabel: view.subject.kindLabel, name: view.subject.name })

/** The deadline the visitor's promise set, on the office's clock. */
const deadlineOf = (s: AlertSubject) => when(s.promise.deadline)

/** Why this alert, beyond a new request: an escalation (who was alerted), or the owner's missed-request notice. */
const escalationNote = (view: AlertView) => {
  if (view.missed)
    return fill(COPY.missedNote, {
      alerts: String(view.missed.alerts),
      alerted: view.missed.alerted.join(", "),
      promise: view.subject.promise.text,
      deadline: deadlineOf(view.subject),
    })
  return view.escalatedFrom ? fill(COPY.escalatedNote, { alerted: view.escalatedFrom.join(", ") }) : ""
}

/** Minutes within which a promise is urgent enough for its deadline to take a line of the SMS. */
const URGENT_PROMISE_MINUTES = 60

/**
 * Whether an SMS carries the deadline: only for a promise of minutes (the offer callback's), where it is the
 * point; a day's promise is in the e-mail and chat, and its line would shorten the visitor's words. The
 * missed notice says it in its own words.
 */
const urgentDeadline = (view: AlertView) => !view.missed && view.subject.promise.minutes <= URGENT_PROMISE_MINUTES

/** A request released from spam: how long the visitor has waited (nothing for any other). */
const releasedNote = (s: AlertSubject, at: Date) =>
  s.sentAsSpamAt ? fill(COPY.releasedSms, { waited: waitedText(s.sentAsSpamAt, at) }) : ""

/** "Prefers Spanish: call back in Spanish" for a visitor who used the site in another language than English; else nothing. */
export const prefersLanguage = (s: Pick<AlertSubject, "language">) =>
  s.language === DEFAULT_LANGUAGE ? "" : fill(COPY.prefersLanguage, { language: COPY.languageNames[s.language] })

/**
 * The number to call, in the form every phone turns into a call link (`+19145550100;ext=123` dials the
 * extension on most phones); a number that could not be read, as the visitor typed it.
 */
const callable = (s: AlertSubject) => (s.tel ? s.tel.replace(/^tel:/, "") : smsVisitorText(s.phone))

/** The number in a chat post: a link to call it, or the visitor's text alone when it could not be read. */
const chatPhone = (s: AlertSubject) => (s.tel ? `<${s.tel}|${chatVisitorText(s.phone)}>` : chatVisitorText(s.phone))

/** A visitor's words in an SMS: GSM-7, defanged, and the first thing shortened when the text is too long. */
const visitor = (text: string): SmsPiece => ({ text: smsVisitorText(text), cut: true })

/** "I'm on all 12: <link>", the one link that acknowledges every lead a summary lists. */
const allLine = (count: number, url: string) => `${fill(COPY.acknowledgeAllLabel, { count: String(count) })}: ${url}`

/**
 * An SMS: a few lines a lock screen shows, each starting with our own words (so nothing a visitor
 * wrote can pass for one of our lines), the number to tap and the link, within `segments` segments.
 */
export function alertSms(view: AlertView, segments = DEFAULT_SMS_SEGMENTS, at = new Date()): string {
  const s = view.subject
  return fitSms(
    [
      templatePieces(subjectTemplate(view), { kindLabel: { text: s.kindLabel }, name: visitor(s.name) }),
      [{ text: prefersLanguage(s) }],
      // The names alerted before are ours, but shortened too when need be (never the link).
      view.missed
        ? templatePieces(COPY.missedNote, {
            alerts: { text: String(view.missed.alerts) },
            alerted: { text: view.missed.alerted.join(", "), cut: true },
            promise: { text: s.promise.text },
            deadline: { text: deadlineOf(s) },
          })
        : view.escalatedFrom
          ? templatePieces(COPY.escalatedNote, { alerted: { text: view.escalatedFrom.join(", "), cut: true } })
          : [],
      [{ text: releasedNote(s, at) }],
      [{ text: `${COPY.rowLabels.phone}: ${callable(s)}` }],
      urgentDeadline(view) ? [{ text: `${COPY.rowLabels.promised}: ${deadlineOf(s)}` }] : [],
      [{ text: `${COPY.rowLabels.request}: ` }, visitor(s.request)],
      [{ text: `${COPY.rowLabels.source}: ` }, visitor(s.source)],
      freeWindows(view).length
        ? templatePieces(APPOINTMENTS.alertLine, { windows: { text: freeWindows(view).join("; "), cut: true } })
        : [],
      [{ text: `${COPY.acknowledgeLabel}: ${view.acknowledgeUrl}` }],
    ],
    segments,
  )
}

/** A chat post (Slack-compatible `text`), mentioning who must act; see visitor-text.ts for what a visitor's words may not do. */
export function alertChat(view: AlertView, mention: string, at = new Date()): string {
  const s = view.subject
  const title = fill(chatEscape(subjectTemplate(view)), {
    kindLabel: chatEscape(s.kindLabel),
    name: chatVisitorText(s.name),
  })
  return [
    `${mention} *${title}*`,
    chatEscape(prefersLanguage(s)),
    chatEscape(escalationNote(view)),
    chatEscape(releasedNote(s, at)),
    `${COPY.rowLabels.phone}: ${chatPhone(s)}`,
    `${COPY.rowLabels.promised}: ${chatEscape(deadlineOf(s))}`,
    `${COPY.rowLabels.request}: ${chatVisitorText(s.request)}`,
    `${COPY.rowLabels.source}: ${chatVisitorText(s.source)}`,
    `<${view.acknowledgeUrl}|${chatEscape(COPY.acknowledgeLabel)}>`,
    ...(view.windows ?? []).flatMap((w) => (w.confirm ? [`<${w.confirm.href}|${chatEscape(w.confirm.label)}>`] : [])),
  ]
    .filter(Boolean)
    .join("\n")
}

/** An e-mail to the office (in the default language) whose heading is its subject, headers made safe. */
const officeEmail = (
  to: string,
  from: string,
  subject: string,
  content: Omit<EmailContent, "subject" | "heading" | "language">,
) =>
  withSafeHeaders({ to, from, ...renderEmail({ language: DEFAULT_LANGUAGE, subject, heading: subject, ...content }) })

export function alertEmail(view: AlertView, to: string, from: string, at = new Date()): EmailMessage {
  const s = view.subject
  const subject = heading(view)
  return officeEmail(to, from, subject, {
    intro: [prefersLanguage(s), escalationNote(view), releasedNote(s, at), COPY.intro].filter(Boolean).join(" "),
    actions: [
      { label: COPY.acknowledgeLabel, href: view.acknowledgeUrl },
      ...(s.tel ? [{ label: fill(COPY.callLabel, { name: s.name }), href: s.tel }] : []),
    ],
    rows: [
      [COPY.rowLabels.phone, s.phone],
      [COPY.rowLabels.request, s.request],
      [COPY.rowLabels.source, s.source],
      [COPY.rowLabels.received, when(s.receivedAt)],
      [
        COPY.rowLabels.promised,
        fill(LEAD_MESSAGES.emailRows.promisedValue, { promise: s.promise.text, deadline: deadlineOf(s) }),
      ],
      [COPY.rowLabels.reference, s.reference],
    ],
    sections: windowSections(view.windows ?? []),
  })
}

/**
 * The morning summary, oldest first: one entry per lead still waiting, each with its own link, and
 * one link that acknowledges them all.
 */
export interface Summary {
  views: readonly AlertView[]
  /** "I'm on all N": a signed link naming every lead listed. */
  acknowledgeAllUrl: string
  /** The contact's board of the day's and the week's requests (the e-mail links it). */
  boardUrl?: string
  /** A past week's report, sent to the owner (the e-mail links it). */
  reportUrl?: string
}

const summaryTitle = ({ views }: Summary) => fill(COPY.summarySubject, { count: String(views.length) })

/**
 * The summary as an SMS: the title, as many entries (name, number, kind) as the segment cap leaves room
 * for, how many more the e-mail has, and the "I'm on all N" link, which no entry is allowed to push out.
 */
export function summarySms(summary: Summary, segments = DEFAULT_SMS_SEGMENTS): string {
  const { views } = summary
  const entry = (view: AlertView, i: number): SmsPiece[] => [
    { text: `${i + 1}. ` },
    // Short names, so a few entries fit; the e-mail has them whole.
    visitor(view.subject.name.slice(0, 30)),
    { text: `, ${callable(view.subject)}, ${view.subject.kindLabel}` },
    ...(view.subject.language === DEFAULT_LANGUAGE ? [] : [{ text: `, ${COPY.languageNames[view.subject.language]}` }]),
  ]
  const lines = (shown: number) => [
    [{ text: summaryTitle(summary) }],
    ...views.slice(0, shown).map(entry),
    ...(shown < views.length ? [[{ text: fill(COPY.summaryMore, { count: String(views.length - shown) }) }]] : []),
    [{ text: allLine(views.length, summary.acknowledgeAllUrl) }],
  ]
  let shown = views.length
  // Fewer entries until they fit whole: a list of cut names is worse than a shorter list.
  while (shown > 0 && smsSize(fitSms(lines(shown), Infinity)).segments > segments) shown--
  return fitSms(lines(shown), segments)
}

export function summaryChat(summary: Summary, mention: string): string {
  return [
    `${mention} *${chatEscape(summaryTitle(summary))}*`,
    chatEscape(COPY.summaryIntro),
    ...summary.views.map(
      ({ subject: s, acknowledgeUrl }, i) =>
        `${i + 1}. ${chatVisitorText(s.name)} ${chatPhone(s)} · ${chatEscape(s.kindLabel)}: ${chatVisitorText(s.request)} · ${chatVisitorText(s.source)}${s.language === DEFAULT_LANGUAGE ? "" : ` · ${chatEscape(prefersLanguage(s))}`} · <${acknowledgeUrl}|${chatEscape(COPY.acknowledgeLabel)}>`,
    ),
    `<${summary.acknowledgeAllUrl}|${chatEscape(fill(COPY.acknowledgeAllLabel, { count: String(summary.views.length) }))}>`,
  ].join("\n")
}

export function summaryEmail(summary: Summary, to: string, from: string): EmailMessage {
  const subject = summaryTitle(summary)
  return officeEmail(to, from, subject, {
    intro: COPY.summaryIntro,
    actions: [
      {
        label: fill(COPY.acknowledgeAllLabel, { count: String(summary.views.length) }),
        href: summary.acknowledgeAllUrl,
      },
      ...summary.views.map(({ subject: s, acknowledgeUrl }, i) => ({
        label: `${i + 1}. ${COPY.acknowledgeLabel}: ${s.name}`,
        href: acknowledgeUrl,
      })),
      ...(summary.boardUrl ? [{ label: COPY.boardLabel, href: summary.boardUrl }] : []),
      ...(summary.reportUrl ? [{ label: COPY.reportLabel, href: summary.reportUrl }] : []),
    ],
    rows: summary.views.map(({ subject: s }, i) => [
      `${i + 1}. ${s.name} (${s.kindLabel})`,
      [
        s.phone,
        s.request,
        s.source,
        ...(prefersLanguage(s) ? [prefersLanguage(s)] : []),
        when(s.receivedAt),
        s.reference,
      ].join(" · "),
    ]),
  })
}

/**
 * What goes out instead of single alerts once a channel's budget is spent: how many, the link for all,
 * and the channel's name in the budget's words (its `budget.label`, notify/channels/).
 */
export interface OverflowView {
  channel: string
  count: number
  acknowledgeAllUrl: string
}

/** The summary's words ("12 more new requests by SMS …"), plain. */
export const overflowText = ({ channel, count }: OverflowView) =>
  fill(COPY.budgetSummary, { count: String(count), channel })

export const overflowSms = (view: OverflowView, segments = DEFAULT_SMS_SEGMENTS): string =>
  fitSms([[{ text: overflowText(view) }], [{ text: allLine(view.count, view.acknowledgeAllUrl) }]], segments)

export const overflowChat = (view: OverflowView, mention: string): string =>
  [
    `${mention} *${chatEscape(overflowText(view))}*`,
    `<${view.acknowledgeAllUrl}|${chatEscape(fill(COPY.acknowledgeAllLabel, { count: String(view.count) }))}>`,
  ].join("\n")

/** The office's e-mail that a channel's alert budget was reached: what the limit is, and what happens meanwhile. */
export function budgetReachedEmail(
  notice: { channel: string; used: number; limit: number; window: "hour" | "day"; summaryMinutes: number },
  to: string,
  from: string,
): EmailMessage {
  const values = {
    channel: notice.channel,
    used: String(notice.used),
    limit: String(notice.limit),
    window: COPY.budgetWindows[notice.window],
    minutes: String(notice.summaryMinutes),
  }
  const subject = fill(COPY.budgetSubject, values)
  return officeEmail(to, from, subject, { intro: fill(COPY.budgetIntro, values), rows: [] })
}

/**
 * The office's e-mail that an on-call person texted an opt-out word to our number: their alert texts are
 * off (left out of the rotation) until they text START; their other channels still alert them.
 */
export function smsOptedOutEmail(
  optOut: { name: string; word: string; at: Date },
  to: string,
  from: string,
): EmailMessage {
  const values = { name: optOut.name, word: optOut.word, at: when(optOut.at) }
  return officeEmail(to, from, fill(COPY.smsOptedOutSubject, values), {
    intro: fill(COPY.smsOptedOutIntro, values),
    rows: [],
  })
}

/**
 * What a dead job was, for the office: its kind, what it was in the office's words (`what`: the data's
 * deadWhat of a delivery kind, or an alert channel's own, "{to}" its payload's `to`), and its text.
 */
export interface DeadJob {
  id: string
  kind: string
  what: string
  attempts: number
  payload: Record<string, unknown>
}

const payloadText = (payload: Record<string, unknown>, key: string) =>
  typeof payload[key] === "string" ? payload[key] : ""

const deadSubject = (job: DeadJob) => {
  const what = fill(job.what, { to: payloadText(job.payload, "to") })
  const tries = job.attempts === 1 ? "1 try" : `${job.attempts} tries`
  return fill(COPY.deadSubject, { tries, what })
}

/**
 * The office's e-mail about a message the outbox gave up on: what it was, the provider's last error,
 * and its content, so the lead it was about can still be acted on by hand. An alert's notice says
 * that its request is announced again as soon as an alert gets through (the outbox's sweep, outbox/jobs.ts).
 */
export function deadJobEmail(
  job: DeadJob,
  error: string,
  to: string,
  from: string,
  { reannounced = false } = {},
): EmailMessage {
  const subject = deadSubject(job)
  const content =
    payloadText(job.payload, "body") ||
    payloadText(job.payload, "text") ||
    JSON.stringify(job.payload, null, 2).slice(0, 4_000)
  return officeEmail(to, from, subject, {
    intro: reannounced ? `${COPY.deadIntro} ${COPY.deadReannounced}` : COPY.deadIntro,
    rows: [
      [COPY.deadRows.error, error.slice(0, 500)],
      [COPY.deadRows.message, content],
    ],
  })
}

/**
 * The same notice as an SMS or a chat post, when the message that died went by e-mail (the e-mail API
 * may be what is down): what died and the provider's words, short; its content stays in the outbox.
 */
export function deadNoticeSms(job: DeadJob, error: string, segments = DEFAULT_SMS_SEGMENTS): string {
  return fitSms(
    [
      [{ text: deadSubject(job) }],
      [{ text: `${COPY.deadRows.error}: ` }, { text: smsVisitorText(error.slice(0, 300)), cut: true }],
      [{ text: COPY.deadReannounced }],
    ],
    segments,
  )
}

export const deadNoticeChat = (job: DeadJob, error: string): string =>
  [
    `*${chatEscape(deadSubject(job))}*`,
    `${chatEscape(COPY.deadRows.error)}: ${chatVisitorText(error.slice(0, 300))}`,
    chatEscape(COPY.deadReannounced),
  ].join("\n")
