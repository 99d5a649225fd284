/**
 * The office links' functions as a sub-app, mounted by createApp (Hono's "larger application" guide):
 * each behind the office's caller checks and the link contract; a token that is not ours costs the
 * address's failure budget.
 */
import { sValidator } from "@hono/standard-validator"
import { Hono, type Context } from "hono"
import { createMiddleware } from "hono/factory"
import type { SpamConfig } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import {
  fail,
  isJson,
  notJson,
  parsesAsJson,
  refuseInvalid,
  tooMany,
  type AppContext,
  type CheckResult,
  type Env,
} from "../http/context.ts"
import { takeRateLimit } from "../spam/rate-limit.ts"
import { acknowledgeLinkInput, confirmLinkInput, officeLinkInput, reportLinkInput } from "../intake/validate.ts"
import { confirmLink } from "./confirm-link.ts"
import { reportLink } from "./report-link.ts"
import { acknowledgeLink, boardLink, releaseLink } from "./handlers.ts"

/** The office links' budgets per address, in the visitors' windows: calls, and failed token checks. */
const officeBudgets = (spam: SpamConfig) => ({
  calls: { ...spam, rateLimitMax: spam.officeRateLimitMax },
  failures: { ...spam, rateLimitMax: spam.officeLinkFailuresMax },
})

/** A forged or invalid token (or a body no link sends) counts against the address's small failure budget. */
const officeFailureCounter = ({ db, config: { spam }, floodGuard }: AppContext) => {
  const { failures } = officeBudgets(spam)
  return async (c: Context<Env>) => {
    const key = c.get("officeFailureKey")
    if (key === undefined || spam.rateLimitMax === 0) return
    const now = Date.now()
    const counted = await takeRateLimit(db, key, failures, now)
    floodGuard.learn(key, counted.hits, failures, now)
  }
}

/**
 * The office's link functions before their contract. The link's signed token is the authority: any
 * origin, any apikey (a rotated key must not lock the office out). Each address has budgets of its own,
 * apart from the visitors' so neither uses up the other's: calls (OFFICE_RATE_LIMIT_MAX) and failed token
 * checks (OFFICE_LINK_FAILURES_MAX, a few); past either it is refused from memory, before any signature
 * is checked, with the same Postgres limit and flood guard as the lead functions.
 */
const officeCaller = (ctx: AppContext, countFailure: (c: Context<Env>) => Promise<void>) => {
  const { db, config, floodGuard, clientOf } = ctx
  const { spam } = config
  const { calls, failures } = officeBudgets(spam)
  return createMiddleware<Env>(async (c, next) => {
    if (!isJson(c.req.header("content-type"))) return fail(c, 415, "Send the body as application/json")
    const client = clientOf(c)
    const limitKey = sha256Hex(`${config.ipHashSalt}:office:${client.key}`)
    const failureKey = sha256Hex(`${config.ipHashSalt}:office-failure:${client.key}`)
    if (spam.rateLimitMax > 0) {
      const now = Date.now()
      const refused = floodGuard.refusal(failureKey, failures, now) ?? floodGuard.refusal(limitKey, calls, now)
      if (refused !== null) return tooMany(c, refused)
      const limit = await takeRateLimit(db, limitKey, calls, now)
      floodGuard.learn(limitKey, limit.hits, calls, now)
      if (!limit.allowed) return tooMany(c, limit.retryAfterSeconds)
    }
    c.set("caller", { ip: client.ip, limitKey, flags: [] })
    c.set("officeFailureKey", failureKey)
    if (!(await parsesAsJson(c))) {
      await countFailure(c)
      return notJson(c)
    }
    await next()
  })
}

export function officeLinkRoutes(ctx: AppContext) {
  const { db, config, clock, wake } = ctx
  const countFailure = officeFailureCounter(ctx)
  /** A body its contract refuses is counted as a failed token check first. */
  const refuseInvalidLink = async (result: CheckResult, c: Context<Env>) => {
    if (result.success) return undefined
    await countFailure(c)
    return refuseInvalid(result, c)
  }
  const caller = officeCaller(ctx, countFailure)
  const linkBody = sValidator("json", officeLinkInput, refuseInvalidLink)
  const acknowledgeBody = sValidator("json", acknowledgeLinkInput, refuseInvalidLink)
  const confirmBody = sValidator("json", confirmLinkInput, refuseInvalidLink)
  const reportBody = sValidator("json", reportLinkInput, refuseInvalidLink)
  return new Hono<Env>()
    .post("/acknowledge-lead", caller, acknowledgeBody, async (c) => {
      const answer = await acknowledgeLink(db, config, c.req.valid("json"), clock())
      // 400 is a token that is not ours (forged, cut short): it costs the address's failure budget.
      if (answer.status === 400) await countFailure(c)
      // A recorded outcome's CRM forward goes out now.
      if (answer.body.state === "outcome_recorded") wake()
      return c.json(answer.body, answer.status)
    })
    .post("/confirm-window", caller, confirmBody, async (c) => {
      const answer = await confirmLink(db, config, c.req.valid("json"), clock())
      if (answer.status === 400) await countFailure(c)
      // The visitor's confirmation and the CRM's event go out now.
      if (answer.body.state === "confirmed" || answer.body.state === "released") wake()
      return c.json(answer.body, answer.status)
    })
    .post("/office-board", caller, linkBody, async (c) => {
      const answer = await boardLink(db, config, c.req.valid("json"), clock())
      if (answer.status === 400) await countFailure(c)
      return c.json(answer.body, answer.status)
    })
    .post("/office-report", caller, reportBody, async (c) => {
      const answer = await reportLink(db, config, c.req.valid("json"), clock())
      if (answer.status === 400) await countFailure(c)
      // The report's e-mail goes out now.
      if (answer.body.state === "sent") wake()
      return c.json(answer.body, answer.status)
    })
    .post("/release-spam", caller, linkBody, async (c) => {
      const answer = await releaseLink(db, config, c.req.valid("json"), clock())
      if (answer.status === 400) await countFailure(c)
      // The released lead's e-mails, CRM forward and alert go out now, as a new lead's do.
      if (answer.released) wake()
      return c.json(answer.body, answer.status)
    })
}
