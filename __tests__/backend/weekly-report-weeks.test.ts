/**
 * @jest-environment node
 *
 * The weekly report over any week: random weeks (daylight-saving weeks among them) with 0 to 60 requests
 * at random times, some just outside the week, give consistent figures (every breakdown sums to the
 * total, every group's outcomes to its count, median ≤ 90th percentile within the measured range, the
 * value is the sum of the requests' values) and a CSV holding exactly the week's requests. And a week of
 * 10,000 requests: how long the report takes, and how big it is.
 */
import { Buffer } from "node:buffer"
import { performance } from "node:perf_hooks"
import fc from "fast-check"
import type { Db } from "../../supabase/functions/_shared/db"
import { zonedDate, weekStart } from "../../supabase/functions/_shared/kernel/business-hours"
import { LEAD_OUTCOMES } from "../../supabase/functions/_shared/kernel/outcomes"
import { COMPANY } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { isOfficeOpen } from "../../supabase/functions/_shared/alerts/office-hours"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { asRequest, weekCounts, weekRequests } from "../../supabase/functions/_shared/report/report-data"
import { weekCsv } from "../../supabase/functions/_shared/report/report-csv"
import { reportWeeks } from "../../supabase/functions/_shared/report/report-week"
import {
  requestValue,
  weekFigures,
  type GroupFigures,
  type RequestForm,
  type Timing,
} from "../../supabase/functions/_shared/report/weekly-figures"
import { runWeeklyReport } from "../../supabase/functions/_shared/report/weekly-report"
import type { DevMailboxRow } from "../../supabase/functions/_shared/rows"
import { handClock } from "./alert-rig"
import { testConfig, withFreshDb } from "./helpers"
import { readCsv } from "./python-csv"
import { insertRequests, type FixtureRequest } from "./report-rows"

jest.setTimeout(300_000)

let db: Db
withFreshDb((fresh) => void (db = fresh))

const HOUR = 3_600_000
const DAY = 24 * HOUR
const FORMS: readonly RequestForm[] = ["contact", "estimate", "booking", "callback"]
const OFFERS = [null, "Express Pest Fix - $39", "$49 Scarsdale Starter Visit", "=SUM(1)", "Spring <b>$59</b>"]
const SOURCES = [undefined, "google", "facebook", "@bing", "-x"]

/** The weeks either side of both daylight-saving changes, and any other Monday of 2025-2028. */
const monday = fc.oneof(
  fc.constantFrom("2026-03-09", "2026-03-16", "2026-11-02", "2026-11-09", "2027-03-15", "2027-11-08"),
  fc
    .date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true })
    .map((at) => zonedDate(weekStart(at, COMPANY.timeZone), COMPANY.timeZone)),
)

const touch = fc.record({
  utm_source: fc.constantFrom(...SOURCES),
  utm_medium: fc.constantFrom(undefined, "cpc", "email"),
  utm_campaign: fc.constantFrom(undefined, "spring", "+promo"),
})
const clean = (t: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(t).filter((e): e is [string, string] => e[1] !== undefined))

/** A request at a fraction of the span from two days before the week to two days after it. */
const request = fc.record({
  form: fc.constantFrom(...FORMS),
  place: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  offer: fc.constantFrom(...OFFERS),
  attribution: fc.option(fc.record({ first: touch, last: touch })),
  alertedAfterMs: fc.option(fc.integer({ min: 0, max: 2 * DAY })),
  acknowledgedAfterMs: fc.option(fc.integer({ min: 0, max: 3 * DAY })),
  outcome: fc.option(fc.constantFrom(...LEAD_OUTCOMES)),
  name: fc.string({ maxLength: 12 }),
})

const sum = (groups: Map<string, GroupFigures>) => [...groups.values()].reduce((n, g) => n + g.count, 0)

function expectSane(t: Timing, measured: number[]) {
  expect(t.count).toBe(measured.length)
  if (measured.length === 0) {
    expect(t).toEqual({ count: 0, median: null, p90: null })
    return
  }
  const [min, max] = [Math.min(...measured), Math.max(...measured)]
  expect(t.median).not.toBeNull()
  expect(min).toBeLessThanOrEqual(t.median ?? NaN)
  expect(t.median).toBeLessThanOrEqual(t.p90 ?? NaN)
  expect(t.p90).toBeLessThanOrEqual(max)
}

test("any week, 0 to 60 requests around it: consistent figures and a CSV of exactly the week's requests", async () => {
  await fc.assert(
    fc.asyncProperty(monday, fc.array(request, { maxLength: 60 }), async (day, drawn) => {
      await db.query(`truncate leads, contact_messages, spam_attempts, outbox_jobs cascade`)
      const { week } = reportWeeks(day)
      const start = week.from.getTime() - 2 * DAY
      const span = week.to.getTime() + 2 * DAY - start
      const requests: FixtureRequest[] = drawn.map((r) => ({
        ...r,
        // A contact message has no offer.
        offer: r.form === "contact" ? null : r.offer,
        at: new Date(start + Math.floor(r.place * span)),
        attribution: r.attribution && { first: clean(r.attribution.first), last: clean(r.attribution.last) },
      }))
      await insertRequests(db, requests)
      const inWeek = requests.filter((r) => r.at >= week.from && r.at < week.to)
      const rows = await weekRequests(db, week)
      const f = weekFigures(rows.map(asRequest), await weekCounts(db, week))

      expect(f.requests).toBe(inWeek.length)
      for (const groups of [f.byForm, f.byOffer, f.byFirstTouch, f.byLastTouch]) {
        expect(sum(groups)).toBe(f.requests)
        for (const g of groups.values()) expect([...g.outcomes.values()].reduce((n, c) => n + c, 0)).toBe(g.count)
      }
      expect(f.booked).toBe(inWeek.filter((r) => r.outcome === "booked").length)
      expect(f.value).toBeCloseTo(
        inWeek.reduce((v, r) => v + requestValue(r.form, r.offer ?? null), 0),
        6,
      )
      // Split as the report splits them, by the office's hours when the request came in.
      const measured = (pick: (r: FixtureRequest) => number | null | undefined, open: boolean) =>
        inWeek.flatMap((r) => {
          const ms = pick(r)
          return ms == null || isOfficeOpen(r.at) !== open ? [] : [ms]
        })
      expectSane(
        f.alert.inside,
        measured((r) => r.alertedAfterMs, true),
      )
      expectSane(
        f.alert.outside,
        measured((r) => r.alertedAfterMs, false),
      )
      expectSane(
        f.acknowledge.inside,
        measured((r) => r.acknowledgedAfterMs, true),
      )
      expectSane(
        f.acknowledge.outside,
        measured((r) => r.acknowledgedAfterMs, false),
      )

      const [header, ...records] = readCsv(Buffer.from(weekCsv(rows), "utf8"))
      expect(records).toHaveLength(inWeek.length)
      const received = header?.indexOf("Received") ?? -1
      for (const record of records) {
        const at = new Date(record[received] ?? "")
        // ISO with New York's offset, to the second: within the week.
        expect(at.getTime()).toBeGreaterThanOrEqual(week.from.getTime() - 999)
        expect(at.getTime()).toBeLessThan(week.to.getTime())
        for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
      }
    }),
    { numRuns: 25 },
  )
})

test("a week of 10,000 requests: the report in seconds, its CSV read back whole", async () => {
  await db.query(`truncate leads, contact_messages, spam_attempts, outbox_jobs, dev_mailbox cascade`)
  const day = "2026-03-09"
  const { week } = reportWeeks(day)
  const span = week.to.getTime() - week.from.getTime()
  const random = fc.sample(request, { numRuns: 10_000, seed: 27 })
  const requests: FixtureRequest[] = random.map((r, i) => ({
    ...r,
    offer: r.form === "contact" ? null : r.offer,
    at: new Date(week.from.getTime() + Math.floor(r.place * span)),
    attribution: r.attribution && { first: clean(r.attribution.first), last: clean(r.attribution.last) },
    name: `${r.name} ${i}, "Visitor"`,
  }))
  for (let i = 0; i < requests.length; i += 2_500) await insertRequests(db, requests.slice(i, i + 2_500), i)
  const config = testConfig({ WEEKLY_REPORT: "1" })
  const clock = handClock(new Date("2026-03-09T12:00:01Z"))
  const started = performance.now()
  const note = await runWeeklyReport(
    { id: "00000000-0000-4000-8000-000000000027", kind: "weekly_report", payload: { monday: day }, attempts: 0 },
    { db, config, clock: clock.read },
  )
  const built = performance.now() - started
  expect(note).toContain("Report of 10000 request(s)")
  const [job] = await db.query<{ size: number }>(
    `select pg_column_size(payload)::int as size from outbox_jobs where dedupe_key = 'weekly-report:2026-03-09:email'`,
  )
  const deliveredAt = performance.now()
  await dispatchOutbox({ db, config, clock: clock.read })
  const delivered = performance.now() - deliveredAt
  const [mail] = await db.query<DevMailboxRow>(`select * from dev_mailbox where subject like 'Weekly report%'`)
  const file = mail?.attachments?.[0]
  const csv = Buffer.from(file?.content ?? "", "base64")
  const rows = readCsv(csv)
  expect(rows).toHaveLength(10_001)
  expect(mail?.subject).toContain("10,000 request(s)")
  const html = Buffer.byteLength(mail?.html ?? "")
  console.log(
    `A week of 10,000 requests: report built in ${(built / 1000).toFixed(2)} s (read, figures of both weeks, CSV, e-mail, queued), ` +
      `delivered to the local mailbox in ${(delivered / 1000).toFixed(2)} s; CSV ${(csv.length / 1e6).toFixed(2)} MB ` +
      `(${((file?.content.length ?? 0) / 1e6).toFixed(2)} MB in base64), e-mail HTML ${(html / 1024).toFixed(1)} KB, ` +
      `outbox payload ${((job?.size ?? 0) / 1e6).toFixed(2)} MB stored`,
  )
  // Well inside Resend's 40 MB per e-mail, and the HTML under Gmail's clipping size.
  expect(file?.content.length ?? 0).toBeLessThan(40e6)
  expect(html).toBeLessThan(100_000)
})
