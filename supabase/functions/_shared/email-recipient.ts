/**
 * A visitor's e-mail address as the functions send to it: the contract accepted what a mail system can
 * deliver (kernel/email-address.ts); here it becomes the address the e-mail API is given, its domain in
 * ASCII (`ana@bücher.de` → `ana@xn--bcher-kva.de`). The e-mail API is not promised SMTPUTF8, so a non-ASCII
 * local part (`josé@ejemplo.mx`) is stored as typed and not e-mailed, and the office is told; a likely typo
 * (`ana@gmail.con`) is sent as typed, the visitor having been shown the suggestion, and flagged for the office.
 */
import { asciiEmailAddress, isEmailAddress } from "./kernel/email-address.ts"
import { likelyAddress } from "./kernel/email-suggestion.ts"
import type { LeadFlag } from "./intake/lead-flags.ts"

/** Where a confirmation may go: the ASCII address, or null (none given, or one the e-mail API cannot take). */
export const sendableAddress = (typed: string | null | undefined): string | null =>
  typed ? asciiEmailAddress(typed.trim()) : null

/**
 * What the office should know of an address (lead-flags.ts): one the e-mail API cannot send to (so the
 * visitor was not e-mailed), and a likely typo. Details name the domain, never the address.
 */
export function emailFlags(typed: string | null | undefined): LeadFlag[] {
  const address = typed?.trim() ?? ""
  if (!address || !isEmailAddress(address)) return []
  const domain = address.slice(address.lastIndexOf("@") + 1)
  const likely = likelyAddress(address)?.split("@").pop()
  return [
    ...(sendableAddress(address) === null
      ? [
          {
            code: "email_not_sendable" as const,
            detail: `non-ASCII name before the @ (domain "${domain}"): not e-mailed`,
          },
        ]
      : []),
    ...(likely ? [{ code: "email_likely_typo" as const, detail: `domain "${domain}", likely "${likely}"` }] : []),
  ]
}
