/**
 * The local mailbox at /_dev/mail: every e-mail the outbox "sent" while no e-mail API is configured;
 * and beside it the local alerts page at /_dev/alerts: the SMS and team-chat alerts sent while no
 * provider is configured.
 */
import { Buffer } from "node:buffer"
import { Hono } from "hono"
import type { Db } from "../supabase/functions/_shared/db.ts"
import { escapeHtml } from "../supabase/functions/_shared/kernel/escape.ts"
import type { DevAlertRow, DevMailboxRow, PipelineCheckRow } from "../supabase/functions/_shared/rows.ts"

export type MailboxMessage = DevMailboxRow
/** A message as listed: without its attachments' content (a weekly report's CSV is megabytes). */
export type MailboxEntry = Omit<DevMailboxRow, "attachments">

const ENTRY_COLUMNS = `id, job_id, to_address, from_address, reply_to, subject, html, text_body, created_at`

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1e293b}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}iframe{width:100%;height:70vh;border:1px solid #cbd5e1}pre{white-space:pre-wrap;background:#f1f5f9;padding:1rem}</style>
</head><body>${body}</body></html>`

// Postgres rejects anything else in a uuid column (a 500): such an id names no message.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function mailboxRoutes(db: Db) {
  const mailbox = new Hono()
  const list = () =>
    db.query<MailboxEntry>(`select ${ENTRY_COLUMNS} from dev_mailbox order by created_at desc limit 200`)
  const message = async (id: string) =>
    UUID.test(id) ? (await db.query<MailboxMessage>(`select * from dev_mailbox where id = $1`, [id]))[0] : undefined

  mailbox.get("/", async (c) => {
    const messages = await list()
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.created_at.toISOString())}</td><td>${escapeHtml(m.to_address)}</td><td><a href="/_dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join("")
    return c.html(
      page(
        "Local mailbox",
        `<h1>Local mailbox</h1><p>${messages.length} message(s). E-mails land here while RESEND_API_KEY is not set. <a href="/_dev/mail.json">JSON</a></p>
         <table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
      ),
    )
  })
  mailbox.get("/:id", async (c) => {
    const m = await message(c.req.param("id"))
    if (!m) return c.html(page("Not found", "<h1>No such message</h1>"), 404)
    const files = (m.attachments ?? [])
      .map(
        (a, n) =>
          `<li><a href="/_dev/mail/${m.id}/attachments/${n}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)})</li>`,
      )
      .join("")
    return c.html(
      page(
        m.subject,
        `<p><a href="/_dev/mail">← All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
         <p>From ${escapeHtml(m.from_address)} to ${escapeHtml(m.to_address)}${m.reply_to ? `, reply to ${escapeHtml(m.reply_to)}` : ""}</p>
         ${files ? `<h2>Attachments</h2><ul>${files}</ul>` : ""}
         <iframe title="HTML version" sandbox="" srcdoc="${escapeHtml(m.html)}"></iframe><h2>Text version</h2><pre>${escapeHtml(m.text_body)}</pre>`,
      ),
    )
  })
  // An attachment as the file it was: downloaded, never shown as a page (its text is a visitor's).
  mailbox.get("/:id/attachments/:n", async (c) => {
    const file = (await message(c.req.param("id")))?.attachments?.[Number(c.req.param("n"))]
    if (!file) return c.html(page("Not found", "<h1>No such attachment</h1>"), 404)
    const name = file.filename.replace(/[^A-Za-z0-9._-]/g, "_")
    return c.body(Buffer.from(file.content, "base64"), 200, {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${name}"`,
      "x-content-type-options": "nosniff",
    })
  })
  return mailbox
}

export const mailboxJson = (db: Db) => async () =>
  db.query<MailboxEntry>(`select ${ENTRY_COLUMNS} from dev_mailbox order by created_at`)

/** The local alerts as JSON, oldest first (as /_dev/mail.json), for tests and scripts that wait for an alert. */
export const alertsJson = (db: Db) => async () =>
  db.query<DevAlertRow>(`select id, job_id, channel, to_address, body, created_at from dev_alerts order by created_at`)

/** Links in an alert's text made clickable (after escaping), so the office's links can be tried locally. */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>|"']+/g, (url) => `<a href="${url}">${url}</a>`)

/** A ping of the local stand-in for the outside dead-man's switch. */
export interface DevPingRow {
  id: string
  method: string
  query: string
  created_at: Date
}

/** The pings, oldest first, for tests and scripts that wait for one. */
export const pingsJson = (db: Db) => async () =>
  db.query<DevPingRow>(`select id, method, query, created_at from dev_pings order by created_at`)

/** The local stand-in for Healthchecks.io or Cronitor: it records each ping, whatever the method. */
export function pingRoutes(db: Db) {
  const pings = new Hono()
  pings.all("/", async (c) => {
    const query = new URL(c.req.url).search.slice(0, 200)
    await db.query(`insert into dev_pings (method, query) values ($1, $2)`, [c.req.method.slice(0, 10), query])
    return c.text("OK")
  })
  return pings
}

type CheckLine = Pick<
  PipelineCheckRow,
  "started_at" | "trigger" | "status" | "reference" | "notified" | "pinged_at"
> & {
  problems: string | null
}

const checksSection = (checks: readonly CheckLine[], pings: readonly DevPingRow[]) => {
  const rows = checks
    .map(
      (k) =>
        `<tr><td>${escapeHtml(k.started_at.toISOString())}</td><td>${escapeHtml(k.trigger)}</td><td>${escapeHtml(k.status)}</td><td>${escapeHtml(k.reference ?? "")}</td><td>${escapeHtml(k.problems ?? "")}</td><td>${escapeHtml(k.notified.join(", "))}</td><td>${k.pinged_at ? "pinged" : ""}</td></tr>`,
    )
    .join("")
  const last = pings.at(-1)
  return `<h2>Pipeline checks</h2><p>The daily check and <code>npm run check:pipeline</code> (POST /_dev/check-pipeline). A passing check pings the outside switch, here <code>/_dev/ping</code>: ${pings.length} ping(s)${last ? `, the last at ${escapeHtml(last.created_at.toISOString())}` : ""}. <a href="/_dev/pings.json">JSON</a></p>
<table><thead><tr><th>Started</th><th>Trigger</th><th>Status</th><th>Test request</th><th>Problems</th><th>Told by</th><th>Switch</th></tr></thead><tbody>${rows}</tbody></table>`
}

export function alertsRoutes(db: Db) {
  const alerts = new Hono()
  const list = alertsJson(db)
  const pings = pingsJson(db)
  const checks = () =>
    db.query<CheckLine>(
      `select started_at, trigger, status, reference, notified, pinged_at,
         (select string_agg(p->>'name', ', ') from jsonb_array_elements(report->'problems') p) as problems
       from pipeline_checks order by started_at desc limit 20`,
    )
  alerts.get("/", async (c) => {
    // Newest first on the page.
    const rows = (await list()).reverse()
    const items = rows
      .map(
        (a) =>
          `<tr><td>${escapeHtml(a.created_at.toISOString())}</td><td>${a.channel === "sms" ? "SMS" : "Chat"}</td><td>${escapeHtml(a.to_address)}</td><td><pre>${linked(a.body)}</pre></td></tr>`,
      )
      .join("")
    return c.html(
      page(
        "Local alerts",
        `<h1>Local alerts</h1><p>${rows.length} alert(s). SMS and team-chat alerts land here while Twilio and ALERT_CHAT_WEBHOOK_URL are not set; e-mail alerts are in the <a href="/_dev/mail">local mailbox</a>. <a href="/_dev/alerts.json">JSON</a></p>
         <table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Message</th></tr></thead><tbody>${items}</tbody></table>
         ${checksSection(await checks(), await pings())}`,
      ),
    )
  })
  return alerts
}
