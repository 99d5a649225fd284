/**
 * `npm run report -- --week 2026-11-23 [--send]`: the maintainer's way to a past week's report, any ended week
 * (the owner's link reaches back only REPORT_LINK_WEEKS). It builds the report with the Monday report's own code,
 * prints its text, and with --send queues it to the owner as the link does (report/past-report.ts); the outbox
 * sends it on its next run. The database and the clock are passed in, so the tests run it on PGlite.
 */
import type { BackendConfig } from "../../supabase/functions/_shared/config.ts"
import type { Db } from "../../supabase/functions/_shared/db.ts"
import { fill } from "../../supabase/functions/_shared/kernel/escape.ts"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated.ts"
import { sendPastReport } from "../../supabase/functions/_shared/report/past-report.ts"
import { askedWeek } from "../../supabase/functions/_shared/report/report-week.ts"
import { weekReport } from "../../supabase/functions/_shared/report/weekly-report.ts"

const COPY = LEAD_MESSAGES.weeklyReport.asked

export const USAGE = "Usage: npm run report -- --week 2026-11-23 [--send]   (any day of an ended week)"

export type ReportArgs = { ok: true; day: string; send: boolean } | { ok: false; message: string }

/** `--week <day>` (or `--week=<day>`) and an optional `--send`; anything else is refused with the usage. */
export function parseReportArgs(argv: readonly string[]): ReportArgs {
  let day: string | undefined
  let send = false
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ""
    const named = arg === "--week" ? argv[(i += 1)] : arg.startsWith("--week=") ? arg.slice("--week=".length) : null
    // A second week would silently replace the first: the maintainer would get a report they did not ask for.
    if (named !== null && day !== undefined) return { ok: false, message: `Name one week.\n${USAGE}` }
    if (arg === "--send") send = true
    else if (named !== null) day = named
    else return { ok: false, message: `Unknown argument "${arg}".\n${USAGE}` }
  }
  // A blank week (`--week ""`, `--week=`) names none, as a missing one.
  if (day === undefined || day.startsWith("--") || day.trim() === "")
    return { ok: false, message: `Name the week.\n${USAGE}` }
  return { ok: true, day: day.trim(), send }
}

export interface ReportRun {
  /** 0: printed (and queued with --send); 1: the week was refused. */
  exitCode: 0 | 1
  /** The report's subject and text (stdout). */
  stdout: string
  /** A refusal, or what --send did (stderr, so stdout stays the report alone). */
  stderr: string
}

/** The asked week's report as text, queued to the owner with `send` (once per `asker`: one run). */
export async function runReport(
  db: Pick<Db, "query">,
  config: BackendConfig,
  { day, send, asker }: { day: string; send: boolean; asker: string },
  at: Date,
): Promise<ReportRun> {
  const asked = askedWeek(day, at)
  if (!asked.ok) {
    const text = asked.problem === "invalid" ? COPY.invalid : COPY.notEnded
    return { exitCode: 1, stdout: "", stderr: fill(text, { first: day, latest: asked.latest.first }) }
  }
  const { email } = await weekReport(db, config, asked.week.monday)
  const stdout = `${email.subject}\n\n${email.text}`
  if (!send) return { exitCode: 0, stdout, stderr: "" }
  const sent = await sendPastReport(db, config, { day, asker }, at)
  // Not reachable with a week askedWeek accepted above; said rather than hidden if it ever is.
  if (sent.state === "refused") return { exitCode: 1, stdout, stderr: sent.message }
  return { exitCode: 0, stdout, stderr: sent.message }
}
