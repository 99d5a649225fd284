/**
 * What a channel's pipeline-check probe finds (notify/channels/, pipeline-check/probes.ts), and the
 * words of its findings. A probe ends within the alerts' timeout and never throws.
 */
import type { ProblemCode, ProblemText } from "../pipeline-check/check-texts.ts"

export type ProbeState = "ok" | "failed" | "not_configured" | "local" | "left_out"

/** The problem a failed probe is: one the office's texts name (data/lead-messages.yaml), or a channel's own. */
export type ProbeProblem = ProblemCode | ({ code: string } & ProblemText)

export interface ProbeResult {
  state: ProbeState
  /** What was found, in the provider's own words when it refused. */
  detail: string
  /** The problem it is, when it failed. */
  problem?: ProbeProblem
}

/** A channel with no provider: the local alerts page on the local backend, else off. */
export const unset = (local: boolean, why: string, what: string): ProbeResult =>
  local
    ? { state: "local", detail: `the local alerts page (${why})` }
    : { state: "not_configured", detail: `${why}: no ${what}` }

export const failed = (problem: ProbeProblem, detail: string): ProbeResult => ({ state: "failed", problem, detail })
export const ok = (detail: string): ProbeResult => ({ state: "ok", detail })

/** A refusal's words, short: the status and the start of the body. */
export async function answerOf(provider: string, response: Response): Promise<string> {
  const body = await response.text().catch(() => "")
  return `${provider} answered ${response.status}: ${body.replace(/\s+/g, " ").slice(0, 200)}`
}

/** An error's words, short. */
export const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)
