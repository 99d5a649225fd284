/**
 * @jest-environment node
 *
 * The weekly report groups offers by their key and plans by their id, under their English names: a lead from
 * an offer's Spanish page stores the offer's Spanish name, and it is the same offer. Older rows that hold only
 * a name, in either language and whatever its letter case, are read back to their offer; a name no offer has
 * stays a line of its own.
 */
import { Buffer } from "node:buffer"
import type { Db } from "../../supabase/functions/_shared/db"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { offerOf, planOf } from "../../supabase/functions/_shared/report/offer-groups"
import { weekReport } from "../../supabase/functions/_shared/report/weekly-report"
import { testConfig, withFreshDb } from "./helpers"
import { readCsv } from "./python-csv"
import { insertRequests, type FixtureRequest } from "./report-rows"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const COPY = LEAD_MESSAGES.weeklyReport
const C = COPY.csvColumns
/** The report of Monday 30 November 2026: the week of Mon 23 to Sun 29 November. */
const MONDAY = "2026-11-30"
const config = testConfig({ WEEKLY_REPORT: "1" })
const at = (day: number, hour = 15) => new Date(Date.UTC(2026, 10, day, hour))

const WEEK: FixtureRequest[] = [
  { form: "callback", at: at(23), reference: "WEB000001", offer: "Express Pest Fix - $39", outcome: "booked" },
  // The same offer from its Spanish page.
  {
    form: "callback",
    at: at(24),
    reference: "WEB000002",
    offer: "Control de Plagas Exprés - $39",
    language: "es",
    outcome: "booked",
  },
  // An older row, its Spanish name written in sentence case.
  { form: "callback", at: at(25), reference: "WEB000003", offer: "control de plagas exprés - $39", language: "es" },
  {
    form: "booking",
    at: at(25, 16),
    reference: "WEB000004",
    offer: "Visita Inicial en Scarsdale por $49",
    language: "es",
  },
  { form: "booking", at: at(26), reference: "WEB000005", offer: "$49 Scarsdale Starter Visit", outcome: "reached" },
  // An offer since removed: its own line, by its stored name.
  { form: "callback", at: at(26, 16), reference: "WEB000006", offer: "Spring Special - $25" },
  // Estimates choose a plan by its id, whatever the language of the page.
  { form: "estimate", at: at(27), reference: "WEB000007", plan: "c-are", language: "es", outcome: "booked" },
  { form: "estimate", at: at(27, 16), reference: "WEB000008", plan: "c-are" },
  { form: "estimate", at: at(28), reference: "WEB000009", plan: "retired-plan" },
]

test("a stored name in either language, in any letter case, is read back to its offer; an unknown one stays its own", () => {
  expect(offerOf("Control de Plagas Exprés - $39")).toEqual({ key: "yonkers39", name: "Express Pest Fix - $39" })
  expect(offerOf("  express   pest fix - $39 ")).toEqual({ key: "yonkers39", name: "Express Pest Fix - $39" })
  expect(offerOf("Visita Inicial en Scarsdale por $49")).toEqual({
    key: "scarsdale-49",
    name: "$49 Scarsdale Starter Visit",
  })
  expect(offerOf("Spring Special - $25")).toEqual({ key: "name:spring special - $25", name: "Spring Special - $25" })
  expect(offerOf("  ")).toBeNull()
  expect(offerOf(null)).toBeNull()
  expect(planOf("c-are")).toEqual({ key: "c-are", name: "C•ARE" })
  expect(planOf("retired-plan")).toEqual({ key: "retired-plan", name: "retired-plan" })
})

test("the same offer in English and in Spanish is one line under its English name, in the e-mail and in the CSV", async () => {
  await insertRequests(db, WEEK)
  // The week before: the Spanish name once, so the comparison is by the offer too.
  await insertRequests(db, [{ form: "callback", at: at(17), offer: "Control de Plagas Exprés - $39" }], 100)
  const { email, requests } = await weekReport(db, config, MONDAY)
  expect(requests).toBe(WEEK.length)
  const { text } = email
  const byOffer = text.slice(text.indexOf(COPY.byOffer), text.indexOf(COPY.byPlan))
  expect(byOffer.split("\n").filter((line) => line.includes(": "))).toEqual([
    "Express Pest Fix - $39: 3: Booked a visit 2, no outcome yet 1 (week before: 1: no outcome yet 1)",
    "(none): 3: Booked a visit 1, no outcome yet 2 (week before: 0)",
    "$49 Scarsdale Starter Visit: 2: Reached the customer 1, no outcome yet 1 (week before: 0)",
    "Spring Special - $25: 1: no outcome yet 1 (week before: 0)",
  ])
  expect(text).not.toContain("Control de Plagas")
  expect(text).not.toContain("Visita Inicial")
  const byPlan = text.slice(text.indexOf(COPY.byPlan), text.indexOf(COPY.byFirstTouch))
  expect(byPlan.split("\n").filter((line) => line.includes(": "))).toEqual([
    "C•ARE: 2: Booked a visit 1, no outcome yet 1 (week before: 0)",
    "retired-plan: 1: no outcome yet 1 (week before: 0)",
  ])
  // A booked offer is valued at its own price in either language: 2 × $39, and the booked estimate's $150.
  expect(text).toContain("Value of those booked: $228 (week before: $0)")

  const [attachment] = email.attachments ?? []
  if (!attachment) throw new Error("no CSV attached")
  const [header, ...records] = readCsv(Buffer.from(attachment.content, "base64"))
  if (!header) throw new Error("no header")
  const cell = (record: string[], column: string) => record[header.indexOf(column)]
  expect(records.map((r) => [cell(r, C.reference), cell(r, C.offer), cell(r, C.plan)])).toEqual([
    ["WEB000001", "Express Pest Fix - $39", ""],
    ["WEB000002", "Express Pest Fix - $39", ""],
    ["WEB000003", "Express Pest Fix - $39", ""],
    ["WEB000004", "$49 Scarsdale Starter Visit", ""],
    ["WEB000005", "$49 Scarsdale Starter Visit", ""],
    ["WEB000006", "Spring Special - $25", ""],
    ["WEB000007", "", "C•ARE"],
    ["WEB000008", "", "C•ARE"],
    ["WEB000009", "", "retired-plan"],
  ])
})
