/**
 * A text a customer (or anyone) sent to one of the company's numbers, as Twilio's inbound-message
 * webhook posts it (receive-text): stored once per MessageSid, and answered the same to every retry.
 * An opt-out word (texts/keywords.ts) records the number's opt-out with its time (texts/opt-outs.ts), an
 * opt-in word lifts it, HELP is answered with the company's name and phone in the word's language; any
 * other text is a reply for the office (texts/replies.ts). What we answer Twilio is TwiML: empty, or a
 * <Message> Twilio texts back.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { fill } from "../kernel/escape.ts"
import { toGsm7 } from "../kernel/gsm7.ts"
import { E164 } from "../kernel/phone.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import type { FormParams } from "../twilio/signature.ts"
import { EMPTY_TWIML, messageTwiml } from "../twilio/twiml.ts"
import { keywordOf, type Keyword, type KeywordKind } from "./keywords.ts"
import { optedOutAt, recordConsentEvent } from "./opt-outs.ts"

/** What the webhook reads of Twilio's parameters. */
export interface InboundText {
  messageSid: string
  from: string
  to: string
  body: string
  /** Twilio's own reading of a keyword it handled (Advanced Opt-Out): STOP, START or HELP. */
  optOutType?: string
}

/** A message's SID as Twilio gives it: SM (a text) or MM (with media), then 32 hex digits. */
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i

const one = (params: FormParams, name: string) => params.get(name)?.[0]

export type ReadInbound =
  | { ok: true; text: InboundText }
  /** A post no Twilio inbound message is: refused with 400, nothing stored. */
  | { ok: false; status: 400; error: string }
  /** Twilio's, but not for us to act on (a number not ours, a sender that is no phone number): an empty answer. */
  | { ok: false; status: 200; note: string }

/** The text Twilio posted, or why it is not one we store. */
export function readInbound(params: FormParams, config: BackendConfig): ReadInbound {
  const messageSid = one(params, "MessageSid")
  const from = one(params, "From")
  const to = one(params, "To")
  if (!messageSid || !MESSAGE_SID.test(messageSid)) return { ok: false, status: 400, error: "MessageSid is missing" }
  if (!from || !to) return { ok: false, status: 400, error: "From or To is missing" }
  const { numbers } = config.texts
  if (numbers.length > 0 && !numbers.includes(to)) return { ok: false, status: 200, note: "not one of our numbers" }
  if (!E164.test(from)) return { ok: false, status: 200, note: "the sender is not a phone number" }
  return {
    ok: true,
    text: { messageSid, from, to, body: one(params, "Body") ?? "", optOutType: one(params, "OptOutType") },
  }
}

const texts = (keyword: Keyword) => CUSTOMER_TEXTS[keyword.language].messages.customerSms

const TEXT_OF: Readonly<Record<KeywordKind, "help" | "optedOut" | "optedIn">> = {
  help: "help",
  opt_out: "optedOut",
  opt_in: "optedIn",
}

/**
 * What a keyword is answered with: its words in the keyword's language (GSM-7), or nothing when Twilio's
 * own opt-out handling answers it (the English words, unless TEXT_KEYWORD_REPLIES=all): never twice.
 */
export function keywordAnswer(keyword: Keyword, config: BackendConfig): string {
  if (keyword.twilioAnswers && !config.texts.answerEnglishKeywords) return EMPTY_TWIML
  const words = fill(texts(keyword)[TEXT_OF[keyword.kind]], { company: COMPANY.name, phone: COMPANY.phone.display })
  return messageTwiml(toGsm7(words))
}

/** What storing a text came to: the TwiML to answer, and whether it was new (a retry stores nothing). */
export interface Received {
  twiml: string
  fresh: boolean
}

/**
 * Stores one text and acts on it, in one transaction: the MessageSid's row is inserted first, so a
 * retry racing the first waits for it and then finds the row (a unique key, not a read-then-write) and
 * answers what the first answered. `reply` stores a text that is no keyword on its request and alerts
 * the office (texts/replies.ts).
 */
export async function receiveText(
  db: Db,
  config: BackendConfig,
  text: InboundText,
  at: Date,
  reply: (tx: Db, text: InboundText, at: Date) => Promise<void>,
): Promise<Received> {
  const found = keywordOf(text.body, text.optOutType)
  // "Yes" or "Start" from a number that never opted out answers one of our texts ("can you come at 3?"):
  // a reply for the office, not an opt-in to record (Twilio may have answered it; we add nothing).
  const keyword = found?.kind === "opt_in" && (await optedOutAt(db, text.from)) === null ? null : found
  const kind: KeywordKind | "reply" = keyword?.kind ?? "reply"
  const twiml = keyword ? keywordAnswer(keyword, config) : EMPTY_TWIML
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ message_sid: string }>(
      `insert into inbound_texts (message_sid, from_e164, to_e164, body, kind, answer, received_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (message_sid) do nothing returning message_sid`,
      [text.messageSid, text.from, text.to, text.body, kind, twiml, at.toISOString()],
    )
    if (inserted.length === 0) {
      const [kept] = await tx.query<{ answer: string }>(`select answer from inbound_texts where message_sid = $1`, [
        text.messageSid,
      ])
      return { twiml: kept?.answer ?? EMPTY_TWIML, fresh: false }
    }
    if (keyword && (keyword.kind === "opt_out" || keyword.kind === "opt_in"))
      await recordConsentEvent(tx, {
        phone: text.from,
        kind: keyword.kind,
        word: keyword.word,
        messageSid: text.messageSid,
        at,
      })
    if (!keyword) await reply(tx, text, at)
    return { twiml, fresh: true }
  })
}
