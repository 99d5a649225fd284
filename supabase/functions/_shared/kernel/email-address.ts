/**
 * The one e-mail address rule, for the forms and the functions alike (and for the reply-to of the
 * company's notice): an address a mail system can deliver. Stricter than Yup's built-in (the HTML form
 * rule), which accepts `john@gmail` and `a..b@x.com`, and wider than plain ASCII: RFC 5321/5322 "dot-atom"
 * local part, where RFC 6531 also allows any visible non-ASCII character (`josé@ejemplo.mx`), and a domain
 * of at least two DNS labels once in its ASCII (IDNA, punycode) form (`ana@bücher.de` is
 * `ana@xn--bcher-kva.de`), whose top-level domain is letters or an `xn--` label.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
/**
 * RFC 6531's UTF8-non-ascii, less what cannot be seen (controls, format characters, spaces of any script) and
 * U+FFFD, which stands where a broken character was (json-input.ts): no address a visitor typed holds one.
 */
const UTF8_ATEXT = "[^\\p{ASCII}\\p{C}\\p{Z}\\uFFFD]"
const LOCAL_ATOM = `(?:${ATEXT}|${UTF8_ATEXT})+`
const LOCAL_PART = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*$`, "u")
const ASCII_LOCAL_PART = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`)
const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/
/** In a domain, ASCII is only letters, digits, dots and hyphens: no character a URL would read as something else (`%`, `/`, `:`). */
const DOMAIN_CHARACTERS = /^(?:[A-Za-z0-9.-]|\P{ASCII})+$/u

export const EMAIL_MAX_LENGTH = 254
/** RFC 5321 §4.5.3.1.1, in octets (a UTF-8 local part's characters may take several). */
const LOCAL_PART_MAX_OCTETS = 64

/** A text's length in UTF-8 octets (counted by code point: no TextEncoder, which some test DOMs lack). */
function octets(text: string): number {
  let sum = 0
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0
    sum += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4
  }
  return sum
}

/**
 * A domain in its ASCII (punycode) form, by the WHATWG URL parser's IDNA processing (Node, Deno and browsers
 * alike: `bücher.de` → `xn--bcher-kva.de`, lower-cased); null when it is no domain name.
 */
export function asciiDomain(domain: string): string | null {
  if (!DOMAIN_CHARACTERS.test(domain)) return null
  try {
    const { hostname } = new URL(`http://${domain}/`)
    const labels = hostname.split(".")
    return hostname.length <= 253 &&
      labels.length >= 2 &&
      labels.every((label) => DNS_LABEL.test(label)) &&
      TOP_LEVEL.test(labels[labels.length - 1] ?? "")
      ? hostname
      : null
  } catch {
    return null
  }
}

/** An address's local part and domain, split at its last @ (a local part never holds one unquoted). */
const partsOf = (address: string) => {
  const at = address.lastIndexOf("@")
  return at < 1 ? null : { local: address.slice(0, at), domain: address.slice(at + 1) }
}

export function isEmailAddress(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false
  const parts = partsOf(address)
  return (
    parts !== null &&
    octets(parts.local) <= LOCAL_PART_MAX_OCTETS &&
    LOCAL_PART.test(parts.local) &&
    asciiDomain(parts.domain) !== null
  )
}

/**
 * The address in the form every mail system takes, its domain in ASCII (`ana@xn--bcher-kva.de`); null when
 * it is no address, or its local part is not ASCII (only a mail system with SMTPUTF8 can deliver `josé@…`).
 */
export function asciiEmailAddress(address: string): string | null {
  const parts = isEmailAddress(address) ? partsOf(address) : null
  if (!parts || !ASCII_LOCAL_PART.test(parts.local)) return null
  return `${parts.local}@${asciiDomain(parts.domain) ?? ""}`
}
