/** @jest-environment node */
/**
 * A text is a kind of request of its own in the office's figures: a text from a number with no request
 * stored is a new "text" request, counted apart from web contact messages in the weekly report, its CSV
 * and the office board; a reply kept on an earlier request is listed as a "text reply" and is no new
 * request (not in the report's Requests, value or breakdowns), while its alert's times count like any alert's.
 */
import type { Db } from "../../supabase/functions/_shared/db"
import { boardAt } from "../../supabase/functions/_shared/office-links/board"
import { asRequest, weekCounts, weekRequests } from "../../supabase/functions/_shared/report/report-data"
import { weekCsv } from "../../supabase/functions/_shared/report/report-csv"
import { weeklyReportEmail } from "../../supabase/functions/_shared/report/report-email"
import { reportWeeks } from "../../supabase/functions/_shared/report/report-week"
import { weekFigures } from "../../supabase/functions/_shared/report/weekly-figures"
import { alertConfig, alertRig, handClock, MINUTE, TUESDAY_10AM, TWILIO_TOKEN, type Providers } from "./alert-rig"
import { fakeServer, fakeTwilio } from "./fake-servers"
import { bodies, post, withFreshDb } from "./helpers"
import { postText, TEXT_ENV, textParams } from "./text-rig"

let db: Db
let providers: Providers
withFreshDb(async (fresh) => {
  db = fresh
  providers = { twilio: await fakeTwilio(), chat: await fakeServer([200]) }
})
afterAll(async () => {
  await Promise.all([providers.twilio.close(), providers.chat.close()])
})

const TOM = "+19145550199"
const STRANGER = "+19145550188"
const { week } = reportWeeks("2026-03-09")

beforeAll(async () => {
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, alertConfig(providers, TEXT_ENV), clock)
  // Tom's booking, then his reply to its text: the reply is kept on the booking.
  expect((await post(app, "process-simple-lead", bodies.booking())).status).toBe(200)
  expect((await post(app, "process-contact", bodies.contact())).status).toBe(200)
  await dispatch()
  clock.advance(10 * MINUTE)
  await postText(app, { token: TWILIO_TOKEN, params: textParams("Can you come at 3 instead?", TOM) })
  // A first text from a number we know nothing of: a request of its own.
  await postText(app, { token: TWILIO_TOKEN, params: textParams("Do you do bed bugs in Rye?", STRANGER) })
  await dispatch()
})

test("the weekly figures count a new text apart from contact messages, and a reply not as a new request", async () => {
  const rows = await weekRequests(db, week)
  const figures = weekFigures(rows.map(asRequest), await weekCounts(db, week))
  // The booking, the contact message and the stranger's text; Tom's reply is not a new request.
  expect(figures.requests).toBe(3)
  expect(figures.textReplies).toBe(1)
  expect(figures.byForm.get("contact")).toEqual(expect.objectContaining({ label: "contact message", count: 1 }))
  expect(figures.byForm.get("text")).toEqual(expect.objectContaining({ label: "text", count: 1 }))
  expect(figures.byForm.has("text_reply")).toBe(false)
  expect([...figures.byLanguage.values()].reduce((n, g) => n + g.count, 0)).toBe(3)
  // Every alert's time counts, the reply's too: four requests alerted in business hours.
  expect(figures.alert.inside.count).toBe(4)
  const before = weekFigures([], await weekCounts(db, week))
  const email = weeklyReportEmail({ week, figures, before, csv: "", to: "owner@example.com", from: "o@example.com" })
  expect(email.text).toMatch(/Requests: 3 \(week before: 0\)/)
  expect(email.text).toMatch(/Text replies to earlier requests: 1 \(week before: 0\)/)
})

test("the CSV lists each text under its own form", () =>
  weekRequests(db, week).then((rows) => {
    const csv = weekCsv(rows)
    const forms = csv
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(",")[2]?.replace(/"/g, ""))
    expect(forms.sort()).toEqual(["$49 Scarsdale booking", "contact message", "text", "text reply"])
  }))

test("the office board labels a text as a text, and a reply as a text reply, not as a contact message", async () => {
  const board = await boardAt(db, new Date(TUESDAY_10AM.getTime() + 20 * MINUTE), () => "link")
  const kinds = board.today.requests.map((r) => [r.name, r.kind])
  expect(kinds).toEqual(
    expect.arrayContaining([
      ["Tom Hale", "text reply"],
      ["(914) 555-0188", "text"],
      ["Ann Lee", "contact message"],
    ]),
  )
})
