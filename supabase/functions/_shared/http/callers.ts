/**
 * The checks before any route, as middlewares: which function and method (servedPost), and an address
 * that used up its window (addressGate, before CORS and the body). A lead function's caller is checked
 * by its routes (http/submit.ts), an office link's by theirs (office-links/routes.ts).
 */
import { createMiddleware } from "hono/factory"
import { CALENDAR_FUNCTION } from "../functions.ts"
import { CHECK_HEADER, mayBeCheckHeader } from "../pipeline-check/check-header.ts"
import { addressBudgets } from "../spam/address-limit.ts"
import { corsHeaders } from "./cors.ts"
import { fail, tooMany, type AddressState, type AppContext, type Env } from "./context.ts"

/** 404 for a function this app does not serve, 405 for anything but POST (OPTIONS is CORS's; the calendar takes GET too). */
export const servedPost = (served: ReadonlySet<string>) =>
  createMiddleware<Env>(async (c, next) => {
    const name = c.req.param("name") ?? ""
    if (!served.has(name)) return fail(c, 404, `No function named "${name}"`)
    const readOnly = name === CALENDAR_FUNCTION
    if (c.req.method !== "POST" && !(readOnly && c.req.method === "GET")) {
      c.header("Allow", readOnly ? "GET, POST, OPTIONS" : "POST, OPTIONS")
      return fail(c, 405, readOnly ? "Only GET and POST are allowed" : "Only POST is allowed")
    }
    await next()
  })

/**
 * First for a lead function's POST (before CORS), before the body is read or its size checked: an
 * address or network that has used up its window is refused from memory (429), so a flood costs
 * neither parsing nor the database and other visitors do not queue behind it. Afterwards, a refusal
 * Postgres did not count (any 4xx but a 429: too large, not JSON, the contract, a reused id…) is
 * counted in memory: refusals cost the sender its budget too. A replay's answer uses no budget, only
 * the address's generous replay allowance (spam/address-limit.ts). It runs before cors(), with the
 * same CORS headers on its 429: a flood's refusal then costs about what a preflight does (cors()
 * touches the answer before the handler, which makes Hono copy the handler's answer, body and all).
 * `gated`: the lead functions this app serves.
 */
export const addressGate = (
  { config: { spam }, addressLimit, clientOf, clock }: AppContext,
  gated: ReadonlySet<string>,
) =>
  createMiddleware<Env>(async (c, next) => {
    const path = c.req.path
    if (c.req.method !== "POST" || !gated.has(path.slice(path.lastIndexOf("/") + 1))) return next()
    const client = clientOf(c)
    const address: AddressState = { client, budgets: addressBudgets(client, spam), counted: false, replayed: false }
    // The pipeline check's request is let through by its signature, which only the body can verify (http/submit.ts).
    address.deferred = mayBeCheckHeader(c.req.header(CHECK_HEADER), clock())
    const wait = address.deferred ? null : addressLimit.refusal(address.budgets, Date.now())
    if (wait !== null) {
      corsHeaders(c)
      return tooMany(c, wait)
    }
    c.set("address", address)
    await next()
    const status = c.res.status
    if (address.exempt) return
    if (address.replayed) addressLimit.replayed(address.budgets, Date.now())
    else if (!address.counted && status >= 400 && status < 500 && status !== 429)
      addressLimit.refused(address.budgets, Date.now())
  })
