/**
 * @jest-environment node
 *
 * `npm run report -- --week <day> [--send]`: its arguments, the refusal of a week not ended or not a date, the
 * week's report printed with the Monday report's code, and with --send queued to the owner, once per run.
 */
import type { Db } from "../../supabase/functions/_shared/db"
import { parseReportArgs, runReport, USAGE } from "../../scripts/report/past-week"
import { withFreshDb } from "./helpers"
import { insertRequests, ownerConfig, WEDNESDAY_DEC_2 } from "./report-rows"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const config = ownerConfig()
const NOW = WEDNESDAY_DEC_2
const reportJobs = () =>
  db.query<{ dedupe_key: string; payload: { to: string; subject: string } }>(
    `select dedupe_key, payload from outbox_jobs where kind = 'company_email' order by id`,
  )

describe("the arguments", () => {
  test.each([
    [["--week", "2026-11-23"], { ok: true, day: "2026-11-23", send: false }],
    [["--week=2026-11-23", "--send"], { ok: true, day: "2026-11-23", send: true }],
    [["--send", "--week", " 2026-11-25 "], { ok: true, day: "2026-11-25", send: true }],
  ])("%j", (argv, parsed) => {
    expect(parseReportArgs(argv)).toEqual(parsed)
  })

  test.each([[[]], [["--week"]], [["--week", "--send"]], [["--weeks", "2026-11-23"]], [["2026-11-23"]]])(
    "%j is refused with the usage",
    (argv) => {
      const parsed = parseReportArgs(argv)
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) expect(parsed.message).toContain(USAGE)
    },
  )
})

test("prints the asked week's report, with any of its days, and sends nothing", async () => {
  await insertRequests(db, [
    { form: "callback", at: new Date("2026-11-24T15:00:00Z"), offer: "Express Pest Fix - $39" },
  ])
  const run = await runReport(db, config, { day: "2026-11-27", send: false, asker: "run:1" }, NOW)
  expect(run.exitCode).toBe(0)
  expect(run.stdout).toMatch(/^Weekly report, Nov 23, 2026 to Nov 29, 2026: 1 request\(s\), 0 booked\n\n/)
  expect(run.stdout).toContain("Express Pest Fix - $39")
  expect(run.stderr).toBe("")
  expect(await reportJobs()).toEqual([])
})

test("reaches further back than a link: a week a year ago", async () => {
  const run = await runReport(db, config, { day: "2025-11-26", send: false, asker: "run:1" }, NOW)
  expect(run.exitCode).toBe(0)
  expect(run.stdout).toMatch(/^Weekly report, Nov 24, 2025 to Nov 30, 2025: 0 request\(s\)/)
})

test.each([
  ["2026-12-01", "The week of 2026-12-01 has not ended yet: the latest week with a report is the week of 2026-11-23."],
  ["2026-02-30", "Name the week by one of its days, written like 2026-11-23."],
  ["next monday", "Name the week by one of its days, written like 2026-11-23."],
])("%s is refused, printing and sending nothing", async (day, message) => {
  const run = await runReport(db, config, { day, send: true, asker: "run:1" }, NOW)
  expect(run).toEqual({ exitCode: 1, stdout: "", stderr: message })
  expect(await reportJobs()).toEqual([])
})

test("--send queues the report to the owner once per run, and says so", async () => {
  const first = await runReport(db, config, { day: "2026-11-23", send: true, asker: "run:1" }, NOW)
  expect(first.exitCode).toBe(0)
  expect(first.stderr).toBe("The report of the week of 2026-11-23 is on its way to dana@example.com.")
  // The same run asking again (it never does: each run is a fresh asker) queues nothing more.
  await runReport(db, config, { day: "2026-11-23", send: true, asker: "run:1" }, NOW)
  const jobs = await reportJobs()
  expect(jobs).toHaveLength(1)
  expect(jobs[0]?.payload.to).toBe("dana@example.com")
  expect(jobs[0]?.payload.subject).toBe(first.stdout.split("\n")[0])
  // Another run is another asker: the maintainer asked again.
  await runReport(db, config, { day: "2026-11-23", send: true, asker: "run:2" }, NOW)
  expect(await reportJobs()).toHaveLength(2)
})
