import fc from "fast-check"
import { MAX_TOKEN_LENGTH, tokenFromHash } from "../src/lib/office/link-token"
import {
  linkOutcome,
  parseAcknowledgeAnswer,
  parseConfirmAnswer,
  parseReleaseAnswer,
  parseReportAnswer,
} from "../src/lib/office/office-answers"
import { formatOfficeTime } from "../src/lib/office/office-time"
import { acknowledgeAnswer, releaseAnswer } from "./fixtures/office"

// Any text at all, astral characters and lone surrogates included (what a mangled link can hold).
const anyText = fc.string({ unit: "binary", maxLength: 80 })
// A whole fragment part that is not the token's ("a=1", "", "tt=2"), never starting with "t=".
const otherPart = fc.string({ maxLength: 12 }).filter((part) => !part.startsWith("t=") && !part.includes("&"))

describe("tokenFromHash", () => {
  test("gives back any token written with encodeURIComponent, wherever `t=` stands among other parts", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }),
        fc.array(otherPart, { maxLength: 3 }),
        fc.array(otherPart, { maxLength: 3 }),
        (token, before, after) => {
          const hash = `#${[...before, `t=${encodeURIComponent(token)}`, ...after].join("&")}`
          expect(tokenFromHash(hash)).toBe(token)
        },
      ),
    )
  })

  test("any string after # either gives a non-empty token or says the link is incomplete; it never throws", () => {
    fc.assert(
      fc.property(anyText, (rest) => {
        const token = tokenFromHash(`#${rest}`)
        expect(token === null || (typeof token === "string" && token.length > 0)).toBe(true)
      }),
    )
  })

  test("no `t=` part, an empty value or a broken %-escape is an incomplete link", () => {
    fc.assert(
      fc.property(fc.array(otherPart, { maxLength: 4 }), (parts) => {
        expect(tokenFromHash(`#${parts.join("&")}`)).toBeNull()
        expect(tokenFromHash(`#${[...parts, "t="].join("&")}`)).toBeNull()
      }),
    )
    for (const hash of ["", "#", "#t", "#T=abc", "#t=%", "#t=%E0%A4%A", "#t=abc%zz"])
      expect(tokenFromHash(hash)).toBeNull()
  })

  test('a "+" stays a "+" (base64 tokens), unlike URLSearchParams', () => {
    expect(tokenFromHash("#t=ab+c/d==")).toBe("ab+c/d==")
  })

  test("reads the hash with or without its #", () => {
    expect(tokenFromHash("t=abc")).toBe("abc")
    expect(MAX_TOKEN_LENGTH).toBe(1024)
  })
})

describe("formatOfficeTime", () => {
  test("New York time, standard and daylight saving alike", () => {
    expect(formatOfficeTime("2026-11-23T14:14:00Z", "America/New_York")).toBe("Mon, Nov 23, 9:14 AM")
    expect(formatOfficeTime("2026-07-06T13:14:00.000Z", "America/New_York")).toBe("Mon, Jul 6, 9:14 AM")
    // 2026-03-08 07:30 UTC is 03:30 EDT: the clocks went forward at 2 AM.
    expect(formatOfficeTime("2026-03-08T07:30:00Z", "America/New_York")).toBe("Sun, Mar 8, 3:30 AM")
  })

  test("anything that is not a date is shown as sent, never as Invalid Date", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = formatOfficeTime(text, "America/New_York")
        expect(shown).not.toMatch(/Invalid/)
        if (Number.isNaN(new Date(text).getTime())) expect(shown).toBe(text)
      }),
    )
  })
})

describe("the functions' answers", () => {
  test("the contract's answers are read whole", () => {
    const { success: _a, ...acknowledged } = acknowledgeAnswer()
    const { success: _r, ...released } = releaseAnswer()
    expect(parseAcknowledgeAnswer(acknowledgeAnswer())).toEqual(acknowledged)
    expect(parseReleaseAnswer(releaseAnswer())).toEqual(released)
  })

  test("any other JSON is not an answer (a failed call to retry), and reading it never throws", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (data) => {
        expect(parseAcknowledgeAnswer(data)).toBeNull()
        expect(parseReleaseAnswer(data)).toBeNull()
        expect(linkOutcome({ ok: true, data }, parseAcknowledgeAnswer)).toEqual({ kind: "failed" })
      }),
    )
  })

  test("one field missing or of the wrong type makes the whole answer unreadable", () => {
    const fields = ["state", "to", "acknowledgedBy", "acknowledgedAt", "lead"] as const
    const leadFields = ["reference", "kind", "name", "phone", "tel", "request", "receivedAt"] as const
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...fields).map((field) => ({ field, inLead: false })),
          fc.constantFrom(...leadFields).map((field) => ({ field, inLead: true })),
        ),
        fc.oneof(fc.constant(undefined), fc.integer(), fc.boolean(), fc.constant({}), fc.constant("other-state")),
        ({ field, inLead }, value) => {
          const answer: Record<string, unknown> = acknowledgeAnswer()
          if (inLead) answer.lead = { ...acknowledgeAnswer().lead, [field]: value }
          else answer[field] = value
          // A string is a fine value for most fields; only the state and tel: have a fixed form.
          const stillValid = typeof value === "string" && !["state", "tel", "lead"].includes(field)
          expect(parseAcknowledgeAnswer(answer) === null).toBe(!stillValid)
        },
      ),
    )
  })

  test("the call link is only ever a tel: number, so an answer cannot plant another kind of link", () => {
    fc.assert(
      fc.property(fc.string(), (tel) => {
        const parsed = parseAcknowledgeAnswer({ ...acknowledgeAnswer(), lead: { ...acknowledgeAnswer().lead, tel } })
        if (parsed) expect(parsed.lead.tel).toMatch(/^tel:\+[1-9]\d{1,14}(?:;ext=\d{1,10})?$/)
      }),
    )
    // RFC 3966's extension is kept; null is a number the functions could not read (the page shows no link).
    const withTel = (tel: string | null) =>
      parseAcknowledgeAnswer({ ...acknowledgeAnswer(), lead: { ...acknowledgeAnswer().lead, tel } })?.lead.tel
    expect(withTel("tel:+19145550100;ext=123")).toBe("tel:+19145550100;ext=123")
    expect(withTel(null)).toBeNull()
    for (const bad of ["tel:9145550100123", "tel:+19145550100;ext=", "tel:+19145550100;phone-context=x", "tel:+0123"])
      expect(withTel(bad)).toBeUndefined()
    expect(
      parseAcknowledgeAnswer({
        ...acknowledgeAnswer(),
        lead: { ...acknowledgeAnswer().lead, tel: "javascript:alert(1)" },
      }),
    ).toBeNull()
  })

  test("a refusal needs the contract's status and reason; anything else can be retried", () => {
    const http = (status: number, reason?: string) =>
      ({ ok: false, reason: "http", status, data: { success: false, error: "x", reason } }) as const
    expect(linkOutcome(http(400, "invalid"), parseAcknowledgeAnswer)).toEqual({ kind: "refused", reason: "invalid" })
    expect(linkOutcome(http(410, "expired"), parseAcknowledgeAnswer)).toEqual({ kind: "refused", reason: "expired" })
    expect(linkOutcome(http(404, "not_found"), parseAcknowledgeAnswer)).toEqual({
      kind: "refused",
      reason: "not_found",
    })
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }),
        fc.option(fc.constantFrom("invalid", "expired", "not_found", "other")),
        (status, reason) => {
          const outcome = linkOutcome(http(status, reason ?? undefined), parseAcknowledgeAnswer)
          const refused =
            (status === 400 && reason === "invalid") ||
            (status === 410 && reason === "expired") ||
            (status === 404 && reason === "not_found")
          expect(outcome.kind).toBe(refused ? "refused" : "failed")
        },
      ),
    )
    expect(linkOutcome({ ok: false, reason: "network", message: "offline" }, parseAcknowledgeAnswer)).toEqual({
      kind: "failed",
    })
    expect(linkOutcome({ ok: true, data: { ...acknowledgeAnswer(), success: false } }, parseAcknowledgeAnswer)).toEqual(
      {
        kind: "failed",
      },
    )
  })
})

describe("confirm-window's answers about a held window", () => {
  const { lead } = acknowledgeAnswer()
  const confirmAnswer = (overrides: Record<string, unknown>) => ({
    success: true,
    state: "ready",
    lead,
    window: { id: "2026-12-01@08:00", label: "Tue, Dec 1, 8:00 AM to 11:00 AM" },
    shared: [],
    ...overrides,
  })

  test("a preview's `held` is read as sent; an answer without it holds nothing", () => {
    expect(parseConfirmAnswer(confirmAnswer({ held: true }))?.held).toBe(true)
    expect(parseConfirmAnswer(confirmAnswer({ held: false }))?.held).toBe(false)
    expect(parseConfirmAnswer(confirmAnswer({}))?.held).toBe(false)
  })

  test("a `held` that is not a boolean makes the answer unreadable, never a guess", () => {
    for (const held of ["true", 1, null, {}]) expect(parseConfirmAnswer(confirmAnswer({ held }))).toBeNull()
  })

  test("the release's answers, released and not_held, are read; an unknown state is not an answer", () => {
    expect(parseConfirmAnswer(confirmAnswer({ state: "released", notified: true }))?.state).toBe("released")
    expect(parseConfirmAnswer(confirmAnswer({ state: "not_held" }))?.state).toBe("not_held")
    for (const state of ["held", "release", "Released", ""])
      expect(parseConfirmAnswer(confirmAnswer({ state }))).toBeNull()
  })
})

describe("a past week's report", () => {
  const WEEK = { first: "2026-11-23", last: "2026-11-29" }
  const answer = { success: true, state: "sent", to: "Dana", recipient: "owner@example.com", weeks: [WEEK], week: WEEK }

  test("an answer with its weeks is read; one with a broken week, or sent without its week, is not", () => {
    expect(parseReportAnswer(answer)).toEqual({ ...answer, success: undefined, week: WEEK })
    expect(parseReportAnswer({ ...answer, weeks: [WEEK, { first: "soon", last: "2026-11-29" }] })).toBeNull()
    expect(parseReportAnswer({ ...answer, week: undefined })).toBeNull()
    expect(parseReportAnswer({ ...answer, state: "ready", week: undefined })).toMatchObject({ week: null })
  })

  test("a 422 with the contract's fields is a refusal beside them; without string fields, a failure", () => {
    const fields = (data: Record<string, unknown>) =>
      linkOutcome({ ok: false, reason: "http", status: 422, data }, parseReportAnswer)
    expect(fields({ success: false, fields: { week: "Not ended", other: 3 } })).toEqual({
      kind: "fields",
      fields: { week: "Not ended" },
    })
    expect(fields({ success: false, fields: { week: 3 } })).toEqual({ kind: "failed" })
    expect(fields({ success: false })).toEqual({ kind: "failed" })
  })
})
