/**
 * CORS for every function: every origin may read the answer (a refusal it cannot read is re-sent
 * forever); the allowed list only flags the lead (http/submit.ts). The outbox's cron and the pipeline
 * check are no browser's: dispatch-outbox and check-pipeline answer no origin.
 */
import type { Context } from "hono"
import { CHECK_FUNCTION, DISPATCH_FUNCTION } from "../functions.ts"

const NO_BROWSER = [`/${DISPATCH_FUNCTION}`, `/${CHECK_FUNCTION}`]

export const corsOptions = {
  origin: (origin: string, c: Context) =>
    NO_BROWSER.some((path) => c.req.path.endsWith(path)) ? null : origin || null,
  // GET: the arrival windows' read-only calendar.
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["authorization", "x-client-info", "apikey", "content-type", "x-region"],
  // Not a CORS-safelisted header: without this the site's script cannot read how long to wait after a 429.
  exposeHeaders: ["Retry-After"],
  maxAge: 86_400,
}

/** The headers cors(corsOptions) gives an actual (not preflight) request's answer, for one answered before it runs. */
export const corsHeaders = (c: Context) => {
  const allowed = corsOptions.origin(c.req.header("origin") ?? "", c)
  if (allowed) c.header("Access-Control-Allow-Origin", allowed)
  c.header("Access-Control-Expose-Headers", corsOptions.exposeHeaders.join(","))
  c.header("Vary", "Origin")
}
