/**
 * The address a visitor likely meant when its domain looks like a typo of a common one (`ana@gmail.con` →
 * `ana@gmail.com`), from @zootools/email-spell-checker (a few KB, loaded with a form, never with the contract).
 * Only a suggestion: the form shows it under the field and the functions flag it for the office; nothing is refused.
 */
import { POPULAR_DOMAINS, POPULAR_TLDS, run } from "@zootools/email-spell-checker"

/**
 * The library's common domains, and those of our Spanish-speaking visitors that it lacks: without them it took
 * `yahoo.com.mx` and `hotmail.es` for typos of `yahoo.com` and `hotmail.co`.
 */
const DOMAINS = [
  ...POPULAR_DOMAINS,
  "yahoo.com.mx",
  "hotmail.com.mx",
  "live.com.mx",
  "outlook.com.mx",
  "prodigy.net.mx",
  "hotmail.es",
  "outlook.es",
  "yahoo.es",
  "live.com",
]
const TOP_LEVEL_DOMAINS = [...POPULAR_TLDS, "com.mx", "net.mx", "org.mx", "es", "com.co", "com.ar"]

export function likelyAddress(typed: string): string | null {
  const address = typed.trim()
  if (!address.includes("@")) return null
  const suggestion = run({ email: address, domains: DOMAINS, topLevelDomains: TOP_LEVEL_DOMAINS })
  return suggestion && suggestion.full.toLowerCase() !== address.toLowerCase() ? suggestion.full : null
}
