/**
 * Phone numbers as the site reads them, light enough for the pages' JavaScript: the contract counts the
 * digits of the number without its extension, and Ads tracking sends an E.164 only when the visitor gave
 * the country (a + or 00) or typed a US/Canadian (NANP) number. The functions parse numbers for real
 * with libphonenumber-js (../phone-number.ts), which is too heavy for the pages.
 */

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/

/** The digits of a number: spaces, dashes, dots, brackets and the plus removed. */
export const phoneDigits = (value: string) => value.replace(/\D/g, "")

/**
 * The ways a visitor writes an extension after the number: `x123`, `ext. 45`, `ext 45`, `extension 45`,
 * Spanish `extensión 45` and `anexo 45`, `#45` and RFC 3966's `;ext=45`. libphonenumber-js reads the same
 * spellings; this copy only tells the contract which digits are the number's.
 */
const EXTENSION = /(?:;\s*ext\s*=|\s*(?:extensi[oó]n|anexo|ext\.?|x|#))\s*(\d{1,10})\s*#?\s*$/iu

/** The number and its extension as typed: "914-555-0100 x123" → number "914-555-0100", extension "123". */
export function splitExtension(typed: string): { number: string; extension: string | undefined } {
  const match = EXTENSION.exec(typed)
  // An "extension" with no number before it is no extension ("#45" alone).
  if (!match || phoneDigits(typed.slice(0, match.index)).length === 0) return { number: typed, extension: undefined }
  return { number: typed.slice(0, match.index).trim(), extension: match[1] }
}

/** A number the visitor wrote with its country code: a leading + or the international prefix 00. */
export const hasCountryCode = (number: string) => /^\s*(?:\+|00)/.test(number)

/**
 * The number in E.164 when the visitor said its country: with a + or 00, its digits; a NANP number typed
 * without it, 10 digits (or 11 starting with 1) get +1. Anything else is undefined: no country is guessed.
 */
export function phoneE164(phone: string): string | undefined {
  const { number } = splitExtension(phone)
  const digits = phoneDigits(number)
  if (hasCountryCode(number)) {
    const international = `+${number.trim().startsWith("+") ? digits : digits.slice(2)}`
    return E164.test(international) ? international : undefined
  }
  if (digits.length === 10) return `+1${digits}`
  return digits.length === 11 && digits.startsWith("1") ? `+${digits}` : undefined
}
