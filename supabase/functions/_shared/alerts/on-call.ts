/**
 * The on-call list: who is alerted about a new lead, in what order, through which channels, which languages
 * they speak, and who also takes alerts when the office is closed. It is configuration (ALERT_CONTACTS, JSON),
 * not code; a bad entry stops the functions at start with a message naming it, never an alert lost later.
 */
import { asciiEmailAddress } from "../kernel/email-address.ts"
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../kernel/languages.ts"
import { E164 } from "../kernel/phone.ts"
import { hasVisibleText } from "../kernel/visible-text.ts"

export interface OnCallContact {
  /** Recorded as who acknowledged a lead through this contact's link. */
  name: string
  /** Mobile number for SMS, E.164 (+ country code and number). */
  sms?: string
  /** A mention in the team chat (Slack `<@U024BE7LH>`, Google Chat `<users/123>`), or a name. */
  chat?: string
  email?: string
  /** Alerted at once outside business hours too (otherwise the alert waits for opening time). */
  afterHours: boolean
  /** The languages the contact can call back in (kernel/languages.ts), in no order; none listed: English only. */
  languages?: readonly Language[]
}

const FIELDS = new Set(["name", "sms", "chat", "email", "afterHours", "languages"])

/** A language as the list may write it ("es", "ES", "es-MX"), or null for one the site does not speak. */
const languageIn = (value: unknown): Language | null => {
  if (typeof value !== "string") return null
  const primary = value.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : null
}

/** Whether a contact can call back in `language`: one of their `languages`, or English when they list none. */
export const speaks = (contact: Pick<OnCallContact, "name" | "languages">, language: Language) =>
  (contact.languages ?? [DEFAULT_LANGUAGE]).includes(language)

/**
 * The list in the order a request in `language` is alerted and escalated: the contacts who speak it first (in
 * their listed order), then the others in theirs. A request in English, or one in a language nobody on the list
 * speaks, goes down the list as it is.
 */
export function routingOrder<C extends Pick<OnCallContact, "name" | "languages">>(
  contacts: readonly C[],
  language: Language,
): readonly C[] {
  if (language === DEFAULT_LANGUAGE) return contacts
  const speakers = contacts.filter((contact) => speaks(contact, language))
  if (speakers.length === 0) return contacts
  return [...speakers, ...contacts.filter((contact) => !speaks(contact, language))]
}

/** JSON.stringify's type says string, but it gives undefined for undefined and functions. */
const describe = (value: unknown): string => (value === undefined ? "nothing" : JSON.stringify(value))

/** Parses ALERT_CONTACTS; throws naming the entry and field of the first problem. */
export function parseOnCall(raw: string, variable = "ALERT_CONTACTS"): OnCallContact[] {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new Error(`${variable} is not valid JSON: give a list such as [{"name":"Dana","sms":"+19145550111"}]`)
  }
  if (!Array.isArray(json) || json.length === 0)
    throw new Error(
      `${variable} must be a non-empty JSON list of contacts such as [{"name":"Dana","sms":"+19145550111"}]`,
    )
  const seen = new Set<string>()
  return json.map((entry: unknown, index) => {
    const where = (field?: string) => {
      const named =
        typeof entry === "object" && entry !== null && "name" in entry && typeof entry.name === "string"
          ? ` ("${entry.name}")`
          : ""
      return `${variable} entry ${index + 1}${named}${field ? `, field "${field}"` : ""}`
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new Error(`${where()}: must be an object with a name and at least one of sms, chat, email`)
    const unknown = Object.keys(entry).filter((key) => !FIELDS.has(key))
    if (unknown.length > 0)
      throw new Error(`${where()}: has unknown field(s) ${unknown.join(", ")} (allowed: ${[...FIELDS].join(", ")})`)
    const fields: Record<string, unknown> = { ...entry }
    const text = (field: string, max: number): string | undefined => {
      const value = fields[field]
      if (value === undefined) return undefined
      if (typeof value !== "string" || !hasVisibleText(value) || value.trim().length > max)
        throw new Error(`${where(field)}: must be text of 1 to ${max} characters (got ${describe(value)})`)
      return value.trim()
    }
    const name = text("name", 60)
    if (name === undefined) throw new Error(`${where("name")}: is required`)
    if (seen.has(name.toLowerCase())) throw new Error(`${where("name")}: "${name}" is listed twice`)
    seen.add(name.toLowerCase())
    const sms = text("sms", 16)
    if (sms !== undefined && !E164.test(sms))
      throw new Error(`${where("sms")}: ${describe(sms)} is not an E.164 number such as +19145550123`)
    const email = text("email", 254)
    // Written as the e-mail API takes it: ASCII, an internationalised domain in its xn-- form.
    if (email !== undefined && asciiEmailAddress(email)?.toLowerCase() !== email.toLowerCase())
      throw new Error(`${where("email")}: ${describe(email)} is not an e-mail address in ASCII`)
    const chat = text("chat", 100)
    const afterHours = fields.afterHours ?? false
    if (typeof afterHours !== "boolean")
      throw new Error(`${where("afterHours")}: must be true or false (got ${describe(afterHours)})`)
    if (sms === undefined && email === undefined && chat === undefined)
      throw new Error(`${where()}: needs at least one of sms, chat, email`)
    const listed = fields.languages
    const languages = Array.isArray(listed) ? listed.map(languageIn) : null
    if (listed !== undefined && (languages === null || languages.length === 0 || languages.includes(null)))
      throw new Error(
        `${where("languages")}: must be a list of the languages the contact speaks, each one of ${LANGUAGES.join(", ")}, such as ["es", "en"] (got ${describe(listed)})`,
      )
    const spoken = languages?.filter((language): language is Language => language !== null)
    return {
      name,
      afterHours,
      ...(spoken === undefined ? {} : { languages: [...new Set(spoken)] }),
      ...(sms === undefined ? {} : { sms }),
      ...(chat === undefined ? {} : { chat }),
      ...(email === undefined ? {} : { email }),
    }
  })
}
