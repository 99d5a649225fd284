/**
 * check-pipeline: runs the pipeline check now (after a deploy, or by hand), authorised by
 * PIPELINE_CHECK_SECRET (else OUTBOX_DISPATCH_SECRET) as a bearer token. The body is optional:
 * `{ "trigger": "deploy" | "manual" | "daily" }` (manual when absent). Answers 200 with the report when
 * the check passed, 503 with it when it failed (so `curl --fail` and monitors see it), 409 when a check
 * is already running (nothing is done twice), 400 naming `trigger` or `body` for anything else.
 */
import type { Context } from "hono"
import { bearerIs } from "../crypto.ts"
import type { DeliveryDeps } from "../outbox/job.ts"
import type { CheckTrigger } from "../pipeline-check/check-store.ts"
import { createNoticeBudget, type NoticeBudget } from "../pipeline-check/outage.ts"
import { runPipelineCheck } from "../pipeline-check/run-check.ts"
import { fail, type AppContext } from "./context.ts"

const TRIGGERS: readonly CheckTrigger[] = ["deploy", "manual", "daily"]
const isTrigger = (value: unknown): value is CheckTrigger => TRIGGERS.some((t) => t === value)

/** The trigger a body names, or the field it gets wrong. */
export function triggerOf(text: string): CheckTrigger | { field: "body" | "trigger"; error: string } {
  if (text.trim() === "") return "manual"
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { field: "body", error: "Not valid JSON" }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { field: "body", error: 'Send an object such as {"trigger": "deploy"}' }
  const unknown = Object.keys(body).filter((key) => key !== "trigger")
  if (unknown.length > 0)
    return { field: "body", error: `Unknown field(s): ${unknown.slice(0, 5).join(", ").slice(0, 100)}` }
  const trigger = "trigger" in body ? body.trigger : "manual"
  return isTrigger(trigger) ? trigger : { field: "trigger", error: `trigger must be one of ${TRIGGERS.join(", ")}` }
}

/** Runs a check and answers with what came of it; `notices` bounds what a check that cannot run tells the office. */
export async function answerCheck(c: Context, deps: DeliveryDeps, trigger: CheckTrigger, notices?: NoticeBudget) {
  const result = await runPipelineCheck(deps, trigger, notices)
  if (result.outcome === "already_running")
    return c.json(
      {
        success: false,
        error: `A pipeline check is already running (started ${result.startedAt.toISOString()}, ${result.trigger}): nothing was done`,
        running: { id: result.id, startedAt: result.startedAt.toISOString(), trigger: result.trigger },
      },
      409,
    )
  const { report } = result
  if (result.outcome === "passed") return c.json({ success: true, ...report }, 200)
  const names = report.problems.map((p) => p.name).join(", ")
  return c.json({ success: false, error: `The pipeline check failed: ${names}`, ...report }, 503)
}

/** The function's handler: the secret, the body, then the check (the outage notices' budget is the app's, in memory). */
export const checkPipelineHandler = ({ db, config, fetchImpl, clock }: AppContext) => {
  const notices = createNoticeBudget()
  return async (c: Context) => {
    if (!bearerIs(c.req.header("authorization"), config.pipelineCheck.callSecret))
      return fail(c, 401, "Missing or wrong pipeline-check secret (PIPELINE_CHECK_SECRET, else OUTBOX_DISPATCH_SECRET)")
    const trigger = triggerOf(await c.req.text())
    if (typeof trigger !== "string") return fail(c, 400, trigger.error, { [trigger.field]: trigger.error })
    return answerCheck(c, { db, config, fetchImpl, clock }, trigger, notices)
  }
}
