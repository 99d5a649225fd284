/**
 * @jest-environment node
 *
 * A time the browser's clock wrote (consent, SMS consent, a campaign touch) is never a
 * 500 and never stored or forwarded as the time of receipt. Year 0000 (Postgres has no year 0), 1900,
 * 9999, +275760, leap seconds, any time-shaped text: the lead is stored, `consent_at` is the server's
 * receipt time, the browser's time is kept beside it only when it can be right, otherwise the lead is
 * flagged `time_out_of_range`; and nothing about the lead reaches the log.
 */
import fc from "fast-check"
import {
  CLIENT_TIME_PATTERN,
  EARLIEST_CLIENT_TIME,
  MAX_CLIENT_AHEAD_MS,
  clientInstant,
} from "../../supabase/functions/_shared/kernel/client-time"
import type { Db } from "../../supabase/functions/_shared/db"
import type { LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { LEAD_CONSENT, LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { bodies, officeClosed, post, withCrmApp, type AppUnderTest, type OpenedCrmApp } from "./helpers"

jest.setTimeout(300_000)

let db: Db
let app: AppUnderTest
let forwarded: OpenedCrmApp["forwarded"]
withCrmApp({ RATE_LIMIT_MAX: "0" }, (opened) => ({ db, app, forwarded } = opened))

const RECEIVED = officeClosed()

/** The times the issue names, and every other shape a clock or a forger can write. */
const REPORTED = [
  "0000-01-01T00:00:00.000Z",
  "0000-02-29T12:00:00.000Z",
  "1900-01-01T00:00:00.000Z",
  "1969-12-31T23:59:59.999Z",
  "2019-12-31T23:59:59.999Z",
  "9999-12-31T23:59:59.999Z",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "2016-12-31T23:59:60Z",
  "2016-12-31T23:59:60.000Z",
  "2026-02-30T10:00:00.000Z",
  "2026-11-22T08:00:00+05:00",
  "now",
  "NaN",
  "Infinity",
]
const clientTime = fc.oneof(
  fc.constantFrom(...REPORTED),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc
    .date({
      min: new Date(EARLIEST_CLIENT_TIME - 86_400_000),
      max: new Date(RECEIVED.getTime() + 2 * MAX_CLIENT_AHEAD_MS),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  fc.stringMatching(/^[0-9A-Za-z:.+-]{1,40}$/),
)

describe("clientInstant", () => {
  test("keeps a real instant from 2020 to a day after receipt, as toISOString writes it; nothing else, and never throws", () => {
    fc.assert(
      fc.property(clientTime, (value) => {
        const kept = clientInstant(value, RECEIVED)
        const time = Date.parse(value)
        if (kept === null) return
        expect(kept).toBe(new Date(time).toISOString())
        expect(time).toBeGreaterThanOrEqual(EARLIEST_CLIENT_TIME)
        expect(time).toBeLessThanOrEqual(RECEIVED.getTime() + MAX_CLIENT_AHEAD_MS)
      }),
      { numRuns: 2_000 },
    )
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(EARLIEST_CLIENT_TIME),
          max: new Date(RECEIVED.getTime() + MAX_CLIENT_AHEAD_MS),
          noInvalidDate: true,
        }),
        (date) => {
          expect(clientInstant(date.toISOString(), RECEIVED)).toBe(date.toISOString())
        },
      ),
    )
    for (const value of REPORTED) expect(clientInstant(value, RECEIVED)).toBeNull()
    expect(clientInstant("2026-11-22T07:59:00.000Z", RECEIVED)).toBe("2026-11-22T07:59:00.000Z")
    expect(CLIENT_TIME_PATTERN.test("2026-11-22T07:59:00.000Z")).toBe(true)
  })
})

const FORMS = [
  ["process-contact", "contact_messages", bodies.contact],
  ["process-simple-lead", "leads", bodies.booking],
  ["process-simple-lead", "leads", bodies.callback],
  ["process-simple-lead", "leads", bodies.estimateLead],
  ["process-estimate", "leads", bodies.estimateRequest],
] as const

interface TimeRow {
  consent_at: Date | null
  consent_client_at: Date | null
  sms_consent_at: Date | null
  sms_consent_client_at: Date | null
  flags: LeadFlag[]
}

test("any browser time in consent, SMS consent or a touch: stored (never a 500), received at the server's time, the browser's kept only when it can be right, else flagged; nothing logged", async () => {
  const logged: string[] = []
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "))
    }),
  )
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORMS),
        fc.record({ consent: clientTime, sms: clientTime, first: clientTime, last: clientTime }),
        async ([fn, table, make], at) => {
          const body = {
            ...make(),
            attribution: { first: { landing_path: "/", at: at.first }, last: { utm_source: "google", at: at.last } },
            consent: {
              version: LEAD_CONSENT.current,
              at: at.consent,
              sms: { version: LEAD_CONSENT.sms.current, at: at.sms },
            },
          }
          const response = await post(app, fn, body)
          expect(response.status).toBe(200)
          const [row] = await db.query<TimeRow>(
            `select consent_at, consent_client_at, sms_consent_at, sms_consent_client_at, flags from ${table} where submission_id = $1`,
            [body.submissionId],
          )
          const kept = (value: string) => {
            const instant = clientInstant(value, RECEIVED)
            return instant === null ? null : new Date(instant)
          }
          expect(row).toEqual({
            consent_at: RECEIVED,
            consent_client_at: kept(at.consent),
            sms_consent_at: RECEIVED,
            sms_consent_client_at: kept(at.sms),
            flags: expect.any(Array) as unknown,
          })
          const wrong = (
            [
              ["consent time", at.consent],
              ["SMS consent time", at.sms],
              ["first visit time", at.first],
              ["last campaign visit time", at.last],
            ] as const
          ).filter(([, value]) => kept(value) === null)
          expect(row!.flags).toEqual(
            wrong.map(([what, value]) => ({ code: "time_out_of_range", detail: `${what} ${JSON.stringify(value)}` })),
          )
        },
      ),
      { numRuns: 120 },
    )
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  for (const line of logged)
    for (const personal of ["Ann Lee", "ann@example.com", "914-555-0100", "Maria", "Tom Hale", "Rita Moss"])
      expect(line).not.toContain(personal)
})

test("the CRM forward's consent time is the receipt time; a year-0000 browser time is not forwarded as received", async () => {
  const body = {
    ...bodies.estimateRequest(),
    consent: {
      version: LEAD_CONSENT.current,
      at: "0000-01-01T00:00:00.000Z",
      sms: { version: LEAD_CONSENT.sms.current, at: "2026-11-22T07:59:30.000Z" },
    },
  }
  expect((await post(app, "process-estimate", body)).status).toBe(200)
  const forward = (await forwarded<{ submissionId: string; consent: unknown; flags: unknown }>()).find(
    (b) => b.submissionId === body.submissionId,
  )
  expect(forward).toMatchObject({
    consent: {
      version: LEAD_CONSENT.current,
      at: RECEIVED.toISOString(),
      clientAt: null,
      sms: { version: LEAD_CONSENT.sms.current, at: RECEIVED.toISOString(), clientAt: "2026-11-22T07:59:30.000Z" },
    },
    flags: [{ code: "time_out_of_range", detail: 'consent time "0000-01-01T00:00:00.000Z"' }],
  })
})

test("the office's notice shows the receipt time as the time of consent, and a touch time as sent when it is no instant", async () => {
  const body = {
    ...bodies.booking(),
    attribution: {
      first: { landing_path: "/", at: "NaN" },
      last: { utm_source: "google", at: "+275760-09-13T00:00:00.000Z" },
    },
    consent: { version: LEAD_CONSENT.current, at: "9999-12-31T23:59:59.999Z" },
  }
  expect((await post(app, "process-simple-lead", body)).status).toBe(200)
  const [job] = await db.query<{ payload: { text: string } }>(`select payload from outbox_jobs where dedupe_key = $1`, [
    `${body.submissionId}:company_email`,
  ])
  const text = job!.payload.text.replace(/\u202f/g, " ")
  expect(text).toContain("Agreed at: Sun, Nov 22, 2026, 3:00 AM EST")
  expect(text).toContain("When: NaN")
  expect(text).toContain(`${LEAD_MESSAGES.flags.labels.time_out_of_range}: consent time "9999-12-31T23:59:59.999Z"`)
  expect(text).toContain(`${LEAD_MESSAGES.flags.labels.time_out_of_range}: first visit time "NaN"`)
})
