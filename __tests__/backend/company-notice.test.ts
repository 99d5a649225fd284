/** @jest-environment node */
import fc from "fast-check"
import { estimateLeadSchema } from "../../supabase/functions/_shared/kernel/contract"
import { asciiEmailAddress } from "../../supabase/functions/_shared/kernel/email-address"
import { parsePhone, readablePhone } from "../../supabase/functions/_shared/phone-number"
import { LEAD_FLAG_CODES, MAX_FLAG_DETAIL, type LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { escapeHtml } from "../../supabase/functions/_shared/kernel/escape"
import { companyNotification, type CompanyNotice } from "../../supabase/functions/_shared/mail/templates"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies } from "./helpers"

interface Sender {
  name: string
  phone: string
  email: string
}

/** Each kind of notice from a sender, with the label of the first row after the sender's own. */
const KINDS: Array<[kind: CompanyNotice["kind"], notice: (s: Sender) => CompanyNotice, firstOwnRow: string]> = [
  ["contact", (s) => ({ kind: "contact", body: { ...bodies.contact(), ...s } }), "Message"],
  [
    "estimate",
    ({ name, ...s }) => ({
      kind: "estimate",
      body: { ...estimateLeadSchema.validateSync(bodies.estimateLead()), ...s, fullName: name },
    }),
    "Property",
  ],
  [
    "booking",
    ({ name, ...s }) => ({ kind: "booking", body: { ...bodies.booking(), ...s, fullName: name } }),
    "Address",
  ],
  [
    "callback",
    ({ name, ...s }) => ({ kind: "callback", body: { ...bodies.callback(), ...s, full_name: name } }),
    "Address",
  ],
]

// One line each: the text part puts a row on a line, so a line break would blur where a row ends.
const oneLine = fc.string({ unit: "grapheme" }).filter((s) => !/[\r\n]/.test(s))
const sender = fc.record({
  name: oneLine,
  phone: oneLine,
  email: fc.oneof(fc.emailAddress(), oneLine, fc.constant("")),
})

describe.each(KINDS)("the company's %s notice", (_kind, notice, firstOwnRow) => {
  test("opens with the sender's name, phone and e-mail rows (each only when given), then its own rows", () => {
    fc.assert(
      fc.property(sender, (s) => {
        const { text } = companyNotification(notice(s), "REF-1")
        const senderRows = [
          ["Name", s.name],
          // The number as read for the office ("(914) 555-0100 ext. 12"); one that cannot be read, as typed.
          ["Phone", readablePhone(parsePhone(s.phone))],
          ["Email", s.email],
        ].filter(([, value]) => value !== "")
        const block = [...senderRows.map(([label, value]) => `${label}: ${value}`), `${firstOwnRow}: `].join("\n")
        expect(text).toContain(`\n\n${block}`)
      }),
    )
  })

  test("replies to the sender's e-mail exactly when it is an address the e-mail API takes, its domain in ASCII", () => {
    fc.assert(
      fc.property(sender, (s) => {
        const { replyTo } = companyNotification(notice(s), "REF-1")
        expect(replyTo).toBe(asciiEmailAddress(s.email) ?? undefined)
      }),
    )
  })
})

describe("the 'Check this lead' block", () => {
  const flag = fc.record({
    code: fc.constantFrom(...LEAD_FLAG_CODES),
    detail: fc.string({ minLength: 1, maxLength: MAX_FLAG_DETAIL, unit: "grapheme" }).filter((s) => !/[\r\n]/.test(s)),
  })
  const receipt = (flags: LeadFlag[]) => ({ consentAt: null, smsConsentAt: null, flags })

  test.each(KINDS)(
    "%s: lists every flag under its label, escaped in the HTML, and is absent without flags",
    (_kind, notice) => {
      const s = { name: "Ann Lee", phone: "914-555-0100", email: "ann@example.com" }
      fc.assert(
        fc.property(fc.array(flag, { maxLength: 6 }), (flags) => {
          const { text, html } = companyNotification(notice(s), "REF-1", [], receipt(flags))
          const block = flags.map((f) => `${LEAD_MESSAGES.flags.labels[f.code]}: ${f.detail}`)
          if (flags.length === 0) expect(text).not.toContain(LEAD_MESSAGES.flags.heading)
          else {
            const heading = LEAD_MESSAGES.flags.heading
            expect(text).toContain(
              `\n${heading}\n${"=".repeat(heading.length)}\n${LEAD_MESSAGES.flags.note}\n${block.join("\n")}\n`,
            )
            for (const f of flags) expect(html).toContain(escapeHtml(f.detail))
          }
        }),
      )
    },
  )
})
