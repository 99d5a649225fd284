/**
 * @jest-environment node
 *
 * The owner's weekly report: its figures against a week computed by hand (the week of the
 * 2026 change to daylight saving time, 167 hours long), its CSV read back by a real CSV parser with a
 * visitor's formulas neutralised, its e-mail in the local mailbox with the CSV attached (and to Resend
 * as an attachment), and its job queued once per week, again by each report, and run late when no
 * worker ran at its time.
 */
import { Buffer } from "node:buffer"
import { Hono } from "hono"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import type { EmailAttachment } from "../../supabase/functions/_shared/mail/layout"
import { columnsShownIn } from "../../supabase/functions/_shared/requests/shown-fields"
import { asRequest, weekCounts, weekRequests } from "../../supabase/functions/_shared/report/report-data"
import { nextReport, reportWeeks, scheduleWeeklyReport } from "../../supabase/functions/_shared/report/report-week"
import { weekFigures, type GroupFigures, type OutcomeKey } from "../../supabase/functions/_shared/report/weekly-figures"
import { LEAD_OUTCOMES } from "../../supabase/functions/_shared/kernel/outcomes"
import type { DevMailboxRow } from "../../supabase/functions/_shared/rows"
import { mailboxRoutes } from "../../server/mailbox"
import { fakeServer } from "./fake-servers"
import { handClock } from "./alert-rig"
import { testConfig, withFreshDb } from "./helpers"
import { readCsv } from "./python-csv"
import { insertJob, insertRequests, insertSpam, type FixtureRequest } from "./report-rows"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const S = 1_000
const MIN = 60 * S
const HOUR = 60 * MIN
const COPY = LEAD_MESSAGES.weeklyReport
/** Data's columns, then each declared request's fields the CSV lists (kernel/contact-request.ts), by the office's label. */
const CSV_HEADER = [...Object.values(COPY.csvColumns), ...columnsShownIn("contact", "csv").map(({ label }) => label)]
const KIND = LEAD_MESSAGES.companyEmail.kindLabels
const OUTCOME_KEYS: readonly OutcomeKey[] = [...LEAD_OUTCOMES, "none"]

/** The report of Monday 9 March 2026 covers Mon 2 March 00:00 EST (05:00Z) to Mon 9 March 00:00 EDT (04:00Z). */
const MONDAY = "2026-03-09"
const OPENING = new Date("2026-03-09T12:00:00Z") // 08:00 EDT
const OWNER = { ALERT_CONTACTS: JSON.stringify([{ name: "Dana", email: "dana@example.com" }]), ALERT_OWNER: "Dana" }
const config = testConfig({ WEEKLY_REPORT: "1", ...OWNER })

/** A visit whose first and last touch were the same Google ads campaign. */
const googleAd = (utm_campaign: string) => {
  const touch = { utm_source: "google", utm_medium: "cpc", utm_campaign }
  return { first: touch, last: touch }
}

const FORMULA_NAME = '=HYPERLINK("http://evil.example/?x","Click")'
const QUOTED_NOTE = 'Wants "Tuesday", after 5\r\nthen the side door'

/** The week, by hand: times in New York given beside each. */
const WEEK: FixtureRequest[] = [
  // Tue 3 March 10:00 EST, open: alerted after 1 minute, taken after 5, booked.
  {
    form: "callback",
    at: new Date("2026-03-03T15:00:00Z"),
    reference: "WEB000001",
    name: "Rita Moss",
    offer: "Express Pest Fix - $39",
    attribution: {
      first: { utm_source: "google", utm_medium: "cpc", utm_campaign: "yonkers39" },
      last: { utm_source: "facebook", utm_medium: "paid", utm_campaign: "spring" },
    },
    alertedAfterMs: MIN,
    acknowledgedAfterMs: 5 * MIN,
    outcome: "booked",
  },
  // Tue 3 March 11:00 EST, open: 30 s and 3 minutes, reached; a note with a quote, a comma and a line break.
  {
    form: "estimate",
    at: new Date("2026-03-03T16:00:00Z"),
    reference: "WEB000002",
    name: "María López",
    language: "es",
    alertedAfterMs: 30 * S,
    acknowledgedAfterMs: 3 * MIN,
    outcome: "reached",
    note: QUOTED_NOTE,
  },
  // Thu 5 March 12:00 EST, open: 2 and 10 minutes, left a message; formulas in every field a visitor or the office fills.
  {
    form: "callback",
    at: new Date("2026-03-05T17:00:00Z"),
    reference: "WEB000004",
    name: FORMULA_NAME,
    phone: "+1 914 555 0123",
    email: "-2@example.com",
    offer: "Express Pest Fix - $39",
    attribution: {
      first: { utm_source: "<script>alert(1)</script>", utm_campaign: "=cmd|' /C calc'!A0" },
      last: { utm_source: "<script>alert(1)</script>", utm_campaign: "=cmd|' /C calc'!A0" },
    },
    alertedAfterMs: 2 * MIN,
    acknowledgedAfterMs: 10 * MIN,
    acknowledgedBy: "@Eli",
    outcome: "left_message",
    outcomeBy: "+Eli",
    note: "@SUM(A1:A2)",
  },
  // Sat 7 March 20:00 EST, closed: alerted at Sunday's opening (09:00 EDT, after the change) 12 hours on, taken at 09:30, booked.
  {
    form: "booking",
    at: new Date("2026-03-08T01:00:00Z"),
    reference: "WEB000003",
    name: "Tom Hale",
    offer: "$49 Scarsdale Starter Visit",
    attribution: googleAd("scarsdale49"),
    alertedAfterMs: 12 * HOUR,
    acknowledgedAfterMs: 12.5 * HOUR,
    outcome: "booked",
  },
  // Sun 8 March 03:30 EDT (an hour after the change), closed: never alerted nor taken, the owner told at 10:00 EDT.
  {
    form: "contact",
    at: new Date("2026-03-08T07:30:00Z"),
    reference: "WEB000005",
    name: "Ann Lee",
    missedAt: new Date("2026-03-08T14:00:00Z"),
  },
]

/** The week before (Mon 23 Feb to Mon 2 March), and the two edges: the first instant after the week is not in it. */
const BEFORE: FixtureRequest[] = [
  // Tue 24 Feb 10:00 EST, open: 90 s and 4 minutes, booked.
  {
    form: "callback",
    at: new Date("2026-02-24T15:00:00Z"),
    offer: "Express Pest Fix - $39",
    attribution: googleAd("yonkers39"),
    alertedAfterMs: 90 * S,
    acknowledgedAfterMs: 4 * MIN,
    outcome: "booked",
  },
  // Sun 1 March 23:59:59.999 EST, the week before's last instant: missed, the owner told on Monday 2 March (this week).
  { form: "estimate", at: new Date("2026-03-02T04:59:59.999Z"), missedAt: new Date("2026-03-02T14:00:00Z") },
  // Mon 9 March 00:00 EDT: the next week's first instant.
  { form: "estimate", at: new Date("2026-03-09T04:00:00Z") },
]

async function insertFixture() {
  await insertRequests(db, WEEK)
  await insertRequests(db, BEFORE, 100)
  // Spam: three filed this week (one released this week), one filed the week before and released this week.
  await insertSpam(db, new Date("2026-03-03T12:00:00Z"))
  await insertSpam(db, new Date("2026-03-04T12:00:00Z"), new Date("2026-03-04T13:00:00Z"))
  await insertSpam(db, new Date("2026-03-08T06:00:00Z"))
  await insertSpam(db, new Date("2026-02-27T12:00:00Z"), new Date("2026-03-03T13:00:00Z"))
  // One delivery died this week, one was sent.
  await insertJob(db, "dead", new Date("2026-03-06T12:00:00Z"))
  await insertJob(db, "sent", new Date("2026-03-06T12:00:00Z"))
}

const group = (label: string, count: number, outcomes: Partial<Record<OutcomeKey, number>>): GroupFigures => ({
  label,
  count,
  outcomes: new Map(OUTCOME_KEYS.flatMap((key) => (outcomes[key] ? [[key, outcomes[key]] as const] : []))),
})

test("the week and the week before, Monday to Monday in New York, across the change to daylight saving time", () => {
  const { week, before } = reportWeeks(MONDAY)
  expect(week).toEqual({ from: new Date("2026-03-02T05:00:00Z"), to: new Date("2026-03-09T04:00:00Z") })
  expect(week.to.getTime() - week.from.getTime()).toBe(167 * HOUR)
  expect(before).toEqual({ from: new Date("2026-02-23T05:00:00Z"), to: new Date("2026-03-02T05:00:00Z") })
  // Due at the Monday's opening time: 08:00 EDT.
  expect(nextReport(new Date("2026-03-09T03:59:00Z"))).toEqual({ monday: MONDAY, due: OPENING })
  expect(nextReport(OPENING)).toEqual({ monday: "2026-03-16", due: new Date("2026-03-16T12:00:00Z") })
  // Back to standard time: Mon 2 Nov 2026 08:00 EST is 13:00Z, and that week is 169 hours.
  expect(nextReport(new Date("2026-10-29T12:00:00Z"))).toEqual({
    monday: "2026-11-02",
    due: new Date("2026-11-02T13:00:00Z"),
  })
  const autumn = reportWeeks("2026-11-02").week
  expect(autumn.to.getTime() - autumn.from.getTime()).toBe(169 * HOUR)
})

test("the fixture week's figures, computed by hand", async () => {
  await insertFixture()
  const { week, before } = reportWeeks(MONDAY)
  const now = weekFigures((await weekRequests(db, week)).map(asRequest), await weekCounts(db, week))
  const previous = weekFigures((await weekRequests(db, before)).map(asRequest), await weekCounts(db, before))

  expect(now).toMatchObject({ requests: 5, booked: 2, missed: 2, spamFiled: 3, spamReleased: 2, dead: 1 })
  // $39 + $150 (an estimate) + $39 + $49 + $50 (a contact message); booked: $39 + $49.
  expect(now.value).toBe(327)
  expect(now.bookedValue).toBe(88)
  // Each breakdown by what it groups by: the form, the offer's key ("" for none), the campaign's words, the language.
  expect(now.byForm).toEqual(
    new Map([
      ["callback", group(KIND.callback, 2, { booked: 1, left_message: 1 })],
      ["estimate", group(KIND.estimate, 1, { reached: 1 })],
      ["booking", group(KIND.booking, 1, { booked: 1 })],
      ["contact", group(KIND.contact, 1, { none: 1 })],
    ]),
  )
  expect(now.byOffer).toEqual(
    new Map([
      ["yonkers39", group("Express Pest Fix - $39", 2, { booked: 1, left_message: 1 })],
      ["", group(COPY.none, 2, { reached: 1, none: 1 })],
      ["scarsdale-49", group("$49 Scarsdale Starter Visit", 1, { booked: 1 })],
    ]),
  )
  // The one estimate request chose no plan.
  expect(now.byPlan).toEqual(new Map([["", group(COPY.none, 1, { reached: 1 })]]))
  const campaign = (label: string, count: number, outcomes: Partial<Record<OutcomeKey, number>>) =>
    [label, group(label, count, outcomes)] as const
  expect(now.byFirstTouch).toEqual(
    new Map([
      campaign("google / cpc / yonkers39", 1, { booked: 1 }),
      campaign(COPY.none, 2, { reached: 1, none: 1 }),
      campaign(`<script>alert(1)</script> / ${COPY.none} / =cmd|' /C calc'!A0`, 1, { left_message: 1 }),
      campaign("google / cpc / scarsdale49", 1, { booked: 1 }),
    ]),
  )
  expect(now.byLastTouch.get("facebook / paid / spring")).toEqual(group("facebook / paid / spring", 1, { booked: 1 }))
  expect(now.byLastTouch.has("google / cpc / yonkers39")).toBe(false)
  // María used the site in Spanish; every other request, in English.
  expect(now.byLanguage).toEqual(
    new Map([
      ["en", group("English", 4, { booked: 2, left_message: 1, none: 1 })],
      ["es", group("Spanish", 1, { reached: 1 })],
    ]),
  )
  // In hours: alerts after 30 s, 1 and 2 minutes (median 60 s; 90th percentile 60 + 0.8 × 60 = 108 s); taken
  // after 3, 5 and 10 minutes (300 s; 300 + 0.8 × 300 = 540 s). Outside: the Saturday booking alone.
  expect(now.alert).toEqual({
    inside: { count: 3, median: 60 * S, p90: 108 * S },
    outside: { count: 1, median: 12 * HOUR, p90: 12 * HOUR },
  })
  expect(now.acknowledge).toEqual({
    inside: { count: 3, median: 300 * S, p90: 540 * S },
    outside: { count: 1, median: 12.5 * HOUR, p90: 12.5 * HOUR },
  })

  expect(previous).toMatchObject({ requests: 2, booked: 1, value: 189, bookedValue: 39, missed: 0, spamFiled: 1 })
  expect(previous).toMatchObject({ spamReleased: 0, dead: 0 })
  expect(previous.alert.inside).toEqual({ count: 1, median: 90 * S, p90: 90 * S })
  expect(previous.alert.outside).toEqual({ count: 0, median: null, p90: null })
})

const mailboxReports = () =>
  db.query<DevMailboxRow>(`select * from dev_mailbox where subject like 'Weekly report%' order by created_at`)

const csvOf = (attachment: EmailAttachment | undefined) => {
  if (!attachment) throw new Error("no attachment")
  return Buffer.from(attachment.content, "base64")
}

test("Monday at opening time the owner gets the report, with the week's requests as a CSV a CSV parser reads back", async () => {
  await insertFixture()
  const clock = handClock(new Date("2026-03-09T11:00:00Z"))
  const deps = { db, config, clock: clock.read }
  // 07:00 EDT: the sweep queues the report, due at opening time; nothing is sent yet.
  await dispatchOutbox(deps)
  expect(await mailboxReports()).toEqual([])
  clock.set(new Date(OPENING.getTime() + S))
  await dispatchOutbox(deps)
  const [mail, ...more] = await mailboxReports()
  expect(more).toEqual([])
  if (!mail) throw new Error("no report in the mailbox")
  expect(mail.to_address).toBe("dana@example.com")
  expect(mail.subject).toBe("Weekly report, Mar 2, 2026 to Mar 8, 2026: 5 request(s), 2 booked")
  expect(mail.text_body).toContain("Requests: 5 (week before: 2)")
  expect(mail.text_body).toContain("Value of the week's requests: $327 (week before: $189)")
  expect(mail.text_body).toContain('Missed (nobody tapped "I\'m on it"): 2 (week before: 0)')
  expect(mail.text_body).toContain(
    `First alert, in business hours: 1 minute, 90% within 1 minute (3) (week before: 1 minute, 90% within 1 minute (1))`,
  )
  expect(mail.text_body).toContain(
    `"I'm on it", outside business hours: 12 hours 30 minutes, 90% within 12 hours 30 minutes (1)`,
  )
  expect(mail.text_body).toContain(
    "Express Pest Fix - $39: 2: Booked a visit 1, Left a message 1 (week before: 1: Booked a visit 1)",
  )
  expect(mail.text_body).toContain("By language")
  expect(mail.text_body).toContain("Spanish: 1: Reached the customer 1 (week before: 0)")
  // A visitor's campaign is text in the HTML, never markup.
  expect(mail.html).not.toContain("<script>")
  expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")

  const [attachment] = mail.attachments ?? []
  expect(attachment).toMatchObject({
    filename: "requests-2026-03-02-to-2026-03-08.csv",
    contentType: "text/csv; charset=utf-8",
  })
  const bytes = csvOf(attachment)
  const text = bytes.toString("utf8")
  // RFC 4180: every record ends with CRLF; a line break inside a quoted field is the field's own.
  expect(text.endsWith("\r\n")).toBe(true)
  expect(text.replace(/"(?:[^"]|"")*"/g, "").match(/\r(?!\n)|(?<!\r)\n/)).toBeNull()
  const [header, ...records] = readCsv(bytes)
  expect(header).toEqual(CSV_HEADER)
  // Oldest first; the edges of the week are not in it.
  expect(records.map((r) => r[0])).toEqual(["WEB000001", "WEB000002", "WEB000004", "WEB000003", "WEB000005"])
  const byReference = new Map(records.map((r) => [r[0], Object.fromEntries(header!.map((h, i) => [h, r[i]]))]))
  const C = COPY.csvColumns
  expect(byReference.get("WEB000001")).toMatchObject({
    [C.received]: "2026-03-03T10:00:00-05:00",
    [C.form]: KIND.callback,
    [C.firstSource]: "google",
    [C.lastCampaign]: "spring",
    [C.firstAlerted]: "2026-03-03T10:01:00-05:00",
    [C.acknowledgedBy]: "Dana",
    [C.outcome]: LEAD_MESSAGES.officeAlerts.outcomes.booked,
  })
  // After the change to daylight saving time, the offset is New York's summer one.
  expect(byReference.get("WEB000005")?.[C.received]).toBe("2026-03-08T03:30:00-04:00")
  expect(byReference.get("WEB000002")).toMatchObject({ [C.name]: "María López", [C.note]: QUOTED_NOTE })
  // Formulas neutralised: a leading apostrophe, the rest as it was.
  expect(byReference.get("WEB000004")).toMatchObject({
    [C.name]: `'${FORMULA_NAME}`,
    [C.phone]: "'+1 914 555 0123",
    [C.email]: "'-2@example.com",
    [C.firstCampaign]: "'=cmd|' /C calc'!A0",
    [C.acknowledgedBy]: "'@Eli",
    [C.outcomeBy]: "'+Eli",
    [C.note]: "'@SUM(A1:A2)",
  })
  for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/)

  // The local mailbox lists the file and serves it as a download.
  const mailbox = new Hono().route("/_dev/mail", mailboxRoutes(db))
  const page = await (await mailbox.request(`/_dev/mail/${mail.id}`)).text()
  expect(page).toContain(`href="/_dev/mail/${mail.id}/attachments/0"`)
  expect(page).toContain("requests-2026-03-02-to-2026-03-08.csv")
  const download = await mailbox.request(`/_dev/mail/${mail.id}/attachments/0`)
  expect(download.headers.get("content-disposition")).toBe(
    'attachment; filename="requests-2026-03-02-to-2026-03-08.csv"',
  )
  expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
  expect((await mailbox.request(`/_dev/mail/${mail.id}/attachments/1`)).status).toBe(404)
})

const reportJobs = () =>
  db.query<{ dedupe_key: string; status: string; next_attempt_at: Date }>(
    `select dedupe_key, status, next_attempt_at from outbox_jobs where kind = 'weekly_report' order by dedupe_key`,
  )

test("one report per week: queued once however often the worker runs, the next queued by each report, a late one run by the next worker", async () => {
  const clock = handClock(new Date("2026-03-04T15:00:00Z"))
  const deps = { db, config, clock: clock.read }
  for (let i = 0; i < 5; i++) {
    await scheduleWeeklyReport(db, clock.read())
    clock.advance(7 * HOUR)
  }
  await dispatchOutbox(deps)
  expect(await reportJobs()).toEqual([
    { dedupe_key: "weekly-report:2026-03-09", status: "pending", next_attempt_at: OPENING },
  ])
  // The report runs at opening time and queues next Monday's.
  clock.set(new Date(OPENING.getTime() + MIN))
  await dispatchOutbox(deps)
  await dispatchOutbox(deps)
  expect((await reportJobs()).map((j) => (j.status === "sent" ? [j.dedupe_key, j.status] : Object.values(j)))).toEqual([
    ["weekly-report:2026-03-09", "sent"],
    ["weekly-report:2026-03-16", "pending", new Date("2026-03-16T12:00:00Z")],
  ])
  expect(await mailboxReports()).toHaveLength(1)
  // No worker from Thursday to Tuesday 17 March: the first run after is the report of the week to 16 March.
  clock.set(new Date("2026-03-17T15:00:00Z"))
  await dispatchOutbox(deps)
  const reports = await mailboxReports()
  expect(reports.map((m) => m.subject)).toEqual([
    "Weekly report, Mar 2, 2026 to Mar 8, 2026: 0 request(s), 0 booked",
    "Weekly report, Mar 9, 2026 to Mar 15, 2026: 0 request(s), 0 booked",
  ])
  expect((await reportJobs()).map((j) => [j.dedupe_key, j.status])).toEqual([
    ["weekly-report:2026-03-09", "sent"],
    ["weekly-report:2026-03-16", "sent"],
    ["weekly-report:2026-03-23", "pending"],
  ])
  // An empty week still has its CSV: the header alone.
  expect(readCsv(csvOf(reports[1]?.attachments?.[0]))).toEqual([CSV_HEADER])
})

test("WEEKLY_REPORT=0: nothing is queued, and a report queued before is not sent", async () => {
  const off = testConfig({ WEEKLY_REPORT: "0", ...OWNER })
  const clock = handClock(new Date("2026-03-04T15:00:00Z"))
  await dispatchOutbox({ db, config: off, clock: clock.read })
  expect(await reportJobs()).toEqual([])
  await scheduleWeeklyReport(db, clock.read())
  clock.set(new Date(OPENING.getTime() + MIN))
  await dispatchOutbox({ db, config: off, clock: clock.read })
  expect((await reportJobs()).map((j) => j.status)).toEqual(["sent"])
  expect(await mailboxReports()).toEqual([])
})

test("the report goes to Resend with its CSV as an attachment (file name and base64 content)", async () => {
  const resend = await fakeServer([200])
  try {
    const withApi = testConfig({ WEEKLY_REPORT: "1", RESEND_API_KEY: "re_test", RESEND_API_URL: resend.url })
    await insertFixture()
    const clock = handClock(new Date("2026-03-09T11:00:00Z"))
    await dispatchOutbox({ db, config: withApi, clock: clock.read })
    clock.set(new Date(OPENING.getTime() + S))
    await dispatchOutbox({ db, config: withApi, clock: clock.read })
    const sent = resend
      .delivered()
      .map((r) => JSON.parse(r.body) as { subject: string; to: string[]; attachments?: Array<Record<string, string>> })
      .filter((body) => body.subject.startsWith("Weekly report"))
    expect(sent).toHaveLength(1)
    // No ALERT_OWNER: the office inbox.
    expect(sent[0]?.to).toEqual([withApi.mail.companyTo])
    const [file] = sent[0]?.attachments ?? []
    expect(file).toMatchObject({
      filename: "requests-2026-03-02-to-2026-03-08.csv",
      content_type: "text/csv; charset=utf-8",
    })
    expect(readCsv(Buffer.from(file?.content ?? "", "base64"))).toHaveLength(6)
  } finally {
    await resend.close()
  }
})
