/**
 * @jest-environment node
 *
 * The office's board: the day's and the week's requests with their state and time to
 * "I'm on it", from a contact's signed link (morning summary, the "I'm on it" page) that names no visitor,
 * expires, and is refused when changed; correct for an empty week, a busy one (10,000) and any week,
 * daylight-saving changes included.
 */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import { boardAt, BOARD_MAX_LISTED } from "../../supabase/functions/_shared/office-links/board"
import { startOfDay } from "../../supabase/functions/_shared/kernel/business-hours"
import { boardUrl, verifyLink } from "../../supabase/functions/_shared/office-links/signed-link"
import {
  MINUTE,
  TUESDAY_10AM,
  TUESDAY_10PM,
  WEDNESDAY_OPENING,
  alertConfig,
  alertRig,
  handClock,
  tokenIn,
  withAlertDb,
} from "./alert-rig"

/** What an entry's link names (the handler signs a real one: office-link-answers.test.ts). */
const entryLink = ({ record, id }: { record: string; id: string }) => `link:${record}:${id}`
import { bodies, nextVisitorIp, post, testConfig } from "./helpers"

jest.setTimeout(120_000)

const { db, providers } = withAlertDb()

const NY = "America/New_York"
const HOUR = 60 * MINUTE

interface Fixture {
  kind?: "estimate" | "booking" | "callback" | "contact"
  name: string
  at: Date
  takenAfterMinutes?: number
  by?: string
  outcome?: string
  missed?: boolean
  language?: "en" | "es"
}

/** Stores requests as the functions leave them (straight into the tables: the board only reads). */
async function store(rows: readonly Fixture[]) {
  for (const [i, row] of rows.entries()) {
    const taken =
      row.takenAfterMinutes === undefined ? null : new Date(row.at.getTime() + row.takenAfterMinutes * MINUTE)
    const common = [
      randomUUID(),
      row.name,
      row.at.toISOString(),
      taken?.toISOString() ?? null,
      taken ? (row.by ?? "Dana") : null,
      row.outcome ?? null,
      row.outcome ? (row.by ?? "Dana") : null,
      row.missed ? row.at.toISOString() : null,
      `WEB${String(i).padStart(6, "0")}`,
      row.language ?? "en",
    ]
    if ((row.kind ?? "callback") === "contact")
      await db.query(
        `insert into contact_messages (submission_id, name, created_at, acknowledged_at, acknowledged_by, outcome, outcome_by,
           missed_at, reference, language, email, phone, message)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'a@example.com', '914-555-0100', 'Hi')`,
        common,
      )
    else
      await db.query(
        `insert into leads (submission_id, full_name, created_at, acknowledged_at, acknowledged_by, outcome, outcome_by,
           missed_at, reference, language, kind, source, phone)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'offer_callback', '914-555-0100')`,
        [...common, row.kind ?? "callback"],
      )
  }
}

test("a fixture day: today's and the week's requests, newest first, each with its state and time to 'I'm on it'", async () => {
  const monday = new Date(TUESDAY_10AM.getTime() - 24 * HOUR)
  await store([
    { name: "Old Olga", at: new Date(TUESDAY_10AM.getTime() - 8 * 24 * HOUR), takenAfterMinutes: 2 },
    { name: "Monday Mo", at: monday, takenAfterMinutes: 30, by: "Eli", outcome: "booked" },
    { name: "Early Eve", kind: "contact", at: new Date(TUESDAY_10AM.getTime() - 2 * HOUR), missed: true },
    { name: "Quick Quinn", at: new Date(TUESDAY_10AM.getTime() - 30 * MINUTE), takenAfterMinutes: 4, by: "Fay" },
    { name: "Now Nia", kind: "estimate", at: TUESDAY_10AM, takenAfterMinutes: 0 },
  ])
  const board = await boardAt(db, new Date(TUESDAY_10AM.getTime() + 5 * MINUTE), entryLink)
  expect(board.today.from).toBe("2026-03-03T05:00:00.000Z")
  expect(board.today.requests).toEqual([
    expect.objectContaining({
      name: "Now Nia",
      kind: "estimate request",
      state: "taken",
      takenBy: "Dana",
      minutesToTake: 0,
    }),
    expect.objectContaining({ name: "Quick Quinn", state: "taken", takenBy: "Fay", minutesToTake: 4, outcome: null }),
    expect.objectContaining({
      name: "Early Eve",
      kind: "contact message",
      state: "new",
      minutesToTake: null,
      missed: true,
    }),
  ])
  expect(board.today.counts).toEqual({ total: 3, new: 1, taken: 2, done: 0, missed: 1, medianMinutesToTake: 2 })
  expect(board.week.requests.map((r) => r.name)).toEqual(["Now Nia", "Quick Quinn", "Early Eve", "Monday Mo"])
  expect(board.week.requests[3]).toMatchObject({
    state: "done",
    outcome: "Booked a visit",
    outcomeBy: "Eli",
    minutesToTake: 30,
  })
  expect(board.week.counts).toEqual({ total: 4, new: 1, taken: 2, done: 1, missed: 1, medianMinutesToTake: 4 })
})

test("a visitor who used the site in Spanish is marked on the board, in the office's words; an English one is not", async () => {
  await store([
    { name: "Rosa", kind: "contact", at: TUESDAY_10AM, language: "es" },
    { name: "Mateo", kind: "estimate", at: TUESDAY_10AM, language: "es" },
    { name: "Ann", at: TUESDAY_10AM },
  ])
  const board = await boardAt(db, new Date(TUESDAY_10AM.getTime() + MINUTE), entryLink)
  const prefers = Object.fromEntries(board.today.requests.map((r) => [r.name, r.prefers]))
  expect(prefers).toEqual({
    Rosa: "Prefers Spanish: call back in Spanish",
    Mateo: "Prefers Spanish: call back in Spanish",
    Ann: null,
  })
})

test("an empty week is an empty board", async () => {
  const board = await boardAt(db, TUESDAY_10AM, entryLink)
  expect(board.week).toMatchObject({
    requests: [],
    counts: { total: 0, new: 0, taken: 0, done: 0, missed: 0, medianMinutesToTake: null },
  })
})

test("10,000 requests in a week: every one counted, the most recent listed, one small answer", async () => {
  const at = TUESDAY_10AM
  await db.query(
    `insert into leads (submission_id, full_name, created_at, acknowledged_at, acknowledged_by, kind, source, phone, reference)
     select gen_random_uuid(), 'Lead ' || i, $1::timestamptz - (i * interval '50 seconds'),
       case when i % 2 = 0 then $1::timestamptz - (i * interval '50 seconds') + interval '3 minutes' end,
       case when i % 2 = 0 then 'Dana' end, 'callback', 'offer_callback', '9145550100', 'WEB' || lpad(i::text, 6, '0')
     from generate_series(1, 10000) i`,
    [at.toISOString()],
  )
  const started = performance.now()
  const board = await boardAt(db, at, entryLink)
  const ms = performance.now() - started
  expect(board.week.counts).toMatchObject({ total: 10_000, new: 5_000, taken: 5_000, medianMinutesToTake: 3 })
  expect(board.week.requests).toHaveLength(BOARD_MAX_LISTED)
  expect(board.week.requests[0]?.name).toBe("Lead 1")
  const bytes = JSON.stringify(board).length
  expect(bytes).toBeLessThan(200_000)
  console.log(`Board of a 10,000-request week: ${ms.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB`)
})

test("any week, daylight-saving changes included: the counts are the requests of each period, no more, no less (fast-check)", async () => {
  // Around the changes of 2026 (8 March, 1 November) and an ordinary week.
  const days = [
    ...Array.from({ length: 12 }, (_, d) => Date.UTC(2026, 2, 2 + d, 17)),
    ...Array.from({ length: 10 }, (_, d) => Date.UTC(2026, 9, 27 + d, 17)),
  ]
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...days),
      fc.integer({ min: 0, max: 23 * 60 }),
      fc.array(
        fc.record({
          hoursBefore: fc.integer({ min: 0, max: 10 * 24 }),
          taken: fc.option(fc.integer({ min: 0, max: 600 })),
        }),
        {
          maxLength: 40,
        },
      ),
      async (day, minuteOfDay, rows) => {
        await db.query(`truncate leads, contact_messages cascade`)
        const at = new Date(day - 17 * HOUR + 5 * HOUR + minuteOfDay * MINUTE)
        const fixtures = rows.map((r, i) => ({
          name: `R${i}`,
          at: new Date(at.getTime() - r.hoursBefore * HOUR + (i % 60) * 1000),
          ...(r.taken === null ? {} : { takenAfterMinutes: r.taken }),
        }))
        await store(fixtures)
        const board = await boardAt(db, at, entryLink)
        const today = startOfDay(at, NY)
        const week = startOfDay(at, NY, 6)
        // Local midnight in New York, whatever the offset of that day.
        const local = new Intl.DateTimeFormat("en-US", {
          timeZone: NY,
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
        expect(local.format(today)).toBe("00:00")
        expect(local.format(week)).toBe("00:00")
        const within = (from: Date) => fixtures.filter((f) => f.at >= from && f.at <= at)
        expect(board.today.counts.total).toBe(within(today).length)
        expect(board.week.counts.total).toBe(within(week).length)
        expect(board.week.counts.new).toBe(within(week).filter((f) => f.takenAfterMinutes === undefined).length)
        expect(board.week.counts.new + board.week.counts.taken + board.week.counts.done).toBe(board.week.counts.total)
        expect(board.week.requests.every((r) => new Date(r.receivedAt) >= week)).toBe(true)
      },
    ),
    { numRuns: 40 },
  )
})

describe("the board's link", () => {
  /** A contact message at 10 pm on Tuesday, and the morning summary sent at Wednesday's opening. */
  async function nightRequestSummarised() {
    const config = alertConfig(await providers())
    const clock = handClock(TUESDAY_10PM)
    const { app, dispatch } = alertRig(db, config, clock)
    expect((await post(app, "process-contact", { ...bodies.contact(), name: "Night Nora" })).status).toBe(200)
    clock.set(WEDNESDAY_OPENING)
    await dispatch()
    return { app, clock, config }
  }

  test("the morning summary links the board; its token opens it; changed, expired or another link's token does not", async () => {
    const { app, clock } = await nightRequestSummarised()
    const [summary] = await db.query<{ text_body: string }>(
      `select text_body from dev_mailbox where subject like '%came in while the office was closed'`,
    )
    const text = summary?.text_body ?? ""
    expect(text).toMatch(
      /Today's board: every request, who took it, what came of it: https:\/\/office\.example\/office\/board\/#t=/,
    )
    const token = tokenIn(text.slice(text.indexOf("Today's board")), "board" as "acknowledge")
    // No visitor's data in the address: only the contact it was sent to.
    expect(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).not.toMatch(/Nora|914|example\.com/)
    const open = (t: string) =>
      app.request("/functions/v1/office-board", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextVisitorIp() },
        body: JSON.stringify({ token: t, confirm: false }),
      })
    const answer = await open(token)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      success: true,
      to: "Dana",
      week: { counts: { total: 1 }, requests: [{ name: "Night Nora", state: "new" }] },
    })
    expect((await open(`${token.slice(0, -3)}abc`)).status).toBe(400)
    // An "I'm on it" token is not a board's.
    const ack = tokenIn(text)
    expect((await open(ack)).status).toBe(400)
    clock.set(new Date(WEDNESDAY_OPENING.getTime() + 73 * HOUR))
    expect((await open(token)).status).toBe(410)
  })

  test("a board link is per contact and expires with the other links", () => {
    const config = testConfig()
    const url = boardUrl(config.alerts, "Eli", TUESDAY_10AM)
    const claims = JSON.parse(
      Buffer.from(url.split("#t=")[1]?.split(".")[1] ?? "", "base64url").toString(),
    ) as unknown[]
    expect(claims[0]).toBe("board")
    expect(claims[3]).toBe("Eli")
    expect(claims[4]).toBe(Math.floor(TUESDAY_10AM.getTime() / 1000) + 72 * 3600)
  })

  test("the morning summary also links a past week's report: signed, for its contact, to /office/report/", async () => {
    const { app, config } = await nightRequestSummarised()
    const [summary] = await db.query<{ text_body: string; html: string }>(
      `select text_body, html from dev_mailbox where subject like '%came in while the office was closed'`,
    )
    const text = summary?.text_body ?? ""
    const match =
      /A past week's report, e-mailed to the owner: (https:\/\/office\.example\/office\/report\/#t=(\S+))/.exec(text)
    const [, url = "", token = ""] = match ?? []
    expect(url).not.toBe("")
    expect(summary?.html).toContain(`href="${url}"`)
    // Signed for the report and for the contact it was sent to: no other purpose accepts it, and a changed one fails.
    expect(verifyLink(config.alerts.linkSecret, token, "report", WEDNESDAY_OPENING)).toMatchObject({
      ok: true,
      claims: { purpose: "report", to: "Dana" },
    })
    expect(verifyLink(config.alerts.linkSecret, token, "board", WEDNESDAY_OPENING).ok).toBe(false)
    expect(verifyLink(config.alerts.linkSecret, `${token.slice(0, -3)}abc`, "report", WEDNESDAY_OPENING).ok).toBe(false)
    const answer = await app.request("/functions/v1/office-report", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextVisitorIp() },
      body: JSON.stringify({ token, confirm: false }),
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ success: true, state: "ready", to: "Dana" })
  })
})
