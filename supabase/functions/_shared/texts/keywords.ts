/**
 * The words a customer texts to opt out of our texts, to opt back in, or to ask for help: the one list,
 * in English and Spanish. A text is a keyword only when it is the word alone (any case, spaces and a
 * final full stop or exclamation mark aside), as carriers and Twilio read them: "stop." opts out, "please
 * stop texting me at 3" is a reply the office reads (and may act on).
 *
 * Twilio's default opt-out handling, on for every number unless the account turns it off, reads the
 * English words itself: it blocks later messages to a number that sent STOP (error 21610) and answers
 * STOP, START and HELP with its own reply. `twilioAnswers` marks those words: for them our webhook answers
 * nothing (unless TEXT_KEYWORD_REPLIES=all says the account's Advanced Opt-Out replies are off), so the
 * customer never gets two answers. The Spanish words Twilio does not read: we record them and answer.
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

/** The text as a keyword is matched: trimmed, a final "." or "!" off, accents off (SÍ is SI), upper case. */
const asWord = (body: string) =>
  body
    .trim()
    .replace(/[.!¡]+$/u, "")
    .replace(/^¡/u, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()

/** The keyword a text is, with the word as matched, or null for any other text (a reply). */
export function keywordOf(body: string): (Keyword & { word: string }) | null {
  const word = asWord(body)
  const keyword = KEYWORDS.get(word)
  return keyword ? { ...keyword, word } : null
}
