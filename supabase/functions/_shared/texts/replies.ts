/**
 * A text that is no keyword: a customer's reply ("can you come at 3 instead?"). It is kept on the
 * newest request stored with that number (a lead or a contact message, by its number as read: E.164),
 * so the office sees it beside what it answers.
 */
import type { Db } from "../db.ts"
import type { InboundText } from "./inbound.ts"

/** The newest request stored with this number: a lead or a contact message, whichever came last. */
export interface RequestOfNumber {
  record: "lead" | "message"
  id: string
  name: string
  language: string
}

export async function newestRequestOf(db: Pick<Db, "query">, phone: string): Promise<RequestOfNumber | null> {
  const [newest] = await db.query<RequestOfNumber>(
    `select * from (
       select 'lead' as record, id, full_name as name, language, created_at from leads where phone_e164 = $1
       union all
       select 'message' as record, id, name, language, created_at from contact_messages where phone_e164 = $1
     ) requests order by created_at desc limit 1`,
    [phone],
  )
  return newest ?? null
}

/** Keeps a reply on the newest request of its sender's number (the text's own row stays, unlinked, when there is none). */
export async function keepReply(tx: Db, text: InboundText): Promise<RequestOfNumber | null> {
  const request = await newestRequestOf(tx, text.from)
  if (!request) return null
  await tx.query(
    `update inbound_texts set ${request.record === "lead" ? "lead_id" : "contact_message_id"} = $2 where message_sid = $1`,
    [text.messageSid, request.id],
  )
  return request
}
