/**
 * A number's consent to our texts as the customer last texted it: each opt-out word (STOP, PARAR…) and
 * each opt-in word (START, ALTA…) is an event of its own in sms_consent_events, kept for good, and the
 * newest says where the number stands. Every text we send is checked here when it is sent (not when it
 * was queued: a STOP may come in between), whether a customer's or an on-call person's.
 */
import type { Db } from "../db.ts"
import type { KeywordKind } from "./keywords.ts"

export type ConsentEvent = Extract<KeywordKind, "opt_out" | "opt_in">

/** Records an opt-out or opt-in of `phone` (E.164) at `at`, with the word and the text that said it. */
export async function recordConsentEvent(
  db: Pick<Db, "query">,
  event: { phone: string; kind: ConsentEvent; word: string; messageSid: string; at: Date },
): Promise<void> {
  await db.query(
    `insert into sms_consent_events (phone_e164, event, word, message_sid, at) values ($1, $2, $3, $4, $5)`,
    [event.phone, event.kind, event.word, event.messageSid, event.at.toISOString()],
  )
}

/** When `phone` (E.164) opted out of our texts, when its newest event is an opt-out; null when it may be texted. */
export async function optedOutAt(db: Pick<Db, "query">, phone: string): Promise<Date | null> {
  const [newest] = await db.query<{ event: string; at: Date }>(
    `select event, at from sms_consent_events where phone_e164 = $1 order by at desc, id desc limit 1`,
    [phone],
  )
  return newest?.event === "opt_out" ? new Date(newest.at) : null
}

/** Of `phones` (E.164), those whose newest event is an opt-out: when, and the word they texted. One read for a list. */
export async function optOutsOf(
  db: Pick<Db, "query">,
  phones: readonly string[],
): Promise<Map<string, { at: Date; word: string }>> {
  if (phones.length === 0) return new Map()
  const rows = await db.query<{ phone_e164: string; event: string; word: string; at: Date }>(
    `select distinct on (phone_e164) phone_e164, event, word, at from sms_consent_events
     where phone_e164 = any($1::text[]) order by phone_e164, at desc, id desc`,
    // An array literal: E.164 numbers are "+" and digits, nothing to quote.
    [`{${phones.join(",")}}`],
  )
  return new Map(
    rows.filter((r) => r.event === "opt_out").map((r) => [r.phone_e164, { at: new Date(r.at), word: r.word }]),
  )
}
