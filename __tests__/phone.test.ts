/** @jest-environment node */
/**
 * The kernel's phone module (supabase/functions/_shared/kernel/phone.ts): one reading of a number for the
 * contract (its digits), Ads tracking (E.164, through src/lib/lead-tracking.ts) and the office's tel: links.
 */
import fc from "fast-check"
import { E164, phoneDigits, phoneE164, telUri } from "../supabase/functions/_shared/kernel/phone"

const digit = fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
/** A number's digits, one string each. */
const digitList = (length: number) => fc.array(digit, { minLength: length, maxLength: length })
/** What a visitor types between digits: nothing, spaces, dashes, dots, brackets. */
const separator = fc.constantFrom("", " ", "-", ".", "(", ") ", "  ")

/** The digits written as a visitor might: a separator before each. */
const typed = (digits: readonly string[]) =>
  fc
    .array(separator, { minLength: digits.length, maxLength: digits.length })
    .map((seps) => digits.map((d, i) => `${seps[i] ?? ""}${d}`).join(""))

/** A US number's 10 digits, and the ways to type them with and without the leading 1. */
const usNumber = digitList(10).chain((ten) => fc.tuple(fc.constant(ten.join("")), typed(ten), typed(["1", ...ten])))

test("phone numbers become E.164 when they are US numbers, else are left out", () => {
  expect(phoneE164("(914) 555-0100")).toBe("+19145550100")
  expect(phoneE164("1 914 555 0100")).toBe("+19145550100")
  expect(phoneE164("555-0100")).toBeUndefined()
})

test("a number's digits are all its digits, in order, and nothing else", () => {
  const part = fc.oneof(
    digit,
    fc.string({ maxLength: 3 }).map((t) => t.replace(/\d/g, "")),
  )
  fc.assert(
    fc.property(fc.array(part), (parts) => {
      expect(phoneDigits(parts.join(""))).toBe(parts.filter((p) => /^\d$/.test(p)).join(""))
    }),
  )
})

test("any way of typing a US number gives its E.164: 10 digits get +1, 11 starting with 1 get +", () => {
  fc.assert(
    fc.property(usNumber, ([ten, typedTen, typedEleven]) => {
      expect(phoneE164(typedTen)).toBe(`+1${ten}`)
      expect(phoneE164(typedEleven)).toBe(`+1${ten}`)
      expect(`+1${ten}`).toMatch(E164)
    }),
  )
})

test("any other count of digits (or 11 not starting with 1) is no US number", () => {
  const otherLength = fc.integer({ min: 0, max: 16 }).filter((n) => n !== 10 && n !== 11)
  const notUs = fc.oneof(
    otherLength.chain(digitList),
    digitList(10).map((ten) => ["2", ...ten]),
  )
  fc.assert(fc.property(notUs.chain(typed), (value) => expect(phoneE164(value)).toBeUndefined()))
})

test("E164: a plus, a country code not starting with 0, 8 to 15 digits in all, nothing else", () => {
  expect("+19145550100").toMatch(E164)
  expect("+442079460958").toMatch(E164)
  for (const invalid of ["19145550100", "+09145550100", "+1234567", "+1234567890123456", "+1 914 555 0100"])
    expect(invalid).not.toMatch(E164)
})

test("a tap-to-call link: a US number gets +1, one typed with + keeps its country code, anything else its digits", () => {
  expect(telUri("(914) 555-0142")).toBe("tel:+19145550142")
  expect(telUri("1-914-555-0142")).toBe("tel:+19145550142")
  expect(telUri(" +44 20 7946 0958")).toBe("tel:+442079460958")
  expect(telUri("555-0142")).toBe("tel:5550142")
  fc.assert(
    fc.property(usNumber, ([ten, typedTen, typedEleven]) => {
      expect(telUri(typedTen)).toBe(`tel:+1${ten}`)
      expect(telUri(typedEleven)).toBe(`tel:+1${ten}`)
    }),
  )
  const international = fc.integer({ min: 8, max: 15 }).chain(digitList)
  fc.assert(
    fc.property(
      international.chain((d) =>
        fc.tuple(
          fc.constant(d.join("")),
          typed(d).map((t) => ` +${t}`),
        ),
      ),
      ([d, value]) => expect(telUri(value)).toBe(`tel:+${d}`),
    ),
  )
  fc.assert(fc.property(fc.string(), (value) => expect(telUri(value)).toMatch(/^tel:\+?\d*$/)))
})
