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
 * cannot fix refuses nothing: an apikey that is not the
 * project's, or an origin outside ALLOWED_ORIGINS, is a flag stored with the
 * lead, and CORS answers every origin so the browser can read the answer.
 * The office's link functions are authorised by their signed token alone,
 * under a rate limit of their own (office-links/routes.ts).
 *
 * Its parts: the functions and their kinds (functions.ts), the checks before
 * any route (http/callers.ts), a lead's caller checks and submit pipeline
 * (http/submit.ts) and its idempotency (http/idempotency.ts), the office
 * links and their caller checks (office-links/routes.ts).
 */
import { Hono, type Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { cors } from "hono/cors"
import type { BackendConfig } from "./config.ts"
import { bearerIs } from "./crypto.ts"
import type { Db } from "./db.ts"
import { ALL_FUNCTIONS, CHECK_FUNCTION, DISPATCH_FUNCTION, PUBLIC_FUNCTIONS, type FunctionName } from "./functions.ts"
import { calendarRoutes } from "./http/calendar-route.ts"
import { checkPipelineHandler } from "./http/check-route.ts"
import { addressGate, servedPost } from "./http/callers.ts"
import { fail, type AppContext, type Env } from "./http/context.ts"
import { corsOptions } from "./http/cors.ts"
import { leadRoutes } from "./http/submit.ts"
import { MAX_BODY_BYTES } from "./kernel/contract.ts"
import { officeLinkRoutes } from "./office-links/routes.ts"
import { textRoutes } from "./texts/routes.ts"
import { checkChannelSettings } from "./notify/registry.ts"
import { dispatchOutbox } from "./outbox/outbox.ts"
import { logError, ThrownValue } from "./safe-log.ts"
import { createAddressLimit } from "./spam/address-limit.ts"
import { clientAddress } from "./spam/client-ip.ts"
import { createFloodGuard, type FloodGuard } from "./spam/flood-guard.ts"

export { PUBLIC_FUNCTIONS, type FunctionName } from "./functions.ts"

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

/** The services each part of one app shares. */
function appContext({
  db,
  config,
  remoteAddress,
  floodGuard = createFloodGuard(),
  fetchImpl,
  wakeOutbox,
  clock = () => new Date(),
}: AppOptions): AppContext {
  const { spam } = config
  const clientOf = (c: Context) =>
    clientAddress({
      forwardedFor: c.req.header("x-forwarded-for"),
      remoteAddress: remoteAddress?.(c),
      trustedProxyHops: spam.trustedProxyHops,
    })
  const wake = () => {
    try {
      wakeOutbox?.()
    } catch (error) {
      logError("outbox", "waking the worker failed", error)
    }
  }
  const addressLimit = createAddressLimit({ db, spam, ipHashSalt: config.ipHashSalt, guard: floodGuard })
  return { db, config, floodGuard, addressLimit, clientOf, fetchImpl, clock, wake }
}

/** Only what is not an Error gets here (Hono handles Errors inside): as an Error, onError logs it safely. */
const asError = async (_c: Context, next: () => Promise<void>) => {
  try {
    await next()
  } catch (thrown) {
    throw thrown instanceof Error ? thrown : new ThrownValue(thrown)
  }
}

export function createApp(options: AppOptions) {
  const ctx = appContext(options)
  const { db, config, fetchImpl, clock } = ctx
  // A channel's own settings (a webhook URL that is not one) stop the functions here, as config.ts' do.
  checkChannelSettings(config)
  const served = new Set<string>(options.functions ?? ALL_FUNCTIONS)
  const functionsApi = new Hono<Env>()
    .use("/:name", servedPost(served))
    .route("/", leadRoutes(ctx))
    .route("/", calendarRoutes(ctx))
    .post(`/${DISPATCH_FUNCTION}`, async (c) => {
      if (!bearerIs(c.req.header("authorization"), config.dispatchSecret))
        return fail(c, 401, "Missing or wrong dispatch secret")
      return c.json({ success: true, ...(await dispatchOutbox({ db, config, fetchImpl, clock })) })
    })
    .post(`/${CHECK_FUNCTION}`, checkPipelineHandler(ctx))
    .route("/", officeLinkRoutes(ctx))
    .route("/", textRoutes(ctx))

  return new Hono()
    .use("*", asError)
    .use("*", addressGate(ctx, new Set(PUBLIC_FUNCTIONS.filter((name) => served.has(name)))))
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
