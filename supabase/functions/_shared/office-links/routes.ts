/**
 * The office links' functions as a sub-app, mounted by createApp (Hono's "larger application" guide):
 * each behind the office's caller checks and the link contract; a token that is not ours costs the
 * address's failure budget.
 */
import { sValidator } from "@hono/standard-validator"
import { Hono, type Context } from "hono"
import { officeCaller, officeFailureCounter } from "../http/callers.ts"
import { refuseInvalid, type AppContext, type CheckResult, type Env } from "../http/context.ts"
import { officeLinkInput } from "../validate.ts"
import { acknowledgeLink, releaseLink } from "./handlers.ts"

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
  return new Hono<Env>()
    .post("/acknowledge-lead", caller, linkBody, async (c) => {
      const answer = await acknowledgeLink(db, config, c.req.valid("json"), clock())
      // 400 is a token that is not ours (forged, cut short): it costs the address's failure budget.
      if (answer.status === 400) await countFailure(c)
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
