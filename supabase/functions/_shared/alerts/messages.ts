/**
 * What the office reads: a lead's alert as an SMS, a team-chat post and an e-mail; the morning
 * summary of what came in while it was closed; the daily spam digest. Texts come from
 * data/lead-messages.yaml (officeAlerts); visitor text is one line, cut short, and escaped for
 * each channel (chat markup, HTML).
 */
import { fill } from "../mail/escape.ts"
import { renderEmail, withSafeHeaders, type EmailMessage } from "../mail/layout.ts"
import { COMPANY, LEAD_MESSAGES } from "../site-data.generated.ts"
import type { AlertSubject } from "./subject.ts"

const COPY = LEAD_MESSAGES.officeAlerts

/** One alert of one lead: the subject, its "I'm on it" link, and who was alerted before when it is an escalation. */
export interface AlertView {
  subject: AlertSubject
  acknowledgeUrl: string
  /** Set on an escalation: the contacts alerted before, who did not acknowledge. */
  escalatedFrom?: readonly string[]
}

const when = (at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: COMPANY.timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(at)

const heading = ({ subject, escalatedFrom }: AlertView) =>
  fill(escalatedFrom ? COPY.escalatedSubject : COPY.newSubject, { kindLabel: subject.kindLabel, name: subject.name })

const escalationNote = (view: AlertView) =>
  view.escalatedFrom ? fill(COPY.escalatedNote, { alerted: view.escalatedFrom.join(", ") }) : ""

/** The number to call, in the form every phone turns into a call link. */
const callable = (s: AlertSubject) => s.tel.replace(/^tel:/, "")

/** An SMS: a few lines a lock screen shows, the number to tap and the link. */
export function alertSms(view: AlertView): string {
  const s = view.subject
  return [
    heading(view),
    escalationNote(view),
    `${COPY.rowLabels.phone}: ${callable(s)}`,
    s.request,
    `${COPY.rowLabels.source}: ${s.source}`,
    `${COPY.acknowledgeLabel}: ${view.acknowledgeUrl}`,
  ]
    .filter(Boolean)
    .join("\n")
}

/** Slack's markup: &, < and > escaped, so a visitor's text can neither link nor mention (`<!channel>`). */
export const chatEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** A chat post (Slack-compatible `text`), mentioning who must act. */
export function alertChat(view: AlertView, mention: string): string {
  const s = view.subject
  return [
    `${mention} *${chatEscape(heading(view))}*`,
    chatEscape(escalationNote(view)),
    `${COPY.rowLabels.phone}: <${s.tel}|${chatEscape(s.phone)}>`,
    `${COPY.rowLabels.request}: ${chatEscape(s.request)}`,
    `${COPY.rowLabels.source}: ${chatEscape(s.source)}`,
    `<${view.acknowledgeUrl}|${chatEscape(COPY.acknowledgeLabel)}>`,
  ]
    .filter(Boolean)
    .join("\n")
}

export function alertEmail(view: AlertView, to: string, from: string): EmailMessage {
  const s = view.subject
  const subject = heading(view)
  return withSafeHeaders({
    to,
    from,
    ...renderEmail({
      subject,
      heading: subject,
      intro: [escalationNote(view), COPY.intro].filter(Boolean).join(" "),
      actions: [
        { label: COPY.acknowledgeLabel, href: view.acknowledgeUrl },
        { label: fill(COPY.callLabel, { name: s.name }), href: s.tel },
      ],
      rows: [
        [COPY.rowLabels.phone, s.phone],
        [COPY.rowLabels.request, s.request],
        [COPY.rowLabels.source, s.source],
        [COPY.rowLabels.received, when(s.receivedAt)],
        [COPY.rowLabels.reference, s.id],
      ],
    }),
  })
}

/** The morning summary, oldest first: one entry per lead still waiting, each with its own link. */
export interface Summary {
  views: readonly AlertView[]
}

const summaryTitle = ({ views }: Summary) => fill(COPY.summarySubject, { count: String(views.length) })

/** SMS carries the first few in full (an SMS is at most 1,600 characters); the e-mail and chat have all. */
export function summarySms(summary: Summary, room = 1_500): string {
  const lines = [summaryTitle(summary), COPY.summaryIntro]
  let used = lines.join("\n").length
  let shown = 0
  for (const [i, view] of summary.views.entries()) {
    const s = view.subject
    const entry = `${i + 1}. ${s.name}, ${callable(s)}, ${s.kindLabel}: ${s.request}\n${COPY.acknowledgeLabel}: ${view.acknowledgeUrl}`
    if (used + entry.length + 40 > room) break
    lines.push(entry)
    used += entry.length + 1
    shown++
  }
  if (shown < summary.views.length) lines.push(`+${summary.views.length - shown} more in the e-mail`)
  return lines.join("\n")
}

export function summaryChat(summary: Summary, mention: string): string {
  return [
    `${mention} *${chatEscape(summaryTitle(summary))}*`,
    chatEscape(COPY.summaryIntro),
    ...summary.views.map(
      ({ subject: s, acknowledgeUrl }, i) =>
        `${i + 1}. ${chatEscape(s.name)} <${s.tel}|${chatEscape(s.phone)}> · ${chatEscape(s.kindLabel)}: ${chatEscape(s.request)} · ${chatEscape(s.source)} · <${acknowledgeUrl}|${chatEscape(COPY.acknowledgeLabel)}>`,
    ),
  ].join("\n")
}

export function summaryEmail(summary: Summary, to: string, from: string): EmailMessage {
  const subject = summaryTitle(summary)
  return withSafeHeaders({
    to,
    from,
    ...renderEmail({
      subject,
      heading: subject,
      intro: COPY.summaryIntro,
      actions: summary.views.map(({ subject: s, acknowledgeUrl }, i) => ({
        label: `${i + 1}. ${COPY.acknowledgeLabel}: ${s.name}`,
        href: acknowledgeUrl,
      })),
      rows: summary.views.map(({ subject: s }, i) => [
        `${i + 1}. ${s.name} (${s.kindLabel})`,
        `${s.phone} · ${s.request} · ${s.source} · ${when(s.receivedAt)}`,
      ]),
    }),
  })
}

/** One submission filed as spam, as the digest lists it. */
export interface SpamEntry {
  id: string
  kindLabel: string
  name: string
  phone: string
  reason: keyof typeof COPY.spamReasons
  receivedAt: Date
  releaseUrl: string
}

export function spamDigestEmail(entries: readonly SpamEntry[], to: string, from: string): EmailMessage {
  const subject = fill(COPY.spamDigestSubject, { count: String(entries.length) })
  return withSafeHeaders({
    to,
    from,
    ...renderEmail({
      subject,
      heading: subject,
      intro: COPY.spamDigestIntro,
      actions: entries.map((e, i) => ({ label: `${i + 1}. ${COPY.notSpamLabel}: ${e.name}`, href: e.releaseUrl })),
      rows: entries.map((e, i) => [
        `${i + 1}. ${e.name} (${e.kindLabel})`,
        `${e.phone} · ${COPY.spamReasons[e.reason]} · ${when(e.receivedAt)}`,
      ]),
    }),
  })
}

/** What a dead job was, for the office: its kind, to whom, and its text. */
export interface DeadJob {
  id: string
  kind: keyof typeof COPY.deadWhat
  attempts: number
  payload: Record<string, unknown>
}

const payloadText = (payload: Record<string, unknown>, key: string) =>
  typeof payload[key] === "string" ? payload[key] : ""

/**
 * The office's e-mail about a message the outbox gave up on: what it was, the provider's last error,
 * and its content, so the lead it was about can still be acted on by hand.
 */
export function deadJobEmail(job: DeadJob, error: string, to: string, from: string): EmailMessage {
  const what = fill(COPY.deadWhat[job.kind], { to: payloadText(job.payload, "to") })
  const tries = job.attempts === 1 ? "1 try" : `${job.attempts} tries`
  const subject = fill(COPY.deadSubject, { tries, what })
  const content =
    payloadText(job.payload, "body") ||
    payloadText(job.payload, "text") ||
    JSON.stringify(job.payload, null, 2).slice(0, 4_000)
  return withSafeHeaders({
    to,
    from,
    ...renderEmail({
      subject,
      heading: subject,
      intro: COPY.deadIntro,
      rows: [
        [COPY.deadRows.error, error.slice(0, 500)],
        [COPY.deadRows.message, content],
      ],
    }),
  })
}
