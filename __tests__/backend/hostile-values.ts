/**
 * Generators of the hostile input classes of hardening round two, shared by the hostile-input
 * tests, the contract fuzzer (Node and Deno) and `npm run bench:reliability`.
 */
import fc from "fast-check"

/** Characters that take no room on screen: zero-width, format, bidi, fillers, spaces, default-ignorable, unassigned, private use. */
export const INVISIBLE_CHARACTERS = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202E",
  "\u2066",
  "\u180E",
  "\u3164",
  "\u115F",
  "\u1160",
  "\uFFA0",
  "\u2800",
  " ",
  "\u00A0",
  "\u3000",
  "\t",
  "\u0301",
  "\u0007",
  // Default-ignorable, assigned or not; unassigned; private use.
  "\u2065",
  "\uFFF0",
  "\u{E0080}",
  "\u{E01EF}",
  "\u0378",
  "\u{10FFFF}",
  "\uE000",
  "\u{F0000}",
]

/** Code units that are not well-formed Unicode on their own (lone surrogates), and NUL. */
export const BROKEN_CODE_UNITS = ["\ud83d", "\udc00", "\udbff", "\ud800\ud800", "\udfff\ud800", "\u0000"]

/** Readable text with broken code units in it. */
export const brokenText = () =>
  fc
    .tuple(
      fc.string({ maxLength: 30 }),
      fc.array(fc.constantFrom(...BROKEN_CODE_UNITS), { minLength: 1, maxLength: 3 }),
      fc.string({ maxLength: 30 }),
    )
    .map(([before, broken, after]) => `Ann ${before}${broken.join("")}${after}`)

/**
 * The JSON text of a value nested deeper than `minDepthExclusive` (lists and objects mixed), at
 * most `maxBytes` long so it is judged for its depth, not its size. Built as text: an object that
 * deep would overflow JSON.stringify itself.
 */
export const deeplyNested = (minDepthExclusive: number, maxDepth: number, maxBytes = 60_000) =>
  fc
    .tuple(fc.integer({ min: minDepthExclusive + 1, max: maxDepth }), fc.boolean(), fc.boolean())
    .map(([wanted, lists, mixed]) => {
      const bytesPerLevel = mixed ? 4 : lists ? 2 : 6
      const depth = Math.max(minDepthExclusive + 1, Math.min(wanted, Math.floor(maxBytes / bytesPerLevel)))
      const opens: string[] = []
      const closes: string[] = []
      for (let i = 0; i < depth; i++) {
        const list = mixed ? i % 2 === 0 : lists
        opens.push(list ? "[" : '{"a":')
        closes.push(list ? "]" : "}")
      }
      return `${opens.join("")}"x"${closes.reverse().join("")}`
    })

/** A body's JSON text with one field's value replaced by raw JSON text. */
export const withRawField = (body: Record<string, unknown>, field: string, rawJson: string) =>
  JSON.stringify({ ...body, [field]: "\u0001RAW\u0001" }).replace('"\\u0001RAW\\u0001"', () => rawJson)

/** Addresses the e-mail API refuses: no top-level domain, dots out of place, spaces, no or two @. */
export const invalidEmailAddress = () =>
  fc.tuple(fc.emailAddress(), fc.integer({ min: 0, max: 8 })).map(([address, breakage]) => {
    const at = address.lastIndexOf("@")
    const local = address.slice(0, at)
    const domain = address.slice(at + 1)
    const firstLabel = domain.split(".")[0] ?? "host"
    switch (breakage) {
      case 0:
        return `${local}@${firstLabel}` // john@gmail
      case 1:
        return `${local}..x@${domain}` // a..b@x.com
      case 2:
        return `.${local}@${domain}`
      case 3:
        return `${local}.@${domain}`
      case 4:
        return `${local} x@${domain}`
      case 5:
        return `${local}${domain}`
      case 6:
        return `${local}@@${domain}`
      case 7:
        return `${local}@${domain}.c`
      default:
        return `${local}@${domain}..com`
    }
  })

/** Numbers and values of odd types for numeric, boolean and list fields. */
export const oddValue = () =>
  fc.oneof(
    fc.constantFrom("1e400", "-0", "0x10", "NaN", "Infinity", "1_000", " 1 ", "١٢٣"),
    fc.double(),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => n.toString()),
    fc.constantFrom(true, false, null, [], {}, [null], [[]]),
  )
