/**
 * What the pipeline check costs in time: `npm run bench:pipeline-check` starts the local backend (PGlite
 * in memory, the local mailbox and alerts page, no accounts) on a free port and runs RUNS checks (20)
 * one after another through POST /_dev/check-pipeline, as `npm run check:pipeline` does, then prints the
 * median, 90th percentile and slowest run, in all and per step (the outbox's health, the synthetic
 * request, its test e-mail through the outbox, the provider probes). Against the real providers the
 * probes add their round trips (each bounded by ALERT_TIMEOUT_MS) and the e-mail the API's.
 */
import { startBackend } from "../../server/backend"

interface Report {
  status: string
  durationMs: number
  steps: Record<string, number | null>
}

const RUNS = Number(process.env.RUNS ?? 20)

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
}
const line = (label: string, values: readonly number[]) =>
  `${label.padEnd(28)} median ${String(quantile(values, 0.5)).padStart(5)} ms   p90 ${String(quantile(values, 0.9)).padStart(5)} ms   max ${String(Math.max(...values)).padStart(5)} ms`

async function main() {
  const backend = await startBackend({
    dataDir: "memory://",
    apiPort: 0,
    dbPort: null,
    env: { PIPELINE_CHECK: "0", WEEKLY_REPORT: "0" },
  })
  try {
    const reports: Report[] = []
    for (let run = 0; run < RUNS; run++) {
      const response = await fetch(`${backend.url}/_dev/check-pipeline`, { method: "POST" })
      const report = (await response.json()) as Report
      if (report.status !== "passed") throw new Error(`Run ${run + 1} did not pass: ${JSON.stringify(report)}`)
      reports.push(report)
    }
    console.log(
      `${RUNS} pipeline checks on the local backend (PGlite, local mailbox and alerts page), one after another:`,
    )
    console.log(
      line(
        "whole check",
        reports.map((r) => r.durationMs),
      ),
    )
    for (const step of Object.keys(reports[0]?.steps ?? {}))
      console.log(
        line(
          `  ${step}`,
          reports.map((r) => r.steps[step] ?? 0),
        ),
      )
  } finally {
    await backend.stop()
  }
}

void main()
