/** Backend settings from environment variables, the same on Supabase, Deno and Node. */
import { LOCAL_ANON_KEY } from "./local-defaults.ts"
import { COMPANY } from "./site-data.generated.ts"
export const DEFAULT_ALLOWED_ORIGINS = [
  "http://localhost:9000",
  "http://127.0.0.1:9000",
  "http://localhost:8000",
  "http://127.0.0.1:8000",
]

export interface BackendConfig {
  /** The public key the site sends as `apikey` (SUPABASE_ANON_KEY on Supabase). */
  anonKey: string
  /** Site origins allowed to call the functions from a browser. */
  allowedOrigins: string[]
  mail: {
    from: string
    companyTo: string
    resendApiKey?: string
    resendApiUrl: string
    /** Deliver into the local mailbox table when no e-mail API is configured (the local backend). */
    localMailbox: boolean
  }
  crm: { webhookUrl?: string; webhookSecret?: string }
  outbox: {
    maxAttempts: number
    backoffBaseMs: number
    backoffMaxMs: number
    batchSize: number
    /** A run claims batch after batch until nothing is due or this much time has passed (it ends well before the function's wall-clock limit). */
    timeBudgetMs: number
    /** Deliveries in flight at once within a batch. */
    concurrency: number
    /** Run the worker right after a request commits new jobs (the cron or the timer stays as the safety net). */
    wakeOnCommit: boolean
  }
  /** Secret the dispatch-outbox function requires (Authorization: Bearer …). */
  dispatchSecret?: string
  /** Salt for hashing client IP addresses; the raw address is never stored. */
  ipHashSalt: string
  spam: SpamConfig
}

export interface SpamConfig {
  /** A form sent sooner than this after it was opened is a bot's; 0 turns the check off. */
  minFormFillMs: number
  /** Requests per IP per window across the public functions; 0 turns the limit off. */
  rateLimitMax: number
  rateLimitWindowSeconds: number
  /** Cloudflare Turnstile is verified server-side only when this is set. */
  turnstileSecretKey?: string
  /**
   * Proxies in front of the function that each append the peer's address to X-Forwarded-For; the
   * visitor is the entry this many from the right (0: the socket's address, X-Forwarded-For ignored).
   * See spam/client-ip.ts.
   */
  trustedProxyHops: number
}

/** TRUSTED_PROXY_HOPS unless set: Supabase's API gateway (Kong) is one proxy; the local backend has none. */
export const DEFAULT_TRUSTED_PROXY_HOPS = { supabase: 1, local: 0 } as const

type Env = (name: string) => string | undefined

const positiveInt = (env: Env, name: string, fallback: number) => {
  const raw = env(name)
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`)
  return value
}
const atLeastOne = (env: Env, name: string, fallback: number) => {
  const value = positiveInt(env, name, fallback)
  if (value < 1) throw new Error(`${name} must be at least 1 (got "${env(name)}")`)
  return value
}
const optional = (env: Env, name: string) => env(name)?.trim() || undefined
const noSalt = (): never => {
  throw new Error(
    "IP_HASH_SALT is not set, and no salt was given: a fixed fallback would let anyone reverse the stored address hashes",
  )
}

/** `ipHashSalt` is used when IP_HASH_SALT is unset (each entry point decides where a salt comes from); with neither, this throws. */
export function configFromEnv(
  env: Env,
  overrides: { localMailbox?: boolean; ipHashSalt?: string; defaultTrustedProxyHops?: number } = {},
): BackendConfig {
  return {
    anonKey: optional(env, "SUPABASE_ANON_KEY") ?? LOCAL_ANON_KEY,
    allowedOrigins: (optional(env, "ALLOWED_ORIGINS")?.split(",") ?? DEFAULT_ALLOWED_ORIGINS)
      .map((o) => o.trim().replace(/\/$/, ""))
      .filter(Boolean),
    mail: {
      from: optional(env, "MAIL_FROM") ?? `${COMPANY.name} <no-reply@${COMPANY.email.split("@")[1]}>`,
      companyTo: optional(env, "COMPANY_NOTIFY_EMAIL") ?? COMPANY.email,
      resendApiKey: optional(env, "RESEND_API_KEY"),
      resendApiUrl: (optional(env, "RESEND_API_URL") ?? "https://api.resend.com").replace(/\/$/, ""),
      localMailbox: overrides.localMailbox ?? env("LOCAL_MAILBOX") === "1",
    },
    crm: { webhookUrl: optional(env, "CRM_WEBHOOK_URL"), webhookSecret: optional(env, "CRM_WEBHOOK_SECRET") },
    outbox: {
      maxAttempts: positiveInt(env, "OUTBOX_MAX_ATTEMPTS", 8),
      backoffBaseMs: positiveInt(env, "OUTBOX_BACKOFF_BASE_MS", 30_000),
      backoffMaxMs: positiveInt(env, "OUTBOX_BACKOFF_MAX_MS", 3_600_000),
      batchSize: atLeastOne(env, "OUTBOX_BATCH_SIZE", 20),
      timeBudgetMs: positiveInt(env, "OUTBOX_TIME_BUDGET_MS", 50_000),
      concurrency: atLeastOne(env, "OUTBOX_CONCURRENCY", 5),
      wakeOnCommit: env("OUTBOX_WAKE") !== "0",
    },
    dispatchSecret: optional(env, "OUTBOX_DISPATCH_SECRET"),
    ipHashSalt: optional(env, "IP_HASH_SALT") ?? overrides.ipHashSalt ?? noSalt(),
    spam: {
      minFormFillMs: positiveInt(env, "MIN_FORM_FILL_MS", 3_000),
      rateLimitMax: positiveInt(env, "RATE_LIMIT_MAX", 20),
      rateLimitWindowSeconds: atLeastOne(env, "RATE_LIMIT_WINDOW_SECONDS", 600),
      turnstileSecretKey: optional(env, "TURNSTILE_SECRET_KEY"),
      trustedProxyHops: positiveInt(
        env,
        "TRUSTED_PROXY_HOPS",
        overrides.defaultTrustedProxyHops ?? DEFAULT_TRUSTED_PROXY_HOPS.supabase,
      ),
    },
  }
}
