/**
 * The one web-standard app behind every function, on Supabase (Deno) and in
 * the local backend (Node): POST /functions/v1/<name> (and /<name>, the path
 * an Edge Function sees), one typed route per function. Each public route
 * checks the caller, validates the body with the function's contract schema
 * (Hono's Standard Schema validator; the handler gets the Yup InferType), and
 * stores the request idempotently. Order of checks: an address or network
 * that used up its window (429, from memory, before the body is read; the
 * address gate), size (413), function (404), method (405), content type
 * (415), JSON (400), contract (400), replay of an answered submission (its
 * stored answer), rate limit (429, Postgres: the address and its wider
 * networks in one round trip), Turnstile (400 only when no
 * token came; a token Cloudflare calls a bot's is filed as spam, one it could
 * not vouch for is stored flagged; passed once per submission and lead,
 * spam/turnstile-pass.ts), honeypot and fill time (a normal-looking answer,
 * stored as spam only), then the lead and its outbox jobs, in one transaction
 * with the call's record (409 for a reused id). A 4xx that Postgres did not
 * count (a refusal before the rate limit) is counted in memory against the
 * address: refusals use up its window too. A server setting the visitor
 * cannot fix refuses nothing (DESIGN §10): an apikey that is not the
 * project's, or an origin outside ALLOWED_ORIGINS, is a flag stored with the
 * lead, and CORS answers every origin so the browser can read the answer.
 * The office's link functions are authorised by their signed token alone,
 * under a rate limit of their own (officeCaller).
 */
import { sValidator } from "@hono/standard-validator"
import type { StandardSchemaV1 } from "@standard-schema/spec"
import { Hono, type Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { cors } from "hono/cors"
import { createMiddleware } from "hono/factory"
import type { BackendConfig, SpamConfig } from "./config.ts"
import { MAX_BODY_BYTES, type ErrorAnswer, type PublicFunctionName, type SuccessAnswer } from "./kernel/contract.ts"
import { sha256Hex, stableJson } from "./crypto.ts"
import type { Db } from "./db.ts"
import {
  contactIntake,
  estimateConfirmationIntake,
  estimateIntake,
  recordSpam,
  simpleLeadIntake,
  type Intake,
  type RequestContext,
} from "./leads.ts"
import { dispatchOutbox } from "./outbox.ts"
import type { FunctionCallRow } from "./rows.ts"
import { spamReason } from "./spam/bot-checks.ts"
import { addressBudgets, createAddressLimit, type AddressBudget } from "./spam/address-limit.ts"
import { clientAddress, type ClientAddress } from "./spam/client-ip.ts"
import { createFloodGuard, type FloodGuard } from "./spam/flood-guard.ts"
import { takeRateLimit } from "./spam/rate-limit.ts"
import { checkTurnstile } from "./spam/turnstile-pass.ts"
import { LEAD_MESSAGES } from "./kernel/site-data.generated.ts"
import { MAX_FLAG_DETAIL, type LeadFlag } from "./lead-flags.ts"
import { logError, ThrownValue } from "./safe-log.ts"
import { contactMessageInput, estimateRequestInput, fieldErrors, officeLinkInput, simpleLeadInput } from "./validate.ts"
import { acknowledgeLink, releaseLink } from "./alerts/office-links.ts"

const TURNSTILE_TEXTS = LEAD_MESSAGES.turnstile

export const PUBLIC_FUNCTIONS = [
  "process-contact",
  "process-simple-lead",
  "process-estimate",
  "send-estimate-confirmation",
] as const satisfies readonly PublicFunctionName[]
export const DISPATCH_FUNCTION = "dispatch-outbox"
/** The office's one-tap links, called by the site's /office/ pages. */
export const OFFICE_FUNCTIONS = ["acknowledge-lead", "release-spam"] as const
export type FunctionName = PublicFunctionName | typeof DISPATCH_FUNCTION | (typeof OFFICE_FUNCTIONS)[number]
export const ALL_FUNCTIONS: readonly FunctionName[] = [...PUBLIC_FUNCTIONS, ...OFFICE_FUNCTIONS, DISPATCH_FUNCTION]

/** Who is calling, as the checks before the body decided: the address (when known) and its rate-limit key. */
interface Caller {
  ip: string | null
  /** Every request has one (unknown addresses share one); a lead keeps a hash only of a known address. */
  limitKey: string
  /** What the checks before the body found for the office (apikey, origin), stored with the lead. */
  flags: readonly LeadFlag[]
}

/** A lead function's request as the address gate saw it: its address, the budgets it counts against, and how it was counted. */
interface AddressState {
  client: ClientAddress
  budgets: readonly AddressBudget[]
  /** Postgres counted it (the rate limit ran). */
  counted: boolean
  /** It was a re-send of an answered submission, answered again. */
  replayed: boolean
}

type Env = { Variables: { caller: Caller; officeFailureKey?: string; address?: AddressState } }

export interface AppOptions {
  db: Db
  config: BackendConfig
  /** The functions this app serves (a Deno entry point serves one). */
  functions?: readonly FunctionName[]
  /** The socket peer's address, from the runtime; the client's is decided in spam/client-ip.ts (only its salted hash is stored). */
  remoteAddress?: (c: Context) => string | null | undefined
  /** Refuses a flooding address before the database; one per app by default. */
  floodGuard?: FloodGuard
  fetchImpl?: typeof fetch
  /**
   * Called after a request's transaction commits a lead or message with its outbox jobs (not for a
   * replay, spam or a refused request), to deliver them now. Must return at once; errors are only logged.
   */
  wakeOutbox?: () => void
  /** The time requests are accepted at and the worker acts at (tests fix it). */
  clock?: () => Date
}

type Answer = { status: 200 | 409; body: SuccessAnswer | ErrorAnswer }

const fail = (
  c: Context,
  status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 429 | 500,
  error: string,
  fields?: Record<string, string>,
) => c.json<ErrorAnswer>(fields ? { success: false, error, fields } : { success: false, error }, status)

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "23505"

/** Only application/json, with any parameters (charset): the media type the validator reads for JSON. */
const isJson = (contentType: string | undefined) =>
  contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/json"

/** The validator's answer to a body its contract refuses: 400 naming each field. */
const refuseInvalid = (
  result: { success: true } | { success: false; error: readonly StandardSchemaV1.Issue[] },
  c: Context,
) => (result.success ? undefined : fail(c, 400, "Some fields are missing or invalid", fieldErrors(result.error)))

/** The same answer for an office link's body its contract refuses, counted as a failed token check first. */
const refuseInvalidLink =
  (countFailure: (c: Context<Env>) => Promise<void>) =>
  async (result: { success: true } | { success: false; error: readonly StandardSchemaV1.Issue[] }, c: Context<Env>) => {
    if (result.success) return undefined
    await countFailure(c)
    return refuseInvalid(result, c)
  }

/** The fields every body carries (contract.ts): the idempotency key and the spam checks. */
interface SubmissionFields {
  submissionId: string
  website: string
  formFillMs: number
  turnstileToken?: string | undefined
}

type Work = (tx: Db) => Promise<SuccessAnswer>

/** Fields that may differ between two sends of one submission: the single-use Turnstile token and the time spent in the form. */
const withoutSendFields = <B extends SubmissionFields>({ turnstileToken: _token, formFillMs: _fill, ...kept }: B) =>
  kept

/** A submission as idempotency sees it, its hashes computed once per request. */
interface Submission {
  id: string
  /** What a repeat must match. */
  requestHash: string
  /** The lead itself: the wizard's three calls differ only in `source` and `accountId`, so they share it. */
  leadHash: string
}

function submissionOf(body: SubmissionFields & { source?: string; accountId?: string }): Submission {
  const kept = withoutSendFields(body)
  const { source: _source, accountId: _account, ...lead } = kept
  return { id: body.submissionId, requestHash: sha256Hex(stableJson(kept)), leadHash: sha256Hex(stableJson(lead)) }
}

/** The functions a wizard submission calls in turn with one submissionId (SPEC §7); no other reuse of an id is legitimate. */
const WIZARD_FUNCTIONS: ReadonlySet<string> = new Set<PublicFunctionName>([
  "process-simple-lead",
  "process-estimate",
  "send-estimate-confirmation",
])

const REUSED_ID: Answer = {
  status: 409,
  body: {
    success: false,
    error: "This submission was already received with different details.",
    fields: { submissionId: "Already used for a different request" },
  },
}

/** A call recorded under a submissionId: what idempotency compares. */
type CallRow = Pick<FunctionCallRow, "function_name" | "request_hash" | "lead_hash" | "status_code" | "response">

const CALL_COLUMNS = "function_name, request_hash, lead_hash, status_code, response"

/** The stored answer to this (function, submissionId) among `calls`: the same answer for the same body, 409 for a different one. */
function answerIn(calls: readonly CallRow[], name: PublicFunctionName, submission: Submission): Answer | null {
  const prior = calls.find((call) => call.function_name === name)
  if (!prior) return null
  if (prior.request_hash === submission.requestHash) return { status: prior.status_code, body: prior.response }
  return REUSED_ID
}

/** The stored answer to this (function, submissionId): the same answer for the same body, 409 for a different one. */
async function earlierAnswer(
  q: Pick<Db, "query">,
  name: PublicFunctionName,
  submission: Submission,
): Promise<Answer | null> {
  const calls = await q.query<CallRow>(
    `select ${CALL_COLUMNS} from function_calls where function_name = $1 and submission_id = $2`,
    [name, submission.id],
  )
  return answerIn(calls, name, submission)
}

/**
 * Whether another function already took this submissionId for something else. Only the wizard's
 * calls may share an id, and only with the same lead; otherwise the second lead would be merged
 * into the first row and its company notice deduplicated away: silently lost.
 */
function reusedByAnotherFunction(calls: readonly CallRow[], name: PublicFunctionName, submission: Submission): boolean {
  return calls.some(
    (other) =>
      other.function_name !== name &&
      (!WIZARD_FUNCTIONS.has(name) ||
        !WIZARD_FUNCTIONS.has(other.function_name) ||
        other.lead_hash !== submission.leadHash),
  )
}

/** Runs the work once per (function, submissionId); repeats get the first answer, a different body or function gets 409. */
async function runIdempotently(db: Db, name: PublicFunctionName, submission: Submission, work: Work): Promise<Answer> {
  try {
    return await db.transaction(async (tx) => {
      // One submission at a time per id, across functions: the checks below then see every committed call.
      await tx.query(`select pg_advisory_xact_lock(hashtextextended($1::text, 0))`, [submission.id])
      // Every call under this id in one statement: this function's earlier answer, and the other functions' use of the id.
      const calls = await tx.query<CallRow>(`select ${CALL_COLUMNS} from function_calls where submission_id = $1`, [
        submission.id,
      ])
      const earlier = answerIn(calls, name, submission)
      if (earlier) return earlier
      if (reusedByAnotherFunction(calls, name, submission)) return REUSED_ID
      const answer = await work(tx)
      // The primary key makes a simultaneous copy of this request fail here and roll back.
      await tx.query(
        `insert into function_calls (function_name, submission_id, request_hash, lead_hash, status_code, response) values ($1, $2, $3, $4, 200, $5::text::jsonb)`,
        [name, submission.id, submission.requestHash, submission.leadHash, JSON.stringify(answer)],
      )
      return { status: 200, body: answer }
    })
  } catch (error) {
    // A simultaneous copy committed first: answer as it did.
    const earlier = isUniqueViolation(error) ? await earlierAnswer(db, name, submission) : null
    if (earlier) return earlier
    throw error
  }
}

export function createApp({
  db,
  config,
  functions = ALL_FUNCTIONS,
  remoteAddress,
  floodGuard = createFloodGuard(),
  fetchImpl,
  wakeOutbox,
  clock = () => new Date(),
}: AppOptions) {
  const served = new Set<string>(functions)
  const { spam } = config

  const tooMany = (c: Context, retryAfterSeconds: number) => {
    c.header("Retry-After", String(retryAfterSeconds))
    return fail(c, 429, "Too many requests from your network. Please try again later, or call us.")
  }

  const corsOptions = {
    // Every origin may read the answer (a refusal it cannot read is re-sent forever); the allowed list only
    // flags the lead. The outbox's cron is no browser: dispatch-outbox answers no origin.
    origin: (origin: string, c: Context) => (c.req.path.endsWith(`/${DISPATCH_FUNCTION}`) ? null : origin || null),
    allowMethods: ["POST", "OPTIONS"],
    allowHeaders: ["authorization", "x-client-info", "apikey", "content-type", "x-region"],
    // Not a CORS-safelisted header: without this the site's script cannot read how long to wait after a 429.
    exposeHeaders: ["Retry-After"],
    maxAge: 86_400,
  }

  /** The headers cors(corsOptions) gives an actual (not preflight) request's answer, for one answered before it runs. */
  const corsHeaders = (c: Context) => {
    const allowed = corsOptions.origin(c.req.header("origin") ?? "", c)
    if (allowed) c.header("Access-Control-Allow-Origin", allowed)
    c.header("Access-Control-Expose-Headers", corsOptions.exposeHeaders.join(","))
    c.header("Vary", "Origin")
  }

  /** 404 for a function this app does not serve, 405 for anything but POST (OPTIONS is CORS's). */
  const servedPost = createMiddleware<Env>(async (c, next) => {
    const name = c.req.param("name") ?? ""
    if (!served.has(name)) return fail(c, 404, `No function named "${name}"`)
    if (c.req.method !== "POST") {
      c.header("Allow", "POST, OPTIONS")
      return fail(c, 405, "Only POST is allowed")
    }
    await next()
  })

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

  const clientOf = (c: Context) =>
    clientAddress({
      forwardedFor: c.req.header("x-forwarded-for"),
      remoteAddress: remoteAddress?.(c),
      trustedProxyHops: spam.trustedProxyHops,
    })

  const addressLimit = createAddressLimit({ db, spam, ipHashSalt: config.ipHashSalt, guard: floodGuard })
  /** The lead functions this app serves: what the address gate guards. */
  const gated = new Set<string>(PUBLIC_FUNCTIONS.filter((name) => served.has(name)))

  /**
   * First for a lead function's POST (before CORS), before the body is read or its size checked: an
   * address or network that has used up its window is refused from memory (429), so a flood costs
   * neither parsing nor the database and other visitors do not queue behind it. Afterwards, a refusal
   * Postgres did not count (any 4xx but a 429: too large, not JSON, the contract, a reused id…) is
   * counted in memory: refusals cost the sender its budget too. A replay's answer uses no budget, only
   * the address's generous replay allowance (spam/address-limit.ts). It runs before cors(), with the
   * same CORS headers on its 429: a flood's refusal then costs about what a preflight does (cors()
   * touches the answer before the handler, which makes Hono copy the handler's answer, body and all).
   */
  const addressGate = createMiddleware<Env>(async (c, next) => {
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

  /** A public function's checks before its contract: content type, JSON (the apikey and origin only flag). */
  const publicCaller = createMiddleware<Env>(async (c, next) => {
    if (!isJson(c.req.header("content-type"))) return fail(c, 415, "Send the body as application/json")

    const client = c.get("address")?.client ?? clientOf(c)
    const caller: Caller = {
      ip: client.ip,
      limitKey: sha256Hex(`${config.ipHashSalt}:${client.key}`),
      flags: settingFlags(c),
    }
    c.set("caller", caller)

    // Parsed once here (the validator reads the same parse): what is not JSON is told apart from what breaks the contract.
    try {
      await c.req.json()
    } catch {
      return fail(c, 400, "The request body is not valid JSON", { body: "Not valid JSON" })
    }
    await next()
  })

  /** The office links' budgets per address, in the visitors' windows: calls, and failed token checks. */
  const officeCalls: SpamConfig = { ...spam, rateLimitMax: spam.officeRateLimitMax }
  const officeFailures: SpamConfig = { ...spam, rateLimitMax: spam.officeLinkFailuresMax }

  /** A forged or invalid token (or a body no link sends) counts against the address's small failure budget. */
  const countOfficeFailure = async (c: Context<Env>) => {
    const key = c.get("officeFailureKey")
    if (key === undefined || spam.rateLimitMax === 0) return
    const now = Date.now()
    const failures = await takeRateLimit(db, key, officeFailures, now)
    floodGuard.learn(key, failures.hits, officeFailures, now)
  }

  /**
   * The office's link functions before their contract. The link's signed token is the authority: any
   * origin, any apikey (a rotated key must not lock the office out). Each address has budgets of its own,
   * apart from the visitors' so neither uses up the other's: calls (OFFICE_RATE_LIMIT_MAX) and failed token
   * checks (OFFICE_LINK_FAILURES_MAX, a few); past either it is refused from memory, before any signature
   * is checked, with the same Postgres limit and flood guard as the lead functions.
   */
  const officeCaller = createMiddleware<Env>(async (c, next) => {
    if (!isJson(c.req.header("content-type"))) return fail(c, 415, "Send the body as application/json")
    const client = clientOf(c)
    const limitKey = sha256Hex(`${config.ipHashSalt}:office:${client.key}`)
    const failureKey = sha256Hex(`${config.ipHashSalt}:office-failure:${client.key}`)
    if (spam.rateLimitMax > 0) {
      const now = Date.now()
      const refused =
        floodGuard.refusal(failureKey, officeFailures, now) ?? floodGuard.refusal(limitKey, officeCalls, now)
      if (refused !== null) return tooMany(c, refused)
      const limit = await takeRateLimit(db, limitKey, officeCalls, now)
      floodGuard.learn(limitKey, limit.hits, officeCalls, now)
      if (!limit.allowed) return tooMany(c, limit.retryAfterSeconds)
    }
    c.set("caller", { ip: client.ip, limitKey, flags: [] })
    c.set("officeFailureKey", failureKey)
    try {
      await c.req.json()
    } catch {
      await countOfficeFailure(c)
      return fail(c, 400, "The request body is not valid JSON", { body: "Not valid JSON" })
    }
    await next()
  })
  const officeLinkBody = sValidator("json", officeLinkInput, refuseInvalidLink(countOfficeFailure))

  /** A valid body's way from here: replay, rate limit, Turnstile, spam checks, then stored once with its jobs. */
  const submit = async (
    c: Context<Env>,
    name: PublicFunctionName,
    body: SubmissionFields & { source?: string; accountId?: string },
    intake: Intake,
  ) => {
    const { ip, limitKey } = c.get("caller")
    const flags = [...c.get("caller").flags]
    const ctx: RequestContext = {
      config,
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      ipHash: ip ? limitKey : null,
      now: clock(),
      flags,
    }
    // A submission already answered gets its answer again before any spam check: the browser re-sends
    // queued submissions, and neither the rate limit nor a spent Turnstile token should cost a lead.
    const submission = submissionOf(body)
    const address = c.get("address")
    const replay = await earlierAnswer(db, name, submission)
    if (replay) {
      if (address && replay.status === 200) address.replayed = true
      return c.json(replay.body, replay.status)
    }

    // Counted against the address and its networks in one round trip; the gate learns the counts.
    if (address && address.budgets.length > 0) {
      const limit = await addressLimit.take(address.budgets, Date.now())
      address.counted = true
      if (!limit.allowed) return tooMany(c, limit.retryAfterSeconds)
    }
    let turnstileBot = false
    if (spam.turnstileSecretKey) {
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
        return fail(c, 400, TURNSTILE_TEXTS.missing, { turnstileToken: TURNSTILE_TEXTS.missing })
      // A bot's token is filed as spam (answered as a lead is), so the office's spam review decides.
      turnstileBot = verdict.outcome === "bot"
      // Cloudflare could not vouch either way: the lead is stored, and the office told.
      if (verdict.outcome === "unverified") flags.push({ code: "turnstile_unverified", detail: verdict.detail })
    }

    const reason = spamReason(body, spam) ?? (turnstileBot ? "turnstile_failed" : null)
    let fresh: SuccessAnswer | undefined
    const work: Work = reason
      ? async (tx) => intake.answer(await recordSpam(tx, name, body, reason, ctx))
      : async (tx) => (fresh = intake.answer(await intake.store(tx, ctx)))
    const answer = await runIdempotently(db, name, submission, work)
    // This request's own work was committed only if its answer came back: a copy that lost the race gets the stored one.
    if (fresh !== undefined && answer.body === fresh) wake()
    return c.json(answer.body, answer.status)
  }

  const wake = () => {
    try {
      wakeOutbox?.()
    } catch (error) {
      logError("outbox", "waking the worker failed", error)
    }
  }

  const functionsApi = new Hono<Env>()
    .use("/:name", servedPost)
    .post("/process-contact", publicCaller, sValidator("json", contactMessageInput, refuseInvalid), (c) => {
      const body = c.req.valid("json")
      return submit(c, "process-contact", body, contactIntake(body))
    })
    .post("/process-simple-lead", publicCaller, sValidator("json", simpleLeadInput, refuseInvalid), (c) => {
      const submission = c.req.valid("json")
      return submit(c, "process-simple-lead", submission.lead, simpleLeadIntake(submission))
    })
    .post("/process-estimate", publicCaller, sValidator("json", estimateRequestInput, refuseInvalid), (c) => {
      const body = c.req.valid("json")
      return submit(c, "process-estimate", body, estimateIntake(body))
    })
    .post("/send-estimate-confirmation", publicCaller, sValidator("json", estimateRequestInput, refuseInvalid), (c) => {
      const body = c.req.valid("json")
      return submit(c, "send-estimate-confirmation", body, estimateConfirmationIntake(body))
    })
    .post(`/${DISPATCH_FUNCTION}`, async (c) => {
      if (!config.dispatchSecret || c.req.header("authorization") !== `Bearer ${config.dispatchSecret}`)
        return fail(c, 401, "Missing or wrong dispatch secret")
      return c.json({ success: true, ...(await dispatchOutbox({ db, config, fetchImpl, clock })) })
    })
    .post("/acknowledge-lead", officeCaller, officeLinkBody, async (c) => {
      const answer = await acknowledgeLink(db, config, c.req.valid("json"), clock())
      // 400 is a token that is not ours (forged, cut short): it costs the address's failure budget.
      if (answer.status === 400) await countOfficeFailure(c)
      return c.json(answer.body, answer.status)
    })
    .post("/release-spam", officeCaller, officeLinkBody, async (c) => {
      const answer = await releaseLink(db, config, c.req.valid("json"), clock())
      if (answer.status === 400) await countOfficeFailure(c)
      // The released lead's e-mails, CRM forward and alert go out now, as a new lead's do.
      if (answer.released) wake()
      return c.json(answer.body, answer.status)
    })

  return new Hono()
    .use("*", async (_c, next) => {
      try {
        await next()
      } catch (thrown) {
        // Only what is not an Error gets here (Hono handles Errors inside): as an Error, onError logs it safely.
        throw thrown instanceof Error ? thrown : new ThrownValue(thrown)
      }
    })
    .use("*", addressGate)
    .use("*", cors(corsOptions))
    .use(
      "*",
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => fail(c, 413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`),
      }),
    )
    .route("/functions/v1", functionsApi)
    .route("/", functionsApi)
    .notFound((c) => fail(c, 404, "Not found"))
    .onError((error, c) => {
      // Class, code and frames only: an error's message can quote the lead (safe-log.ts).
      logError("functions", `${c.req.method} ${c.req.path} failed`, error)
      return fail(c, 500, "Something went wrong on our side. Please try again, or call us.")
    })
}
