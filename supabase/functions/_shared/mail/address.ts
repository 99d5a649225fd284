/**
 * Whether a string is safe to hand the e-mail API as a bare address (reply_to).
 * Kept in this one place so it can be swapped for the contract's shared e-mail rule.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

export function isWellFormedAddress(value: string): boolean {
  if (value.length > 254) return false
  const at = value.lastIndexOf("@")
  if (at < 1) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split(".")
  // A dotless domain is valid in RFC 5321 but never a visitor's real mailbox, and the API refuses it.
  if (local.length > 64 || labels.length < 2) return false
  return LOCAL_PART.test(local) && labels.every((label) => DOMAIN_LABEL.test(label)) && /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? "")
}
