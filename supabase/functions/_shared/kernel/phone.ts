/**
 * Phone numbers, read one way by the contract (at least 10 digits), Ads tracking (E.164) and the
 * office's alerts (tel: links, on-call numbers): ours are US numbers typed in any format.
 */

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/

/** The digits of a number: spaces, dashes, dots, brackets and the plus removed. */
export const phoneDigits = (value: string) => value.replace(/\D/g, "")

/** A US number in E.164: 10 digits get +1, 11 that start with 1 get +; anything else is undefined. */
export function phoneE164(phone: string): string | undefined {
  const digits = phoneDigits(phone)
  if (digits.length === 10) return `+1${digits}`
  return digits.length === 11 && digits.startsWith("1") ? `+${digits}` : undefined
}

/** `tel:` with the digits of a visitor's number: a US number gets +1, one with a + keeps its country code. */
export function telUri(phone: string): string {
  const digits = phoneDigits(phone)
  if (phone.trim().startsWith("+")) return `tel:+${digits}`
  return `tel:${phoneE164(phone) ?? digits}`
}
