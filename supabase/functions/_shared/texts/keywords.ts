/**
 * The words a customer texts to opt out of our texts, to opt back in, or to ask for help: the one list,
 * in English and Spanish. A text is a keyword only when it is the word alone (any case, spaces and a
 * final full stop or exclamation mark aside), as carriers and Twilio read them: "stop." opts out, "please
 * stop texting me at 3" is a reply the office reads (and may act on).
 *
 * Twilio's default opt-out handling, on for every long-code number unless the account turns it off, reads
 * the English words itself: it blocks later messages to a number that sent an opt-out word (error 21610)
 * and answers the opt-out, opt-in and help words with its own reply. `twilioAnswers` marks those words: for
 * them our webhook answers nothing (unless TEXT_KEYWORD_REPLIES=all says the account's Advanced Opt-Out
 * replies are off), so the customer never gets two answers. Twilio knows no Spanish word by default: we
 * record those and answer them, unless Twilio says it answered (OptOutType, `twilioKeywordKind`).
 *
 * Source of the English lists (checked 2026-12): Twilio's "Customize users' opt-in and opt-out experience
 * with Advanced Opt-Out" (twilio.com/docs/messaging/tutorials/advanced-opt-out: "By default, Twilio
 * handles ... STOP, UNSUBSCRIBE, END, QUIT, STOPALL, REVOKE, OPTOUT, and CANCEL") and its support article
 * "Twilio support for opt-out keywords (SMS STOP filtering)" (help.twilio.com/hc/en-us/articles/223134027:
 * START, YES and UNSTOP opt back in; HELP and INFO get its help reply; single-word messages only).
 * The Spanish words are ours (Twilio handles them only when added to a Messaging Service's Advanced Opt-Out).
 */
import type { Language } from "../kernel/languages.ts"

export type KeywordKind = "opt_out" | "opt_in" | "help"

export interface Keyword {
  kind: KeywordKind
  language: Language
  /** Twilio's default handling answers (and, for an opt-out, blocks) it itself. */
  twilioAnswers: boolean
}

const words = (kind: KeywordKind, language: Language, twilioAnswers: boolean, list: readonly string[]) =>
  list.map((word) => [word, { kind, language, twilioAnswers }] as const)

/** Each word as it is matched (upper case, accents off). */
export const KEYWORDS: ReadonlyMap<string, Keyword> = new Map([
  ...words("opt_out", "en", true, ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]),
  ...words("opt_in", "en", true, ["START", "UNSTOP", "YES"]),
  ...words("help", "en", true, ["HELP", "INFO"]),
  ...words("opt_out", "es", false, ["PARAR", "CANCELAR", "DETENER", "BAJA", "ALTO", "DESUSCRIBIR"]),
  ...words("opt_in", "es", false, ["ALTA", "COMENZAR", "INICIAR", "SI"]),
  ...words("help", "es", false, ["AYUDA"]),
])

/**
 * The kind Twilio itself gave a text: with Advanced Opt-Out on a Messaging Service, Twilio posts the
 * keywords it handled (its defaults and any word the account added, e.g. in Spanish) with `OptOutType`
 * STOP, START or HELP, and it has answered them already.
 */
const OPT_OUT_TYPES: Readonly<Record<string, KeywordKind>> = { STOP: "opt_out", START: "opt_in", HELP: "help" }

export function twilioKeywordKind(optOutType: string | undefined): KeywordKind | null {
  return (optOutType && OPT_OUT_TYPES[optOutType.toUpperCase()]) || null
}

/** The text as a keyword is matched: trimmed, a final "." or "!" off, accents off (SÍ is SI), upper case. */
const asWord = (body: string) =>
  body
    .trim()
    .replace(/[.!¡]+$/u, "")
    .replace(/^¡/u, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()

/**
 * The keyword a text is, with the word as matched, or null for any other text (a reply). Twilio's own
 * OptOutType, when it sent one, decides: Twilio has acted on it and answered (even a word not in our list,
 * which the account added in its console), so we answer nothing more.
 */
export function keywordOf(body: string, optOutType?: string): (Keyword & { word: string }) | null {
  const word = asWord(body)
  const keyword = KEYWORDS.get(word)
  const twilioKind = twilioKeywordKind(optOutType)
  if (twilioKind) return { kind: twilioKind, language: keyword?.language ?? "en", twilioAnswers: true, word }
  return keyword ? { ...keyword, word } : null
}
