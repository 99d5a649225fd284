/**
 * Lighthouse (its default mobile preset) against Debian's Chromium, through
 * Lighthouse's own CLI in a child process: a TypeScript runner's helpers
 * must not leak into the functions Lighthouse sends to the browser.
 */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium"

export type LighthouseScores = Record<"performance" | "accessibility" | "best-practices" | "seo", number>

interface LighthouseReport {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string }>
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const

export async function runLighthouse(url: string, options: { skipAudits?: string[] } = {}): Promise<{ scores: LighthouseScores; failing: string[] }> {
  const args = [
    require.resolve("lighthouse/cli/index.js"),
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--chrome-path=${CHROMIUM_PATH}`,
    `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(" ")}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    ...(options.skipAudits?.length ? [`--skip-audits=${options.skipAudits.join(",")}`] : []),
  ]
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 })
  const report = JSON.parse(stdout) as LighthouseReport
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score ?? 0])) as LighthouseScores
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${a.score})`)
  return { scores, failing }
}
