/** One plain, accessible e-mail layout, in HTML and in text, with every value escaped. */
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import { escapeHtml } from "../kernel/escape.ts"
import { LANGUAGE_FORMS, type Language } from "../kernel/languages.ts"
import { headerValue, subjectLine } from "./header.ts"

/** A file sent with an e-mail: its name, its bytes in base64, and its media type. */
export interface EmailAttachment {
  filename: string
  content: string
  contentType: string
}

export interface EmailMessage {
  to: string
  from: string
  replyTo?: string
  subject: string
  html: string
  text: string
  /** Files sent with it (the weekly report's CSV); none when absent. */
  attachments?: readonly EmailAttachment[]
}

export interface EmailContent {
  /** The language it is written in: its <html lang> (a screen reader's pronunciation) and its licence line. */
  language: Language
  subject: string
  heading: string
  intro: string
  rows: ReadonlyArray<readonly [label: string, value: string]>
  steps?: readonly string[]
  signOff?: string
  /** Headed blocks after the rows (a heading of level 3 sits under the level-2 one before it). */
  sections?: readonly EmailSection[]
  /** Buttons under the intro (in the text version, "label: address" lines): the office's one-tap links. */
  actions?: ReadonlyArray<{ label: string; href: string }>
}

export interface EmailSection {
  heading: string
  level: 2 | 3
  /** A sentence under the heading, for a block with nothing to list. */
  note?: string
  rows: ReadonlyArray<readonly [label: string, value: string]>
  /** Buttons under the block's rows (its own one-tap links, e.g. a spam record's "Not spam"). */
  actions?: ReadonlyArray<{ label: string; href: string }>
  /** Rows as "label: value" lines of one paragraph instead of a table: a fraction of the bytes, for long lists. */
  compact?: boolean
}

const ROW_STYLE = "border-bottom:1px solid #e2e8f0"
const tableHtml = (rows: ReadonlyArray<readonly [string, string]>) =>
  `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;${ROW_STYLE};width:40%">${escapeHtml(label)}</th><td style="padding:6px 0;${ROW_STYLE};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>`

const buttonHtml = (a: { label: string; href: string }) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(a.href)}" style="display:inline-block;padding:12px 20px;background:#0b6138;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(a.label)}</a></p>`

/** Rows as lines of one paragraph, each label bold. */
const linesHtml = (rows: ReadonlyArray<readonly [string, string]>) =>
  `<p style="margin:0 0 8px;line-height:1.5">${rows.map(([label, value]) => `<b>${escapeHtml(label)}:</b> ${escapeHtml(value)}`).join("<br>")}</p>`

const sectionHtml = ({ heading, level, note, rows, actions = [], compact = false }: EmailSection) => {
  const size = level === 2 ? 18 : 15
  const visible = rows.filter(([, value]) => value !== "")
  return [
    `<h${level} style="margin:16px 0 8px;font-size:${size}px;color:#0b6138">${escapeHtml(heading)}</h${level}>`,
    note ? `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(note)}</p>` : "",
    visible.length ? (compact ? linesHtml(visible) : tableHtml(visible)) : "",
    ...actions.map(buttonHtml),
  ]
    .filter(Boolean)
    .join("\n")
}

const sectionText = ({ heading, level, note, rows, actions = [] }: EmailSection) => [
  "",
  heading,
  (level === 2 ? "=" : "-").repeat(heading.length),
  ...(note ? [note] : []),
  ...rows.filter(([, value]) => value !== "").map(([label, value]) => `${label}: ${value}`),
  ...actions.map((a) => `${a.label}: ${a.href}`),
]

const companyLines = (language: Language) => [
  COMPANY.name,
  `${COMPANY.address.street}, ${COMPANY.address.city}, ${COMPANY.address.region} ${COMPANY.address.postalCode}`,
  `${COMPANY.phone.display} · ${COMPANY.email}`,
  CUSTOMER_TEXTS[language].licenseLine,
]

/** The message with every header value on one line (see header.ts); the outbox applies it before every send. */
export const withSafeHeaders = (message: EmailMessage): EmailMessage => ({
  ...message,
  to: headerValue(message.to),
  from: headerValue(message.from),
  subject: subjectLine(message.subject),
  ...(message.replyTo === undefined ? {} : { replyTo: headerValue(message.replyTo) }),
})

export function renderEmail(content: EmailContent): { subject: string; html: string; text: string } {
  const rows = content.rows.filter(([, value]) => value !== "")
  const html = `<!doctype html>
<html lang="${LANGUAGE_FORMS[content.language].tag}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f6;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 12px;font-size:22px;color:#0b6138">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content.intro)}</p>
${(content.actions ?? []).map(buttonHtml).join("\n")}
${tableHtml(rows)}
${(content.sections ?? []).map(sectionHtml).join("\n")}
${content.steps?.length ? `<ol style="margin:0 0 16px;padding-left:20px;line-height:1.5">${content.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>` : ""}
${content.signOff ? `<p style="margin:0 0 16px">${escapeHtml(content.signOff)}</p>` : ""}
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${companyLines(content.language).map(escapeHtml).join("<br>")}</p>
</div></body></html>`
  const text = [
    content.heading,
    "",
    content.intro,
    "",
    ...(content.actions?.length ? [...content.actions.map((a) => `${a.label}: ${a.href}`), ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(content.sections ?? []).flatMap(sectionText),
    ...(content.steps?.length ? ["", ...content.steps.map((s, i) => `${i + 1}. ${s}`)] : []),
    ...(content.signOff ? ["", content.signOff] : []),
    "",
    "--",
    ...companyLines(content.language),
  ].join("\n")
  return { subject: subjectLine(content.subject), html, text }
}
