/**
 * E-mail: through the Resend API, or, on the local backend with no API key, into the local mailbox
 * table. The job's id is the idempotency key, so a try whose outcome was unknown is simply sent again.
 */
import { asciiEmailAddress } from "../kernel/email-address.ts"
import { withSafeHeaders, type EmailAttachment, type EmailMessage } from "../mail/layout.ts"
import type { ChannelDeps, ChannelJob } from "../notify/channel.ts"
import { NotConfiguredError } from "./errors.ts"
import { refusal, request } from "./refusal.ts"

const isText = (value: unknown): value is string => typeof value === "string"

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The payload's attachments, each a file name, base64 content and media type; anything else fails the try. */
function attachmentsOf(value: unknown): EmailAttachment[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) throw new Error("The job's attachments are not a list")
  return value.map((item: unknown) => {
    if (!isObject(item) || !isText(item.filename) || !isText(item.content) || !isText(item.contentType))
      throw new Error("An attachment of the job is not a file (filename, content in base64 and contentType)")
    return { filename: item.filename, content: item.content, contentType: item.contentType }
  })
}

/** A job's payload as the e-mail it was queued as; one that is not (written by hand) fails its try like any error. */
function emailOf(payload: Record<string, unknown>): EmailMessage {
  const { to, from, replyTo, subject, html, text } = payload
  if (!isText(to) || !isText(from) || !isText(subject) || !isText(html) || !isText(text))
    throw new Error("The job's payload is not an e-mail (to, from, subject, html and text)")
  if (replyTo !== undefined && !isText(replyTo)) throw new Error("The job's reply-to address is not text")
  const attachments = attachmentsOf(payload.attachments)
  return {
    to,
    from,
    subject,
    html,
    text,
    ...(replyTo === undefined ? {} : { replyTo }),
    ...(attachments ? { attachments } : {}),
  }
}

/**
 * Sends one e-mail. Returns a note when it went out without its reply_to: a visitor's malformed address
 * (dropped before sending) or one the API refused (sent again at once without it), so the company
 * notice is never lost to reply_to; the visitor's address is in the body either way.
 */
export async function sendEmail(
  job: ChannelJob,
  { config, db, fetchImpl = fetch }: ChannelDeps,
  timeoutMs = config.outbox.timeoutMs,
): Promise<string | undefined> {
  // Headers on one line again at the door: a job queued by an older version, or written by hand, is sent safely too.
  const message = withSafeHeaders(emailOf(job.payload))
  // In the form the e-mail API takes (its domain in ASCII); one it cannot take is left out, never the lead.
  const replyTo = (message.replyTo && asciiEmailAddress(message.replyTo)) || undefined
  const dropped = message.replyTo && !replyTo ? "Sent without reply_to: it was not a well-formed address" : undefined
  if (config.mail.resendApiKey) {
    const post = (withReplyTo: string | undefined, idempotencyKey: string) =>
      request(
        "E-mail API",
        fetchImpl,
        `${config.mail.resendApiUrl}/emails`,
        {
          method: "POST",
          headers: {
            Authorization: `Bearer ${config.mail.resendApiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": idempotencyKey,
          },
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            reply_to: withReplyTo,
            subject: message.subject,
            html: message.html,
            text: message.text,
            // Resend's attachment: the file name and its content in base64 (40 MB per e-mail at most).
            attachments: message.attachments?.map((a) => ({
              filename: a.filename,
              content: a.content,
              content_type: a.contentType,
            })),
          }),
        },
        timeoutMs,
      )
    const response = await post(replyTo, job.id)
    if (response.ok) return dropped
    if (replyTo && (response.status === 400 || response.status === 422)) {
      const first = (await refusal("E-mail API", response)).message
      // A new key: the API refuses a reused key with a different body. It is the same on every try of this job.
      const again = await post(undefined, `${job.id}:without-reply-to`)
      if (again.ok) return `Sent without reply_to after the e-mail API refused it (${first})`
      throw await refusal("E-mail API (without reply_to)", again)
    }
    throw await refusal("E-mail API", response)
  }
  if (config.mail.localMailbox) {
    const values = [job.id, message.to, message.from, replyTo ?? null, message.subject, message.html, message.text]
    // The statement without attachments is the one every other e-mail has always used.
    const files = message.attachments?.length ? JSON.stringify(message.attachments) : undefined
    await db.query(
      `insert into dev_mailbox (job_id, to_address, from_address, reply_to, subject, html, text_body${files ? ", attachments" : ""})
       values ($1, $2, $3, $4, $5, $6, $7${files ? ", $8::text::jsonb" : ""}) on conflict (job_id) do nothing`,
      files ? [...values, files] : values,
    )
    return dropped
  }
  throw new NotConfiguredError("RESEND_API_KEY is not set, so e-mail cannot be sent")
}

/** An e-mail to the office (a notice, an alert): the alerts' shorter timeout (the job id keeps a retry single). */
export const sendOfficeEmail = (job: ChannelJob, deps: ChannelDeps) =>
  sendEmail(job, deps, deps.config.alerts.timeoutMs)
