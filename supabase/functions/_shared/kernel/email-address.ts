/**
 * The one e-mail address rule, for the forms and the functions alike (and for the reply-to of the
 * company's notice). Stricter than Yup's built-in (the HTML form rule), which accepts `john@gmail`
 * and `a..b@x.com`: the e-mail API refuses such addresses, and a refused reply-to must never cost
 * the owner a lead. RFC 5321/5322 "dot-atom" local part, a domain of at least two DNS labels and a
 * top-level domain of letters (or an IDNA `xn--` label).
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const LOCAL_PART = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`)
const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

export const EMAIL_MAX_LENGTH = 254

export function isEmailAddress(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false
  const at = address.lastIndexOf("@")
  if (at < 1) return false
  const local = address.slice(0, at)
  const labels = address.slice(at + 1).split(".")
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DNS_LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1] ?? "")
  )
}
