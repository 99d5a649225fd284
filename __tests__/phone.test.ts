/** @jest-environment node */
/**
 * The kernel's phone module (supabase/functions/_shared/kernel/phone.ts): one reading of a number for the
 * contract (its digits without the extension) and Ads tracking (E.164, through src/lib/lead-tracking.ts); the
 * functions' reading (tel: links, texts) is __tests__/backend/phone-number.test.ts'.
 */
import fc from "fast-check"
import { EXTENSION_MARKS } from "./fixtures/phones"
import {
  E164,
  hasCountryCode,
  phoneDigits,
  phoneE164,
  splitExtension,
} from "../supabase/functions/_shared/kernel/phone"

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

/** A NANP number's 10 digits (its area code never starts with 0 or 1), and the ways to type them with and without the leading 1. */
const usNumber = fc
  .tuple(fc.constantFrom("2", "3", "4", "5", "6", "7", "8", "9"), digitList(9))
  .map(([first, rest]) => [first, ...rest])
  .chain((ten) => fc.tuple(fc.constant(ten.join("")), typed(ten), typed(["1", ...ten])))

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

test("any other count of digits (or 11 not starting with 1), typed without a country code, is no number", () => {
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

test("an extension is kept apart from the number, in every spelling, and its digits are not the number's", () => {
  const extension = fc
    .integer({ min: 1, max: 6 })
    .chain(digitList)
    .map((d) => d.join(""))
  fc.assert(
    fc.property(usNumber, fc.constantFrom(...EXTENSION_MARKS), extension, ([ten, typedTen], mark, ext) => {
      const typed = `${typedTen}${mark}${ext}`
      expect(splitExtension(typed)).toEqual({ number: typedTen.trim(), extension: ext })
      // The contract counts the number's digits alone, and Ads gets the number without its extension.
      expect(phoneDigits(splitExtension(typed).number)).toBe(ten)
      expect(phoneE164(typed)).toBe(`+1${ten}`)
    }),
  )
  expect(splitExtension("914-555-0100")).toEqual({ number: "914-555-0100", extension: undefined })
  // A mark with no number before it is no extension.
  expect(splitExtension("#45").extension).toBeUndefined()
})

test("a number typed with + or 00 keeps its own country code; none is guessed for it", () => {
  expect(phoneE164("+53 5 1234567")).toBe("+5351234567")
  expect(phoneE164("0044 20 7946 0958")).toBe("+442079460958")
  expect(phoneE164("+44 20 7946 0958 ext. 12")).toBe("+442079460958")
  const international = fc
    .integer({ min: 8, max: 15 })
    .chain(digitList)
    .filter((d) => d[0] !== "0")
  fc.assert(
    fc.property(international, fc.constantFrom("+", " +", "00", "00 "), (d, prefix) =>
      expect(phoneE164(`${prefix}${d.join(" ")}`)).toBe(`+${d.join("")}`),
    ),
  )
  expect(hasCountryCode("(914) 555-0100")).toBe(false)
})
