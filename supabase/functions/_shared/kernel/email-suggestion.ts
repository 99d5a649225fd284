/**
 * The address a visitor likely meant when its domain looks like a typo of a common one (`ana@gmail.con` →
 * `ana@gmail.com`), from @zootools/email-spell-checker (a few KB, loaded with a form, never with the contract).
 * Only a suggestion: the form shows it under the field and the functions flag it for the office; nothing is refused.
 */
import { run } from "@zootools/email-spell-checker"

export function likelyAddress(typed: string): string | null {
  const address = typed.trim()
  if (!address.includes("@")) return null
  const suggestion = run({ email: address })
  return suggestion && suggestion.full.toLowerCase() !== address.toLowerCase() ? suggestion.full : null
}
