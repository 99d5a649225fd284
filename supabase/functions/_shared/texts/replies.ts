/**
 * A text that is no keyword: a customer's reply ("can you come at 3 instead?"), or a first text from a
 * number we know nothing of. It is kept linked to the newest request stored with that number (a lead or
 * a contact message, by its number as read: E.164), and it reaches the office as a message of its own
 * that came by text (contact_messages, channel 'sms'): alerted and escalated as a contact message is,
 * "New text from <name or number>" with its words, in the language of the request it answers. A number
 * that keeps texting is within a budget per window (TEXT_REPLIES_PER_NUMBER per RATE_LIMIT_WINDOW_SECONDS):
 * past it, the text is kept on its request, and the office is not alerted again.
 */
import { randomUUID } from "node:crypto"
import { startAlerts } from "../alerts/escalation.ts"
import { messageSubject, SUBJECT_COLUMNS, type MessageSubjectRow } from "../alerts/subject.ts"
import type { BackendConfig } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import { claimReference } from "../intake/reference-claim.ts"
import { isLanguage } from "../kernel/languages.ts"
import { referenceFor } from "../kernel/reference.ts"
import { parsePhone, readablePhone } from "../phone-number.ts"
import { takeRateLimit } from "../spam/rate-limit.ts"
import type { InboundText } from "./inbound.ts"

/** The newest request stored with this number: a lead or a contact form's message (not a text's own), whichever came last. */
export interface RequestOfNumber {
  record: "lead" | "message"
  id: string
  name: string
  language: string
}

export async function newestRequestOf(db: Pick<Db, "query">, phone: string): Promise<RequestOfNumber | null> {
  const [newest] = await db.query<RequestOfNumber>(
    `select record, id, name, language from (
       select 'lead' as record, id, full_name as name, language, created_at from leads where phone_e164 = $1
       union all
       select 'message' as record, id, name, language, created_at from contact_messages
       where phone_e164 = $1 and channel = 'web'
     ) requests order by created_at desc limit 1`,
    [phone],
  )
  return newest ?? null
}

/** What became of a reply: the request it was kept on (if any), and the office's message of it (none past the budget). */
export interface KeptReply {
  request: RequestOfNumber | null
  messageId: string | null
}

/** Whether the number may start one more alert in this window (its key a salted hash: no number is stored there). */
async function withinBudget(tx: Db, config: BackendConfig, phone: string, at: Date): Promise<boolean> {
  const { repliesPerNumber } = config.texts
  if (repliesPerNumber === 0) return true
  const key = sha256Hex(`${config.ipHashSalt}:text-replies:${phone}`)
  const verdict = await takeRateLimit(
    tx,
    key,
    { rateLimitMax: repliesPerNumber, rateLimitWindowSeconds: config.spam.rateLimitWindowSeconds },
    at.getTime(),
  )
  return verdict.allowed
}

/** Stores a reply (in the text's own transaction) and starts the office's alerts of it. */
export async function keepReply(tx: Db, config: BackendConfig, text: InboundText, at: Date): Promise<KeptReply> {
  const request = await newestRequestOf(tx, text.from)
  if (request)
    await tx.query(
      `update inbound_texts set ${request.record === "lead" ? "lead_id" : "contact_message_id"} = $2 where message_sid = $1`,
      [text.messageSid, request.id],
    )
  if (!(await withinBudget(tx, config, text.from, at))) return { request, messageId: null }
  const name = request?.name ?? readablePhone(parsePhone(text.from))
  const language = request && isLanguage(request.language) ? request.language : "en"
  // A reference as every request has (WEB…), for the office to name it by.
  const submissionId = randomUUID()
  const reference = await claimReference(tx, referenceFor(undefined, submissionId), submissionId)
  // No e-mail came with a text: the column takes none as empty, as a body read without one stores it.
  const [row] = await tx.query<MessageSubjectRow>(
    `insert into contact_messages (submission_id, reference, channel, name, email, phone, phone_e164, message, language, created_at)
     values ($1, $2, 'sms', $3, '', $4, $4, $5, $6, $7)
     returning ${SUBJECT_COLUMNS.message.join(", ")}`,
    [submissionId, reference, name, text.from, text.body, language, at.toISOString()],
  )
  if (!row) throw new Error("the text's message was not stored")
  await tx.query(`update inbound_texts set message_id = $2 where message_sid = $1`, [text.messageSid, row.id])
  await startAlerts(tx, messageSubject(row), at, config, [])
  return { request, messageId: row.id }
}
