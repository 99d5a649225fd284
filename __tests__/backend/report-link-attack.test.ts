/**
 * @jest-environment node
 *
 * The past week's report link and command attacked through the app: weeks of every odd kind refused beside
 * the field as JSON, two taps at once queuing one report, another contact's link its own asker, and the
 * command's bad arguments refused with the usage.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { reportUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { parseReportArgs, runReport, USAGE } from "../../scripts/report/past-week"
import { withFreshDb } from "./helpers"
import { ownerConfig, WEDNESDAY_DEC_2 } from "./report-rows"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const config = ownerConfig()
const NOW = WEDNESDAY_DEC_2
const token = (to = "Dana") => new URL(reportUrl(config.alerts, to, NOW)).hash.replace("#t=", "")
const reportJobs = () =>
  db.query<{ dedupe_key: string }>(`select dedupe_key from outbox_jobs where kind = 'company_email' order by id`)
const tap = (body: unknown) =>
  createApp({ db, config, clock: () => NOW }).request("/functions/v1/office-report", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })

test.each([
  ["not a date", "2026-02-30", 422],
  ["words", "last week", 400],
  ["a date and time", "2026-11-25T10:00:00Z", 400],
  ["the current week", "2026-12-02", 422],
  ["a future week", "2027-06-01", 422],
  ["a week far in the past", "1900-01-01", 422],
  ["year zero", "0000-01-03", 422],
  ["10,000 characters", "2".repeat(10_000), 400],
  ["a number", 20261123, 400],
  ["RTL and emoji", "\u202e2026-11-23🐜", 400],
])("a week as %s is refused beside the field, as JSON, and sends nothing", async (_, week, status) => {
  const response = await tap({ token: token(), confirm: true, week })
  expect(response.status).toBe(status)
  const answer = (await response.json()) as { success?: boolean; error?: string; fields?: { week?: string } }
  expect(answer.success).toBe(false)
  expect(typeof answer.fields?.week).toBe("string")
  // The answer never echoes a huge value back.
  expect(JSON.stringify(answer).length).toBeLessThan(1_000)
  expect(await reportJobs()).toEqual([])
})

test("a week before any data is sent as an empty report, once", async () => {
  const response = await tap({ token: token(), confirm: true, week: "2026-09-16" })
  expect(await response.json()).toMatchObject({ state: "sent", week: { first: "2026-09-14" } })
  expect(await reportJobs()).toHaveLength(1)
})

test("the same week tapped twice at once queues one report", async () => {
  const t = token()
  const answers = await Promise.all([1, 2].map(async () => tap({ token: t, confirm: true, week: "2026-11-25" })))
  expect(answers.map((a) => a.status)).toEqual([200, 200])
  expect(await reportJobs()).toHaveLength(1)
})

test("another contact's link is its own asker; its report goes to the owner, never to the contact", async () => {
  await tap({ token: token("Dana"), confirm: true, week: "2026-11-25" })
  const other = await tap({ token: token("Office"), confirm: true, week: "2026-11-25" })
  expect(await other.json()).toMatchObject({ state: "sent", recipient: "dana@example.com" })
  const payloads = await db.query<{ to: string }>(
    `select payload->>'to' as to from outbox_jobs where kind = 'company_email'`,
  )
  expect(payloads.map((p) => p.to)).toEqual(["dana@example.com", "dana@example.com"])
})

test.each([
  [["--week", "2026-11-23", "--week", "2026-11-30"]],
  [["--week", ""]],
  [["--week="]],
  [["--send"]],
  [["--week", "2026-11-23", "--unknown"]],
])("the command's arguments %j are refused with the usage", (argv) => {
  const parsed = parseReportArgs(argv)
  expect(parsed.ok).toBe(false)
  if (!parsed.ok) expect(parsed.message).toContain(USAGE)
})

test.each(["2".repeat(10_000), "2999-12-31", "2026-11-23; drop table leads"])(
  "the command refuses the week %#, printing and sending nothing",
  async (day) => {
    const run = await runReport(db, config, { day, send: true, asker: "run:1" }, NOW)
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr.length).toBeLessThan(300)
    expect(await reportJobs()).toEqual([])
  },
)
