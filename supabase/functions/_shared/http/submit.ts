/**
 * A lead function's checks before its contract (publicCaller: content type, JSON; the apikey and origin
 * only flag), and its way for a valid body: replay of an answered submission (its stored answer), rate
 * limit (Postgres: the address and its wider networks in one round trip), Turnstile, honeypot and fill
 * time, then stored once with its outbox jobs (http/idempotency.ts) and the worker woken. One route per
 * lead function of the registry, each with its contract's validator.
 */
import { sValidator } from "@hono/standard-validator"
import { Hono, type Context } from "hono"
import { createMiddleware } from "hono/factory"
import { sha256Hex } from "../crypto.ts"
import { intakeOf, LEAD_FUNCTIONS, PUBLIC_FUNCTIONS, type BodyOf } from "../functions.ts"
import type { PublicFunctionName, SuccessAnswer } from "../kernel/contract.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { MAX_FLAG_DETAIL, type LeadFlag } from "../intake/lead-flags.ts"
import { referenceFor } from "../kernel/reference.ts"
import { recordSpam, spamReference, type Intake, type RequestContext } from "../intake/leads.ts"
import { CHECK_HEADER, readCheckHeader } from "../pipeline-check/check-header.ts"
import { storeCheckLead } from "../pipeline-check/check-store.ts"
import { spamReason } from "../spam/bot-checks.ts"
import { checkTurnstile } from "../spam/turnstile-pass.ts"
import {
  fail,
  isJson,
  notJson,
  parsesAsJson,
  refuseInvalid,
  tooMany,
  type AppContext,
  type Caller,
  type Env,
} from "./context.ts"
import { earlierAnswer, runIdempotently, submissionOf, type Work } from "./idempotency.ts"

const TURNSTILE_TEXTS = LEAD_MESSAGES.turnstile

/** A public function's checks before its contract: content type, JSON (the apikey and origin only flag). */
const publicCaller = ({ config, clientOf }: AppContext) => {
  /**
   * What the visitor cannot fix, found before the body: a site built with another project's (or a rotated)
   * apikey, a page on an origin the settings do not list. Flags for the office, never a refusal.
   */
  const settingFlags = (c: Context): LeadFlag[] => {
    const flags: LeadFlag[] = []
    const apikey = c.req.header("apikey")
    const bearer = c.req.header("authorization")?.replace(/^Bearer\s+/i, "")
    if (apikey !== config.anonKey && bearer !== config.anonKey)
      // Never the key itself: only whether one came.
      flags.push({ code: "apikey_mismatch", detail: apikey || bearer ? "not the project's key" : "missing" })
    const origin = c.req.header("origin")
    if (origin && !config.allowedOrigins.includes(origin))
      flags.push({ code: "origin_not_allowed", detail: origin.replace(/[^\x21-\x7e]/g, "?").slice(0, MAX_FLAG_DETAIL) })
    return flags
  }

  return createMiddleware<Env>(async (c, next) => {
    if (!isJson(c.req.header("content-type"))) return fail(c, 415, "Send the body as application/json")
    const client = c.get("address")?.client ?? clientOf(c)
    const caller: Caller = {
      ip: client.ip,
      limitKey: sha256Hex(`${config.ipHashSalt}:${client.key}`),
      flags: settingFlags(c),
    }
    c.set("caller", caller)
    if (!(await parsesAsJson(c))) return notJson(c)
    await next()
  })
}

/**
 * A valid body's way from here: replay, rate limit, Turnstile, spam checks, then stored once with its
 * jobs. The pipeline check's synthetic request (its header signed by us) takes the same way, but for
 * Turnstile (it has no browser; the signature stands in for it), and is stored apart from real leads.
 */
async function submit(
  { db, config, addressLimit, fetchImpl, clock, wake }: AppContext,
  c: Context<Env>,
  name: PublicFunctionName,
  intake: Intake,
) {
  const { spam } = config
  const body = intake.fields
  const { ip, limitKey } = c.get("caller")
  const flags = [...c.get("caller").flags]
  const ctx: RequestContext = {
    config,
    userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
    ipHash: ip ? limitKey : null,
    now: clock(),
    flags,
    // The customer messages' budget counts by the address and its networks (spam/customer-budget.ts).
    client: c.get("address")?.client ?? null,
  }
  const mark = readCheckHeader(
    config.pipelineCheck.headerSecret,
    c.req.header(CHECK_HEADER),
    body.submissionId,
    ctx.now,
  )
  // A forged or stale mark hides nothing: the request is what it may be, a real lead, flagged for the office.
  if (mark.kind === "invalid") flags.push({ code: "check_header_invalid", detail: mark.why })
  const checkId = mark.kind === "signed" ? mark.checkId : null
  // A submission already answered gets its answer again before any spam check: the browser re-sends
  // queued submissions, and neither the rate limit nor a spent Turnstile token should cost a lead.
  const submission = submissionOf(body)
  const address = c.get("address")
  const replay = await earlierAnswer(db, name, submission)
  if (replay) {
    if (address && replay.status === 200) address.replayed = true
    return c.json(replay.body, replay.status)
  }

  // Counted against the address and its networks in one round trip; the gate learns the counts. The
  // check's signed request is exempt (its signature, not its address, lets it through); a request whose
  // mark is not ours meets the limit as any does, from memory first since the gate left it to here.
  if (address && checkId !== null) address.exempt = true
  else if (address && address.budgets.length > 0) {
    const wait = address.deferred ? addressLimit.refusal(address.budgets, Date.now()) : null
    if (wait !== null) return tooMany(c, wait)
    const limit = await addressLimit.take(address.budgets, Date.now())
    address.counted = true
    if (!limit.allowed) return tooMany(c, limit.retryAfterSeconds)
  }
  let turnstileBot = false
  if (spam.turnstileSecretKey && checkId === null) {
    // Per submission and lead: the wizard's later calls and a kept re-send pass on the first call's verification.
    const verdict = await checkTurnstile({
      db,
      spam: { ...spam, turnstileSecretKey: spam.turnstileSecretKey },
      key: submission,
      token: body.turnstileToken,
      remoteIp: ip,
      now: ctx.now,
      fetchImpl,
    })
    // Only a missing token is the visitor's to fix: the widget shows the words next to itself (data/lead-messages.yaml).
    if (verdict.outcome === "missing")
      return fail(
        c,
        400,
        TURNSTILE_TEXTS.missing,
        { turnstileToken: TURNSTILE_TEXTS.missing },
        { turnstileToken: { code: "turnstileMissing" } },
      )
    // A bot's token is filed as spam (answered as a lead is), so the office's spam review decides.
    turnstileBot = verdict.outcome === "bot"
    // Cloudflare could not vouch either way: the lead is stored, and the office told.
    if (verdict.outcome === "unverified") flags.push({ code: "turnstile_unverified", detail: verdict.detail })
    // A token another submission brought first vouches for nobody: the office is told (spam/turnstile-pass.ts says why not spam).
    if (verdict.tokenReused)
      flags.push({ code: "turnstile_reused", detail: "its token came first with another request" })
  }

  // No usable fill time (an older site's body, or one sent as another type): not a bot's proof, nor a person's.
  if (body.formFillMs === undefined) flags.push({ code: "fill_time_unknown", detail: "none the functions could read" })
  const reason = spamReason(body, spam) ?? (turnstileBot ? "turnstile_failed" : null)
  let fresh: SuccessAnswer | undefined
  const work: Work = reason
    ? async (tx) => {
        await recordSpam(tx, name, body, reason, ctx)
        return intake.answer(spamReference(body))
      }
    : checkId !== null
      ? async (tx) => {
          // The body as sent (the validator may reshape it; the parse is Hono's, cached): the check's request as stored.
          const sent: unknown = await c.req.json()
          const reference = referenceFor(body.reference, body.submissionId)
          const check = { id: checkId, submissionId: body.submissionId, functionName: name, body: sent, reference }
          await storeCheckLead(tx, config, check, ctx.now)
          return (fresh = intake.answer(reference))
        }
      : async (tx) => (fresh = (await intake.store(tx, ctx)).answer)
  const answer = await runIdempotently(db, name, submission, work)
  // This request's own work was committed only if its answer came back: a copy that lost the race gets the stored one.
  if (fresh !== undefined && answer.body === fresh) wake()
  return c.json(answer.body, answer.status)
}

/** The lead functions' routes: the caller's checks, the function's contract (typed per name), then submit. */
export function leadRoutes(ctx: AppContext) {
  const caller = publicCaller(ctx)
  const route = <N extends PublicFunctionName>(app: Hono<Env>, name: N) =>
    app.post(`/${name}`, caller, sValidator("json", LEAD_FUNCTIONS[name].input, refuseInvalid), (c) => {
      const body: BodyOf<N> = c.req.valid("json")
      return submit(ctx, c, name, intakeOf(name, body))
    })
  return PUBLIC_FUNCTIONS.reduce<Hono<Env>>(route, new Hono<Env>())
}
