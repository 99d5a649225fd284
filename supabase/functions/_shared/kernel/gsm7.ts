/**
 * SMS encoding and cost. A text made only of GSM 03.38 characters (the GSM-7 alphabet) travels in
 * 7-bit septets: 160 in one segment, 153 per segment once it needs several (a header takes the rest).
 * One character outside the alphabet turns the whole text into UCS-2: 70 UTF-16 units in one
 * segment, 67 per segment after that. Every segment is billed, so our texts stay GSM-7 and a
 * visitor's characters outside it are transliterated before an SMS is sent.
 */

/** The basic table: one septet each (3GPP TS 23.038 §6.2.1; ESC, 0x1B, is not a character). */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"

/** The extension table: ESC then the character, two septets each. */
const EXTENSION = "\f^{}\\[~]|€"

const BASIC_SET: ReadonlySet<string> = new Set(BASIC)
const EXTENSION_SET: ReadonlySet<string> = new Set(EXTENSION)

/** Septets a character costs in GSM-7, or null when it is not in the alphabet. */
export const septetsOf = (char: string): 1 | 2 | null => (BASIC_SET.has(char) ? 1 : EXTENSION_SET.has(char) ? 2 : null)

export const isGsm7 = (text: string): boolean => Array.from(text).every((char) => septetsOf(char) !== null)

/** The characters of a text outside GSM-7, each once, for a message that names them. */
export const nonGsm7 = (text: string): string[] => [
  ...new Set(Array.from(text).filter((char) => septetsOf(char) === null)),
]

export interface SmsSize {
  encoding: "GSM-7" | "UCS-2"
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number
  segments: number
}

/**
 * Splits `costs` (one per character) into segments of at most `perSegment` units without splitting a
 * character: an escape pair or a surrogate pair is never cut across two segments.
 */
function segmentsOf(costs: readonly number[], single: number, perSegment: number): number {
  const total = costs.reduce((sum, cost) => sum + cost, 0)
  if (total === 0) return 1
  if (total <= single) return 1
  let segments = 1
  let used = 0
  for (const cost of costs) {
    if (used + cost > perSegment) {
      segments++
      used = 0
    }
    used += cost
  }
  return segments
}

/** How an SMS provider encodes and splits a text. */
export function smsSize(text: string): SmsSize {
  const chars = Array.from(text)
  const septets = chars.map(septetsOf)
  if (septets.every((cost): cost is 1 | 2 => cost !== null))
    return {
      encoding: "GSM-7",
      units: septets.reduce<number>((sum, cost) => sum + cost, 0),
      segments: segmentsOf(septets, 160, 153),
    }
  const units = chars.map((char) => char.length)
  return {
    encoding: "UCS-2",
    units: units.reduce((sum, n) => sum + n, 0),
    segments: segmentsOf(units, 70, 67),
  }
}

/** Septets of a GSM-7 text (characters outside the alphabet counted as the one "?" they become). */
export const septetCount = (text: string): number =>
  Array.from(text).reduce((sum, char) => sum + (septetsOf(char) ?? 1), 0)

/** Look-alikes with a GSM-7 spelling: typographic quotes and dashes, our separators, spaces. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "`": "'",
  "´": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "«": '"',
  "»": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "·": "-",
  "•": "-",
  "\u2219": "-",
  "…": "...",
  "×": "x",
  "÷": "/",
  "°": "o",
  "©": "(c)",
  "®": "(R)",
  "™": "TM",
  œ: "oe",
  Œ: "OE",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  "¢": "c",
  "\u00a0": " ",
}

/**
 * A text in the GSM-7 alphabet, readable: characters of the alphabet stay (é, ñ, ü, ß and the rest of
 * its letters), look-alikes become their plain spelling ("…" "...", "–" "-", "“" '"'), other accented
 * letters lose their accent ("García" "Garcia", "Zoë" "Zoe"), any space becomes a space, and what has
 * no spelling (emoji, other scripts) becomes "?".
 */
export function toGsm7(text: string): string {
  let out = ""
  for (const char of text) {
    if (septetsOf(char) !== null) out += char
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char]
    else if (/\p{Zs}/u.test(char)) out += " "
    else {
      // Decomposed, a letter with a mark is its base letter and the mark (and a compatibility form, such as
      // a full-width letter or a ligature, its plain letters): keep what is GSM-7.
      const base = char.normalize("NFKD").replace(/\p{M}/gu, "")
      out += base !== "" && isGsm7(base) ? base : /\p{M}/u.test(char) ? "" : "?"
    }
  }
  return out
}
