/**
 * @jest-environment node
 *
 * The spam digest e-mail stays under Gmail's clipping size (about 102 KB of HTML; we keep the whole
 * message under 80 KB) whatever the number of records and whatever their names, lists the most
 * real-looking first, and accounts for every pending submission: listed, on a flood line, or counted
 * as "more" for the next digest.
 */
import { Buffer } from "node:buffer"
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import {
  DIGEST_MAX_BYTES,
  DIGEST_MAX_ENTRIES,
  DIGEST_MAX_FLOODS,
  REAL_LOOKING_FIRST,
  span,
  spamDigest,
  type SpamEntry,
  type SpamFlood,
} from "../../supabase/functions/_shared/spam/spam-digest"
import { releaseUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { releaseExpiry } from "../../supabase/functions/_shared/spam/spam-review"
import { oneLine } from "../../supabase/functions/_shared/alerts/subject"
import { testConfig } from "./helpers"

const config = testConfig({ SITE_URL: "https://www.westchester-family-pest-control.example" })
const AT = new Date("2026-03-04T13:00:00Z")

/** Visitor text as the digest gets it (one line, cut like describeSpam cuts it), made of what escaping makes longest. */
const visitorText = (max: number) =>
  fc
    .array(fc.constantFrom("&", '"', "<", ">", "'", "😀", "ß", "a", " ", "\u202e"), { maxLength: max * 2 })
    .map((chars) => oneLine(chars.join(""), max))

const entry = fc.record({
  kindLabel: fc.constantFrom("contact message", "estimate request", "$49 Scarsdale booking"),
  name: visitorText(60),
  phone: visitorText(40),
  email: visitorText(120),
  request: visitorText(160),
  snippet: visitorText(300),
  reason: fc.constantFrom(...REAL_LOOKING_FIRST),
  minutes: fc.integer({ min: 0, max: 60 * 24 * 30 }),
})

const flood = fc.record({
  reason: fc.constantFrom(...REAL_LOOKING_FIRST),
  records: fc.integer({ min: 0, max: 10 }),
  counted: fc.integer({ min: 1, max: 2_880 }),
  names: fc.array(visitorText(40), { maxLength: 3 }),
  hours: fc.integer({ min: 0, max: 24 * 30 }),
})

test("whatever the number of records and their names, the e-mail stays under 80 KB and accounts for every one", () => {
  fc.assert(
    fc.property(
      fc.array(entry, { maxLength: 150 }),
      fc.array(flood, { maxLength: 80 }),
      fc.dictionary(fc.constantFrom(...REAL_LOOKING_FIRST), fc.integer({ min: 0, max: 100_000 })),
      (entryInputs, floodInputs, unlisted) => {
        const entries: SpamEntry[] = entryInputs.map((e) => {
          const id = randomUUID()
          return {
            ...e,
            id,
            receivedAt: new Date(AT.getTime() - e.minutes * 60_000),
            releaseUrl: releaseUrl(config, id, releaseExpiry(AT)),
          }
        })
        const floods: SpamFlood[] = floodInputs.map((f, i) => ({
          ...f,
          ipKey: `${i}`.padStart(64, "0"),
          from: new Date(AT.getTime() - f.hours * 3_600_000),
          to: AT,
          days: [{ day: "2026-03-03", counted: f.counted }],
        }))
        // Everything pending: what the input lists, and more beyond what one digest may list.
        const pending: Record<string, number> = { ...unlisted }
        for (const e of entries) pending[e.reason] = (pending[e.reason] ?? 0) + 1
        for (const f of floods) pending[f.reason] = (pending[f.reason] ?? 0) + f.records + f.counted
        const total = Object.values(pending).reduce((sum, n) => sum + n, 0)

        const digest = spamDigest(
          {
            entries: entries.slice(0, DIGEST_MAX_ENTRIES),
            floods: floods.slice(0, DIGEST_MAX_FLOODS),
            pending,
            at: AT,
          },
          "office@example.com",
          "Office <noreply@example.com>",
        )
        if (total === 0) {
          expect(digest).toBeNull()
          return
        }
        if (!digest) throw new Error("a digest was expected")
        expect(Buffer.byteLength(digest.email.html + digest.email.text)).toBeLessThanOrEqual(DIGEST_MAX_BYTES)
        // The best first: what it lists is the start of each list, and it says so in its payload.
        expect(digest.shown.records).toEqual(entries.slice(0, digest.entries).map((e) => e.id))
        expect(digest.shown.floods.map((f) => f.ipKey)).toEqual(floods.slice(0, digest.floods).map((f) => f.ipKey))
        const covered =
          digest.entries + floods.slice(0, digest.floods).reduce((sum, f) => sum + f.records + f.counted, 0)
        expect(covered + digest.more).toBe(total)
        expect(digest.email.subject).toContain(new Intl.NumberFormat("en-US").format(total))
        if (digest.more > 0)
          expect(digest.email.text).toContain(
            `${new Intl.NumberFormat("en-US").format(digest.more)} more did not fit: the next digest lists them`,
          )
        // Visitor text cannot break out of the HTML.
        expect(digest.email.html).not.toMatch(
          /<(?!\/?(?:!doctype|html|head|meta|title|body|div|h1|h2|p|a|table|tr|th|td|br|b)\b)/i,
        )
      },
    ),
    { numRuns: 60 },
  )
})

test("the 500 records that made a 540 KB digest: 50 listed under 80 KB, the rest counted for the next digest", () => {
  const entries: SpamEntry[] = Array.from({ length: DIGEST_MAX_ENTRIES }, (_, i) => {
    const id = randomUUID()
    return {
      id,
      kindLabel: "contact message",
      name: `Visitor Number ${i}`,
      phone: "(914) 555-0100",
      email: `visitor${i}@example.com`,
      request: "C•ARE: Ants, Bed Bugs",
      snippet: "Carpenter ants near the deck, please call after five",
      reason: "too_fast",
      receivedAt: new Date(AT.getTime() - i * 60_000),
      releaseUrl: releaseUrl(config, id, releaseExpiry(AT)),
    }
  })
  const digest = spamDigest(
    { entries, floods: [], pending: { too_fast: 500 }, at: AT },
    "office@example.com",
    "x@example.com",
  )
  const size = Buffer.byteLength((digest?.email.html ?? "") + (digest?.email.text ?? ""))
  console.log(
    `A digest of 500 records: ${digest?.entries} listed, ${digest?.more} for the next one, ${(size / 1024).toFixed(1)} KB`,
  )
  expect(digest).toMatchObject({ entries: DIGEST_MAX_ENTRIES, more: 450 })
  expect(size).toBeLessThan(DIGEST_MAX_BYTES)
})

test("a flood's time span reads as the office's local time", () => {
  expect(span(new Date("2026-03-03T14:12:00Z"), new Date("2026-03-03T23:40:00Z"))).toBe("Tue, Mar 3, 9:12 AM–6:40 PM")
  expect(span(new Date("2026-03-03T14:12:00Z"), new Date("2026-03-04T14:12:00Z"))).toBe(
    "Tue, Mar 3, 9:12 AM–Wed, Mar 4, 9:12 AM",
  )
  expect(span(AT, AT)).toBe("Wed, Mar 4, 8:00 AM")
})
