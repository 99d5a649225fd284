/**
 * A visitor's phone number as the functions read it, with libphonenumber-js (its "max" metadata, which
 * knows each number's type): kept as typed, parsed to E.164 with its extension apart, written for the
 * office ("(914) 555-0100 ext. 123", `tel:+19145550100;ext=123` per RFC 3966), and the one decision of
 * whether the business may text it (textableNumber). No country is guessed: a number with a + or 00
 * names its own; one without is read as US/Canadian (NANP, the business's region) or not at all.
 */
import { parsePhoneNumberFromString, type PhoneNumber, type PhoneNumberType } from "libphonenumber-js/max"
import { hasCountryCode, phoneDigits, splitExtension } from "./kernel/phone.ts"
import type { LeadFlag } from "./intake/lead-flags.ts"

/** A number read: as typed always; E.164, extension and country when it is a real number. */
export interface ParsedPhone {
  typed: string
  /** `+19145550100`; null when the number could not be read as a valid number (it is kept as typed). */
  e164: string | null
  extension: string | null
  /** ISO 3166 region ("US", "CA", "CU"); null when unread, or a number shared by several (+800). */
  country: string | null
  /** The calling code without the plus ("1", "53"); null when unread. */
  callingCode: string | null
  type: PhoneNumberType | null
  /** As the office reads it (readablePhone). */
  readable: string
}

const UNREAD = (typed: string): ParsedPhone => ({
  typed,
  e164: null,
  extension: null,
  country: null,
  callingCode: null,
  type: null,
  readable: typed,
})

/** The regions the business texts: the US and Canada (its number and Twilio's sender are American). */
const TEXTABLE_REGIONS: readonly string[] = ["US", "CA"]

/** E.164's bound: a plus, a country code not starting with 0, at most 15 digits (Tokelau's have 7). */
const WITHIN_E164 = /^\+[1-9]\d{1,14}$/

/** The number in international form: a leading 00 is the international prefix, as a + is. */
const international = (number: string) => `+${number.trim().replace(/^\+/, "").replace(/^00/, "")}`

function parsed(typed: string): PhoneNumber | undefined {
  const { number, extension } = splitExtension(typed)
  const digits = phoneDigits(number)
  // Without a country code only a NANP number is read: 10 digits, or 11 that start with its 1.
  const nanp = digits.length === 10 || (digits.length === 11 && digits.startsWith("1"))
  if (!hasCountryCode(number) && !nanp) return undefined
  const phone = hasCountryCode(number)
    ? parsePhoneNumberFromString(international(number))
    : parsePhoneNumberFromString(number, "US")
  // Valid by the library's metadata and within E.164's 15 digits (the library accepts some longer German ones).
  if (!phone?.isValid() || !WITHIN_E164.test(phone.number)) return undefined
  // The extension is ours to read (kernel/phone.ts' spellings, at most 10 digits), so the contract and the functions
  // agree on it: one the library found where we see none (a longer one, another spelling) leaves the number unread.
  if (extension === undefined && phone.ext !== undefined) return undefined
  if (extension !== undefined) phone.setExt(extension)
  return phone
}

function read(typed: string): ParsedPhone {
  const phone = parsed(typed.trim())
  if (!phone) return UNREAD(typed)
  const country = phone.country ?? null
  return {
    typed,
    e164: phone.number,
    extension: phone.ext ?? null,
    country,
    callingCode: phone.countryCallingCode,
    type: phone.getType() ?? null,
    // The office's form, written once: US and Canadian numbers nationally, any other internationally.
    readable:
      country !== null && TEXTABLE_REGIONS.includes(country) ? phone.formatNational() : phone.formatInternational(),
  }
}

/**
 * The last numbers read, so one request's several readings (its columns, flags, notice, text) parse once:
 * a bounded map, oldest out first; a reading is frozen, so no caller can change another's.
 */
const RECENT = new Map<string, Readonly<ParsedPhone>>()
const RECENT_MAX = 64

/** Reads a number; one that is not a valid number (or would need a guessed country) is kept as typed, unread. */
export function parsePhone(typed: string): Readonly<ParsedPhone> {
  const known = RECENT.get(typed)
  if (known) return known
  const phone = Object.freeze(read(typed))
  if (RECENT.size >= RECENT_MAX) RECENT.delete(RECENT.keys().next().value ?? "")
  RECENT.set(typed, phone)
  return phone
}

/** RFC 3966's tel: URI (`tel:+19145550100;ext=123`); null for a number that could not be read. */
export const telUri = (phone: ParsedPhone): string | null =>
  phone.e164 ? `tel:${phone.e164}${phone.extension ? `;ext=${phone.extension}` : ""}` : null

/**
 * The number as the office reads it: a US/Canadian one nationally ("(914) 555-0100 ext. 123"), any other
 * internationally ("+53 5 1234567"), one that could not be read as typed.
 */
export const readablePhone = (phone: ParsedPhone): string => phone.readable

const isHomeRegion = (phone: ParsedPhone) => phone.country !== null && TEXTABLE_REGIONS.includes(phone.country)

/** The number types a text reaches (US and Canadian numbers cannot tell a mobile from a landline). */
const TEXTABLE_TYPES: readonly PhoneNumberType[] = ["MOBILE", "FIXED_LINE_OR_MOBILE", "FIXED_LINE"]

/** NANP toll-free area codes, and 900 (premium): never texted, whatever the metadata says of a number. */
const TOLL_FREE_AREAS: readonly string[] = ["800", "833", "844", "855", "866", "877", "888"]
const PREMIUM_AREAS: readonly string[] = ["900"]
/** The 976 exchange: premium-rate lines inside ordinary area codes ("(212) 976-1234"). */
const PREMIUM_EXCHANGES: readonly string[] = ["976"]

/** Why a number is not texted, for the flag's detail and the notice. */
export type NotTextable = "unread" | "foreign" | "toll_free" | "premium" | "extension" | "untextable_type"

export type Textable = { ok: true; to: string } | { ok: false; reason: NotTextable; detail: string }

const REASON_TEXTS: { readonly [R in NotTextable]: string } = {
  unread: "the number could not be read as a phone number",
  foreign: "not a US or Canadian number",
  toll_free: "a toll-free number",
  premium: "a premium-rate number",
  extension: "a number with an extension (a switchboard, not one person's phone)",
  untextable_type: "a number type that cannot take texts",
}

const notTextable = (reason: NotTextable, what = ""): Textable => ({
  ok: false,
  reason,
  detail: `${REASON_TEXTS[reason]}${what ? ` (${what})` : ""}`,
})

/** What kind of number it is, never the number: a flag's detail is no personal data. */
const kindOf = (phone: ParsedPhone) =>
  [phone.country ?? "", phone.callingCode ? `+${phone.callingCode}` : "", phone.type?.toLowerCase() ?? ""]
    .filter(Boolean)
    .join(" ")

/**
 * Whether the business may text this number, and where to: the one decision for every customer text (the
 * confirmation, the appointment's confirmation and reminder). Only a US or Canadian number of a type that
 * takes texts, not toll-free or premium, with no extension; else the reason, which the office is told.
 */
export function textableNumber(typed: string | ParsedPhone): Textable {
  const phone = typeof typed === "string" ? parsePhone(typed) : typed
  if (!phone.e164) return notTextable("unread")
  if (!isHomeRegion(phone)) return notTextable("foreign", kindOf(phone))
  const national = phone.e164.slice(2)
  const area = national.slice(0, 3)
  if (phone.type === "TOLL_FREE" || TOLL_FREE_AREAS.includes(area)) return notTextable("toll_free", area)
  if (phone.type === "PREMIUM_RATE" || PREMIUM_AREAS.includes(area) || PREMIUM_EXCHANGES.includes(national.slice(3, 6)))
    return notTextable("premium", area)
  if (!phone.type || !TEXTABLE_TYPES.includes(phone.type)) return notTextable("untextable_type", kindOf(phone))
  if (phone.extension) return notTextable("extension")
  return { ok: true, to: phone.e164 }
}

/**
 * What the office should know of a number (lead-flags.ts): one that could not be read (kept as typed), and,
 * when the visitor asked for a text, why they were not texted. Details say the kind of number, never the number.
 */
export function phoneFlags(phone: ParsedPhone, wantsTexts: boolean): LeadFlag[] {
  const unread: LeadFlag[] = phone.e164
    ? []
    : [{ code: "phone_unread", detail: "stored as typed; no call link (check the number before calling)" }]
  const textable = textableNumber(phone)
  return [
    ...unread,
    ...(wantsTexts && !textable.ok ? [{ code: "phone_not_texted" as const, detail: textable.detail }] : []),
  ]
}
