/**
 * `npm run check:pipeline`: runs the pipeline check now and prints its report.
 * - Locally (no PIPELINE_CHECK_URL): the running local backend's POST /_dev/check-pipeline (`npm start` or
 *   `npm run backend` first); the test e-mail lands in the local mailbox, a failure's report there and on
 *   the local alerts page, and a pass pings the alerts page's stand-in for the outside switch.
 * - Deployed: PIPELINE_CHECK_URL=https://<project-ref>.supabase.co with PIPELINE_CHECK_SECRET (or
 *   OUTBOX_DISPATCH_SECRET) calls the check-pipeline function; PIPELINE_CHECK_TRIGGER=deploy marks the
 *   run after a deploy (the deploy workflow does this).
 * Exit code: 0 passed, 1 failed, 2 not run (already running, refused, unreachable).
 */
import dotenv from "dotenv"

dotenv.config({ quiet: true })

interface Probe {
  state: string
  detail: string
}
interface Report {
  success: boolean
  error?: string
  status?: string
  durationMs?: number
  reference?: string | null
  providers?: Record<string, Probe | undefined>
  problems?: Array<{ name: string; detail: string; todo: string }>
  notified?: string[]
  ping?: unknown
}

const isReport = (value: unknown): value is Report =>
  typeof value === "object" && value !== null && "success" in value && typeof value.success === "boolean"

function target(): { url: string; headers: Record<string, string>; body: string } {
  const remote = process.env.PIPELINE_CHECK_URL?.trim().replace(/\/+$/, "")
  if (!remote)
    return {
      url: `http://127.0.0.1:${process.env.API_PORT ?? "54321"}/_dev/check-pipeline`,
      headers: {},
      body: "",
    }
  const secret = process.env.PIPELINE_CHECK_SECRET?.trim() || process.env.OUTBOX_DISPATCH_SECRET?.trim()
  if (!secret) {
    console.error("Set PIPELINE_CHECK_SECRET (or OUTBOX_DISPATCH_SECRET) to call the deployed check-pipeline function.")
    process.exit(2)
  }
  return {
    url: `${remote}/functions/v1/check-pipeline`,
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({ trigger: process.env.PIPELINE_CHECK_TRIGGER?.trim() || "manual" }),
  }
}

function print(report: Report): void {
  console.log(`Pipeline check: ${report.status ?? "not run"}${report.durationMs ? ` in ${report.durationMs} ms` : ""}`)
  if (report.reference) console.log(`  test request: ${report.reference}`)
  for (const [name, probe] of Object.entries(report.providers ?? {}))
    if (probe) console.log(`  ${name}: ${probe.state}, ${probe.detail}`)
  for (const problem of report.problems ?? [])
    console.log(`  PROBLEM ${problem.name}: ${problem.detail}\n    what to do: ${problem.todo}`)
  if (report.notified?.length) console.log(`  told by: ${report.notified.join(", ")}`)
  if (report.ping !== undefined) console.log(`  outside switch: ${JSON.stringify(report.ping)}`)
}

async function main(): Promise<number> {
  const { url, headers, body } = target()
  let response: Response
  try {
    response = await fetch(url, { method: "POST", headers, ...(body ? { body } : {}) })
  } catch (error) {
    const local = !process.env.PIPELINE_CHECK_URL
    console.error(
      local
        ? `The local backend does not answer at ${url}: start it first (npm start, or npm run backend).`
        : `${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 2
  }
  const answer: unknown = await response.json().catch(() => null)
  if (!isReport(answer)) {
    console.error(`${url} answered ${response.status} with no report`)
    return 2
  }
  if (response.status === 409 || response.status === 401 || response.status === 400) {
    console.error(answer.error ?? `${url} answered ${response.status}`)
    return 2
  }
  print(answer)
  return answer.success ? 0 : 1
}

void main().then((code) => {
  process.exitCode = code
})
