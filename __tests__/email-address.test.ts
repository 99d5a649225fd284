/** @jest-environment node */
/**
 * E-mail addresses as a mail system can deliver them (kernel/email-address.ts), with the functions' view of
 * where a confirmation may go (email-recipient.ts) and the typo hint (kernel/email-suggestion.ts): an
 * internationalised domain is accepted and sent to its ASCII (punycode) form; a non-ASCII name before the @
 * is accepted, stored and flagged, and not e-mailed; a likely typo is accepted, suggested and flagged.
 */
import fc from "fast-check"
import { contactMessageSchema } from "../supabase/functions/_shared/kernel/contract"
import { asciiDomain, asciiEmailAddress, isEmailAddress } from "../supabase/functions/_shared/kernel/email-address"
import { likelyAddress } from "../supabase/functions/_shared/kernel/email-suggestion"
import { emailFlags, sendableAddress } from "../supabase/functions/_shared/email-recipient"

const ascii = fc.constantFrom(...Array.from("abcdefghijklmnopqrstuvwxyz0123456789"))
const asciiWord = fc.array(ascii, { minLength: 1, maxLength: 10 }).map((c) => c.join(""))
/** Letters of other scripts a visitor may type: Latin with accents, Cyrillic, Greek, Han, Devanagari. */
const nonAscii = fc.constantFrom(...Array.from("üéñçøåßжлдαβ中文日ह"))
/** A word with at least one non-ASCII letter in it. */
const unicodeWord = fc
  .tuple(fc.array(fc.oneof(ascii, nonAscii), { maxLength: 6 }), nonAscii, fc.array(ascii, { maxLength: 4 }))
  .map(([a, b, c]) => [...a, b, ...c].join(""))
const topLevel = fc.constantFrom("de", "com", "mx", "es", "org", "рф")

/** An internationalised domain: one or two labels, one of them non-ASCII, and a top-level domain. */
const idnDomain = fc
  .tuple(unicodeWord, fc.option(asciiWord, { nil: undefined }), topLevel)
  .map(([label, sub, tld]) => [sub, label, tld].filter(Boolean).join("."))

const valid = (email: string) => contactMessageSchema.pick(["email"]).isValid({ email })

test("an internationalised domain is accepted by the contract, and sent to its ASCII (punycode) form", async () => {
  expect(asciiEmailAddress("ana@bücher.de")).toBe("ana@xn--bcher-kva.de")
  expect(await valid("ana@bücher.de")).toBe(true)
  await fc.assert(
    fc.asyncProperty(asciiWord, idnDomain, async (local, domain) => {
      const address = `${local}@${domain}`
      expect(isEmailAddress(address)).toBe(true)
      expect(await valid(address)).toBe(true)
      const sent = asciiEmailAddress(address)
      expect(sent).toBe(`${local}@${new URL(`http://${domain}`).hostname}`)
      expect(sent).toMatch(/^[\x21-\x7e]+$/)
      expect(sent?.split("@")[1]).toMatch(/(^|\.)xn--/)
      expect(sendableAddress(address)).toBe(sent)
      expect(emailFlags(address).map((f) => f.code)).not.toContain("email_not_sendable")
    }),
  )
})

test("a non-ASCII name before the @ is accepted, but not e-mailed: flagged for the office", async () => {
  expect(await valid("josé@ejemplo.mx")).toBe(true)
  expect(sendableAddress("josé@ejemplo.mx")).toBeNull()
  await fc.assert(
    fc.asyncProperty(
      unicodeWord,
      fc.oneof(
        asciiWord.map((w) => `${w}.com`),
        idnDomain,
      ),
      async (local, domain) => {
        const address = `${local}@${domain}`
        expect(await valid(address)).toBe(true)
        expect(asciiEmailAddress(address)).toBeNull()
        const flag = emailFlags(address).find((f) => f.code === "email_not_sendable")
        expect(flag).toBeDefined()
        // The detail names the domain, never the address.
        expect(flag?.detail).not.toContain(address)
      },
    ),
  )
})

test("what cannot be seen or delivered is still refused: spaces, controls, invisible characters, no domain", () => {
  for (const address of [
    "jo sé@ejemplo.mx",
    "jo\u200bse@ejemplo.mx",
    "ana@",
    "@bücher.de",
    "ana@bücher",
    "ana@bü cher.de",
    "ana@%62.de",
    "ana@b/c.de",
    "a..b@x.com",
    "ana@xn--.de",
    // A broken character, replaced on arrival (json-input.ts): no address a visitor typed.
    "ann\uFFFD@example.com",
  ])
    expect([address, isEmailAddress(address)]).toEqual([address, false])
  // A domain in its ASCII form stays as it is; an IP address or a one-label name is no mail domain here.
  expect(asciiDomain("xn--bcher-kva.de")).toBe("xn--bcher-kva.de")
  expect(asciiDomain("127.0.0.1")).toBeNull()
  expect(asciiDomain("localhost")).toBeNull()
})

/** Common domains and a typo of each: a letter dropped, doubled or swapped, or the top-level domain mistyped. */
const TYPOS: ReadonlyArray<[string, string]> = [
  ["gmail.con", "gmail.com"],
  ["gmial.com", "gmail.com"],
  ["gmail.co", "gmail.com"],
  ["hotmial.com", "hotmail.com"],
  ["hotmal.es", "hotmail.es"],
  ["yaho.com.mx", "yahoo.com.mx"],
  ["yaho.com", "yahoo.com"],
  ["yahooo.com", "yahoo.com"],
  ["outlok.com", "outlook.com"],
  ["iclod.com", "icloud.com"],
]

test("a likely typo is suggested and flagged, never refused; a common domain is left alone", async () => {
  await fc.assert(
    fc.asyncProperty(asciiWord, fc.constantFrom(...TYPOS), async (local, [typo, meant]) => {
      const address = `${local}@${typo}`
      expect(await valid(address)).toBe(true)
      expect(likelyAddress(address)).toBe(`${local}@${meant}`)
      expect(emailFlags(address)).toContainEqual({
        code: "email_likely_typo",
        detail: `domain "${typo}", likely "${meant}"`,
      })
      // Sent as typed: the visitor saw the suggestion and kept their own.
      expect(sendableAddress(address)).toBe(address)
    }),
  )
  fc.assert(
    fc.property(
      asciiWord,
      fc.constantFrom(
        "gmail.com",
        "yahoo.com",
        "hotmail.com",
        "outlook.com",
        "yahoo.com.mx",
        "hotmail.es",
        "outlook.es",
      ),
      (local, domain) => {
        expect(likelyAddress(`${local}@${domain}`)).toBeNull()
        expect(emailFlags(`${local}@${domain}`)).toEqual([])
      },
    ),
  )
})

test("the name before the @ is at most 64 octets of UTF-8, however many characters that is", () => {
  expect(isEmailAddress(`${"a".repeat(64)}@example.com`)).toBe(true)
  expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false)
  // é is two octets, 中 three, 𝒜 four.
  expect(isEmailAddress(`${"é".repeat(32)}@example.com`)).toBe(true)
  expect(isEmailAddress(`${"é".repeat(33)}@example.com`)).toBe(false)
  expect(isEmailAddress(`${"中".repeat(21)}a@example.com`)).toBe(true)
  expect(isEmailAddress(`${"中".repeat(22)}@example.com`)).toBe(false)
  expect(isEmailAddress(`${"𝒜".repeat(16)}@example.com`)).toBe(true)
  expect(isEmailAddress(`${"𝒜".repeat(17)}@example.com`)).toBe(false)
})
