/**
 * @jest-environment node
 *
 * The functions' reading of a visitor's number (supabase/functions/_shared/phone-number.ts, libphonenumber-js):
 * the extension apart in every spelling, every country's numbers recognised when the visitor gave the country
 * (+ or 00) and none guessed when they did not, RFC 3966 tel: links, a readable form for the office, and the
 * one decision of who may be texted: US and Canadian numbers that are not toll-free, premium or an extension.
 */
import fc from "fast-check"
import { getCountries, getExampleNumber, type CountryCode, type PhoneNumberType } from "libphonenumber-js/max"
import examples from "libphonenumber-js/mobile/examples"
import {
  parsePhone,
  phoneFlags,
  readablePhone,
  telUri,
  textableNumber,
} from "../../supabase/functions/_shared/phone-number"
import { EXTENSION_MARKS } from "../fixtures/phones"

/** RFC 3966 for a global number: `tel:+` digits, and an optional `;ext=` of digits. */
const RFC3966_GLOBAL = /^tel:\+[1-9][0-9]{1,14}(?:;ext=[0-9]{1,10})?$/

const digits = (count: number) =>
  fc.array(fc.constantFrom(...Array.from("0123456789")), { minLength: count, maxLength: count }).map((d) => d.join(""))

/** Area codes in use in the US (New York's, California's…) and Canada (Toronto's, Montréal's, Vancouver's). */
const US_AREAS = ["914", "212", "718", "415", "617", "303", "512", "305"]
const CA_AREAS = ["416", "514", "604", "613"]

/** A valid NANP number's 10 digits: a real area code, an exchange that starts with 2–9 and is not 555 or 976, any line. */
const nanpNumber = (areas: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...areas),
      fc.constantFrom(...Array.from("23456789")),
      digits(2).filter((d) => !["55", "76"].includes(d)),
      digits(4),
    )
    .map(([area, first, rest, line]) => `${area}${first}${rest}${line}`)

/** The ways to write 10 NANP digits: as is, (914) 555-0100, 914-555-0100, 914.555.0100, with a leading 1 or +1. */
const writtenNanp = (ten: string) => {
  const [a, b, c] = [ten.slice(0, 3), ten.slice(3, 6), ten.slice(6)]
  return fc.constantFrom(
    ten,
    `(${a}) ${b}-${c}`,
    `${a}-${b}-${c}`,
    `${a}.${b}.${c}`,
    `1 ${a} ${b} ${c}`,
    `+1 ${a}-${b}-${c}`,
  )
}

test("an extension in every spelling is kept apart: tel:+1…;ext=N and a readable '(914) 555-0100 ext. N'", () => {
  fc.assert(
    fc.property(
      nanpNumber(US_AREAS).chain((ten) => fc.tuple(fc.constant(ten), writtenNanp(ten))),
      fc.constantFrom(...EXTENSION_MARKS),
      fc.integer({ min: 1, max: 99_999 }).map(String),
      ([ten, written], mark, extension) => {
        const phone = parsePhone(`${written}${mark}${extension}`)
        expect(phone.e164).toBe(`+1${ten}`)
        expect(phone.extension).toBe(extension)
        expect(telUri(phone)).toBe(`tel:+1${ten};ext=${extension}`)
        expect(telUri(phone)).toMatch(RFC3966_GLOBAL)
        expect(readablePhone(phone)).toBe(`(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)} ext. ${extension}`)
        // An extension is a switchboard: no text goes to it.
        expect(textableNumber(phone)).toMatchObject({ ok: false, reason: "extension" })
      },
    ),
  )
})

test("the examples of the issue: the extension is never dialled as part of the number", () => {
  expect(telUri(parsePhone("914-555-0100 x123"))).toBe("tel:+19145550100;ext=123")
  expect(telUri(parsePhone("914-555-0100 ext. 45"))).toBe("tel:+19145550100;ext=45")
  expect(readablePhone(parsePhone("914-555-0100 x123"))).toBe("(914) 555-0100 ext. 123")
  expect(parsePhone("+53 5 1234567")).toMatchObject({ e164: "+5351234567", country: "CU" })
  expect(textableNumber("+53 5 1234567")).toMatchObject({ ok: false, reason: "foreign" })
  expect(readablePhone(parsePhone("+53 5 1234567"))).toBe("+53 5 1234567")
})

/** Every country libphonenumber-js knows, with its example mobile number. */
const COUNTRY_EXAMPLES = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples)
  return example ? [{ country, example }] : []
})

test("every country's numbers are recognised when typed with + or 00, and only US/Canadian ones are texted", () => {
  expect(COUNTRY_EXAMPLES.length).toBeGreaterThan(200)
  const textedCountries = new Set<string>()
  fc.assert(
    fc.property(
      fc.constantFrom(...COUNTRY_EXAMPLES),
      fc.constantFrom("international", "e164", "00"),
      ({ country, example }, style) => {
        const typed =
          style === "international"
            ? example.formatInternational()
            : style === "e164"
              ? example.number
              : `00${example.number.slice(1)}`
        const phone = parsePhone(typed)
        expect(phone.e164).toBe(example.number)
        // Numbers that share a calling code (+1, +7, +44…) are told apart by the library; the code is always the same.
        expect(phone.callingCode).toBe(example.countryCallingCode)
        expect(telUri(phone)).toBe(`tel:${example.number}`)
        expect(telUri(phone)).toMatch(RFC3966_GLOBAL)
        const textable = textableNumber(phone)
        if (textable.ok) {
          textedCountries.add(country)
          expect(textable.to).toBe(example.number)
        } else if (!["US", "CA"].includes(country)) expect(textable.reason).toBe("foreign")
      },
    ),
    { numRuns: 600 },
  )
  for (const country of textedCountries) expect(["US", "CA"]).toContain(country)
})

test("no country is guessed: a number typed without + or 00 is read as NANP or not at all", () => {
  const nonNanp = COUNTRY_EXAMPLES.filter(({ example }) => example.countryCallingCode !== "1")
  fc.assert(
    fc.property(fc.constantFrom(...nonNanp), ({ example }) => {
      // As the visitor would write it at home, and as the bare digits with the country code but no +.
      for (const typed of [example.formatNational(), example.number.slice(1)]) {
        const phone = parsePhone(typed)
        expect(phone.e164 === null || phone.e164.startsWith("+1")).toBe(true)
        expect(phone.e164).not.toBe(example.number)
      }
    }),
    { numRuns: 500 },
  )
  // +53 5 1234567 without its +: ten digits, but no NANP number (535 is no area code), so unread, not "+1 535…".
  expect(parsePhone("53 5 1234567").e164).toBeNull()
})

test("toll-free, premium and other untextable US numbers are never texted, each with its reason", () => {
  const tollFree = fc.constantFrom("800", "833", "844", "855", "866", "877", "888")
  const line = fc.tuple(fc.constantFrom(...Array.from("23456789")), digits(6)).map(([a, b]) => `${a}${b}`)
  fc.assert(
    fc.property(tollFree, line, (area, rest) =>
      expect(textableNumber(`+1${area}${rest}`)).toMatchObject({ ok: false, reason: "toll_free" }),
    ),
  )
  fc.assert(
    fc.property(line, (rest) =>
      expect(textableNumber(`1-900-${rest}`)).toMatchObject({ ok: false, reason: "premium" }),
    ),
  )
  fc.assert(
    fc.property(fc.constantFrom(...US_AREAS), digits(4), (area, last) =>
      expect(textableNumber(`(${area}) 976-${last}`)).toMatchObject({ ok: false, reason: "premium" }),
    ),
  )
  // Personal (500) numbers and the like: valid, American, but not a line a text reaches.
  const untextable: readonly PhoneNumberType[] = ["PERSONAL_NUMBER"]
  const personal = parsePhone("+1 500 555 0199")
  expect(untextable).toContain(personal.type)
  expect(textableNumber(personal)).toMatchObject({ ok: false, reason: "untextable_type" })
})

test("an ordinary US or Canadian number is texted at its E.164, however it is written", () => {
  fc.assert(
    fc.property(
      fc.oneof(nanpNumber(US_AREAS), nanpNumber(CA_AREAS)).chain((ten) => fc.tuple(fc.constant(ten), writtenNanp(ten))),
      ([ten, written]) => {
        expect(textableNumber(written)).toEqual({ ok: true, to: `+1${ten}` })
        expect(readablePhone(parsePhone(written))).toBe(`(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`)
      },
    ),
  )
  expect(parsePhone("416-555-0123").country).toBe("CA")
  // A Caribbean +1 number is +1, but not American or Canadian: not texted.
  expect(textableNumber("+1 876 555 0123")).toMatchObject({ ok: false, reason: "foreign" })
})

test("anything typed is read or kept as typed and flagged, never an exception, never a tel: link that is not RFC 3966", () => {
  const typedish = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[+0-9 ()#.x-]{0,30}$/),
    fc.stringMatching(/^(?:\+|00)?[0-9]{7,16}(?: ?(?:x|ext\.?|#) ?[0-9]{1,12})?$/),
  )
  fc.assert(
    fc.property(typedish, fc.boolean(), (typed, wantsTexts) => {
      const phone = parsePhone(typed)
      expect(phone.typed).toBe(typed)
      const tel = telUri(phone)
      if (tel === null) {
        expect(phone.e164).toBeNull()
        expect(readablePhone(phone)).toBe(typed)
        expect(phoneFlags(phone, wantsTexts).map((f) => f.code)).toEqual(
          wantsTexts ? ["phone_unread", "phone_not_texted"] : ["phone_unread"],
        )
      } else expect(tel).toMatch(RFC3966_GLOBAL)
      const textable = textableNumber(phone)
      if (textable.ok) {
        expect(textable.to).toMatch(/^\+1[2-9][0-9]{9}$/)
        expect(["US", "CA"]).toContain(phone.country)
      }
      // A flag's detail names the kind of number, never the number.
      for (const flag of phoneFlags(phone, wantsTexts))
        if (phone.e164) expect(flag.detail).not.toContain(phone.e164.slice(4))
    }),
    { numRuns: 1000 },
  )
})

test("a number that is not a valid number is unread: stored as typed, no call link, flagged", () => {
  for (const typed of ["555-555-5555", "123-456-7890", "+999 1234 5678", "0000000000"]) {
    const phone = parsePhone(typed)
    expect(phone.e164).toBeNull()
    expect(telUri(phone)).toBeNull()
    expect(phoneFlags(phone, false)).toEqual([expect.objectContaining({ code: "phone_unread" })])
  }
  const country: CountryCode = "GB"
  expect(phoneFlags(parsePhone(getExampleNumber(country, examples)?.number ?? ""), true)).toEqual([
    { code: "phone_not_texted", detail: "not a US or Canadian number (GB +44 mobile)" },
  ])
})
