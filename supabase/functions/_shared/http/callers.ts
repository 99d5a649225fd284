/**
 * The checks before a body's contract, as middlewares: which function and method (servedPost), an
 * address that used up its window (addressGate, before CORS and the body), a public function's caller
 * (publicCaller: content type, JSON; the apikey and origin only flag) and an office link's
 * (officeCaller: its own budgets of calls and failed token checks).
 */
import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import type { SpamConfig } from "../config.ts"
import { sha256Hex } from "../crypto.ts"
import { MAX_FLAG_DETAIL, type LeadFlag } from "../lead-flags.ts"
import { addressBudgets } from "../spam/address-limit.ts"
import { takeRateLimit } from "../spam/rate-limit.ts"
import { corsHeaders } from "./cors.ts"
import { fail, isJson, tooMany, type AddressState, type AppContext, type Caller, type Env } from "./context.ts"

/** 404 for a function this app does not serve, 405 for anything but POST (OPTIONS is CORS's). */
export const servedPost = (served: ReadonlySet<string>) =>
  createMiddleware<Env>(async (c, next) => {
    const name = c.req.param("name") ?? ""
    if (!served.has(name)) return fail(c, 404, `No function named "${name}"`)
    if (c.req.method !== "POST") {
      c.header("Allow", "POST, OPTIONS")
      return fail(c, 405, "Only POST is allowed")
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
export const addressGate = ({ config: { spam }, addressLimit, clientOf }: AppContext, gated: ReadonlySet<string>) =>
  createMiddleware<Env>(async (c, next) => {
    const path = c.req.path
    if (c.req.method !== "POST" || !gated.has(path.slice(path.lastIndexOf("/") + 1))) return next()
    const client = clientOf(c)
    const address: AddressState = { client, budgets: addressBudgets(client, spam), counted: false, replayed: false }
    const wait = addressLimit.refusal(address.budgets, Date.now())
    if (wait !== null) {
      corsHeaders(c)
      return tooMany(c, wait)
    }
    c.set("address", address)
    await next()
    const status = c.res.status
    if (address.replayed) addressLimit.replayed(address.budgets, Date.now())
    else if (!address.counted && status >= 400 && status < 500 && status !== 429)
      addressLimit.refused(address.budgets, Date.now())
  })

/** Parsed once here (the validator reads the same parse): what is not JSON is told apart from what breaks the contract. */
const parsesAsJson = async (c: Context) => {
  try {
    await c.req.json()
    return true
  } catch {
    return false
  }
}

const notJson = (c: Context) => fail(c, 400, "The request body is not valid JSON", { body: "Not valid JSON" })

/** A public function's checks before its contract: content type, JSON (the apikey and origin only flag). */
export const publicCaller = ({ config, clientOf }: AppContext) => {
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

/** The office links' budgets per address, in the visitors' windows: calls, and failed token checks. */
const officeBudgets = (spam: SpamConfig) => ({
  calls: { ...spam, rateLimitMax: spam.officeRateLimitMax },
  failures: { ...spam, rateLimitMax: spam.officeLinkFailuresMax },
})

/** A forged or invalid token (or a body no link sends) counts against the address's small failure budget. */
export const officeFailureCounter = ({ db, config: { spam }, floodGuard }: AppContext) => {
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
export const officeCaller = (ctx: AppContext, countFailure: (c: Context<Env>) => Promise<void>) => {
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
