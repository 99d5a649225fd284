/** Backend settings from environment variables, the same on Supabase, Deno and Node. */
import { parseOnCall, type OnCallContact } from "./alerts/on-call.ts"
import { hmacSha256Hex } from "./crypto.ts"
import { LOCAL_ANON_KEY } from "./local-defaults.ts"
import { COMPANY } from "./site-data.generated.ts"
import { TURNSTILE_VERIFY_URL } from "./spam/turnstile.ts"
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
  alerts: AlertConfig
}

/** Twilio Programmable Messaging: the account, how we authenticate, and who the texts come from. */
export interface TwilioConfig {
  apiUrl: string
  accountSid: string
  /** Basic auth: the account SID and auth token, or an API key's SID and secret. */
  username: string
  password: string
  /** One of the two: a sending number (E.164) or a Messaging Service (which picks the number). */
  from?: string
  messagingServiceSid?: string
}

/** Who is alerted about a lead, through what, and how fast it escalates. */
export interface AlertConfig {
  contacts: OnCallContact[]
  /** A lead not acknowledged within this many minutes goes to the next contact (inside business hours). */
  escalateAfterMinutes: number
  /** The same, outside business hours (only contacts marked afterHours are alerted then). */
  escalateAfterHoursMinutes: number
  /** How many times escalation goes round the list before it stops. */
  escalationRounds: number
  /** Signs the "I'm on it" and "Not spam" links. */
  linkSecret: string
  /** How long an "I'm on it" link works. */
  linkTtlHours: number
  /** The site whose /office/ pages the links open. */
  siteUrl: string
  /** SMS is on when Twilio is configured. */
  sms?: TwilioConfig
  /** Team chat is on when an incoming-webhook URL is set (Slack-compatible JSON). */
  chatWebhookUrl?: string
  /** The local backend: SMS and chat with no provider land on the local alerts page instead. */
  local: boolean
}

export interface SpamConfig {
  /** A form sent sooner than this after it was opened is a bot's; 0 turns the check off. */
  minFormFillMs: number
  /** Requests per IP per window across the public functions; 0 turns the limit off. */
  rateLimitMax: number
  rateLimitWindowSeconds: number
  /** Cloudflare Turnstile is verified server-side only when this is set. */
  turnstileSecretKey?: string
  /** Where tokens are verified: Cloudflare's siteverify unless TURNSTILE_VERIFY_URL says otherwise (tests, the local stand-in). */
  turnstileVerifyUrl: string
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

/** Production's public address; the local backend passes its own. */
export const DEFAULT_SITE_URL = "https://www.westchesterfamilypest.example"

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

function twilioFromEnv(env: Env): TwilioConfig | undefined {
  const accountSid = optional(env, "TWILIO_ACCOUNT_SID")
  const authToken = optional(env, "TWILIO_AUTH_TOKEN")
  const apiKey = optional(env, "TWILIO_API_KEY")
  const apiSecret = optional(env, "TWILIO_API_SECRET")
  const from = optional(env, "TWILIO_FROM")
  const messagingServiceSid = optional(env, "TWILIO_MESSAGING_SERVICE_SID")
  if (!accountSid && !authToken && !apiKey && !from && !messagingServiceSid) return undefined
  const missing = (what: string) => {
    throw new Error(`Twilio SMS alerts are half configured: ${what}`)
  }
  if (!accountSid?.startsWith("AC")) return missing("TWILIO_ACCOUNT_SID must be the account SID (AC…)")
  if (apiKey && !apiSecret) return missing("TWILIO_API_KEY is set without TWILIO_API_SECRET")
  if (!apiKey && !authToken) return missing("set TWILIO_AUTH_TOKEN, or TWILIO_API_KEY and TWILIO_API_SECRET")
  if (!from && !messagingServiceSid) return missing("set TWILIO_FROM (+1…) or TWILIO_MESSAGING_SERVICE_SID (MG…)")
  if (from && !/^\+[1-9]\d{7,14}$/.test(from))
    return missing(`TWILIO_FROM "${from}" is not an E.164 number such as +19145550123`)
  return {
    apiUrl: (optional(env, "TWILIO_API_URL") ?? "https://api.twilio.com").replace(/\/$/, ""),
    accountSid,
    username: apiKey ?? accountSid,
    password: apiKey ? (apiSecret ?? "") : (authToken ?? ""),
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
  }
}

function verifyUrlFromEnv(env: Env): string {
  const raw = optional(env, "TURNSTILE_VERIFY_URL") ?? TURNSTILE_VERIFY_URL
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw))
    throw new Error(`TURNSTILE_VERIFY_URL must be an http(s) URL such as ${TURNSTILE_VERIFY_URL} (got "${raw}")`)
  return raw
}

function siteUrlFromEnv(env: Env, fallback: string): string {
  const raw = (optional(env, "SITE_URL") ?? fallback).replace(/\/+$/, "")
  if (!/^https?:\/\/[^/\s]+$/.test(raw))
    throw new Error(`SITE_URL must be an origin such as https://www.example.com (got "${raw}")`)
  return raw
}

/** `ipHashSalt` is used when IP_HASH_SALT is unset (each entry point decides where a salt comes from); with neither, this throws. */
export function configFromEnv(
  env: Env,
  overrides: {
    localMailbox?: boolean
    ipHashSalt?: string
    defaultTrustedProxyHops?: number
    /** The local backend's site (http://localhost:9000). */
    siteUrl?: string
  } = {},
): BackendConfig {
  const localMailbox = overrides.localMailbox ?? env("LOCAL_MAILBOX") === "1"
  const companyTo = optional(env, "COMPANY_NOTIFY_EMAIL") ?? COMPANY.email
  const ipHashSalt = optional(env, "IP_HASH_SALT") ?? overrides.ipHashSalt ?? noSalt()
  const contacts = optional(env, "ALERT_CONTACTS")
  return {
    anonKey: optional(env, "SUPABASE_ANON_KEY") ?? LOCAL_ANON_KEY,
    allowedOrigins: (optional(env, "ALLOWED_ORIGINS")?.split(",") ?? DEFAULT_ALLOWED_ORIGINS)
      .map((o) => o.trim().replace(/\/$/, ""))
      .filter(Boolean),
    mail: {
      from: optional(env, "MAIL_FROM") ?? `${COMPANY.name} <no-reply@${COMPANY.email.split("@")[1]}>`,
      companyTo,
      resendApiKey: optional(env, "RESEND_API_KEY"),
      resendApiUrl: (optional(env, "RESEND_API_URL") ?? "https://api.resend.com").replace(/\/$/, ""),
      localMailbox,
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
    ipHashSalt,
    spam: {
      minFormFillMs: positiveInt(env, "MIN_FORM_FILL_MS", 3_000),
      rateLimitMax: positiveInt(env, "RATE_LIMIT_MAX", 20),
      rateLimitWindowSeconds: atLeastOne(env, "RATE_LIMIT_WINDOW_SECONDS", 600),
      turnstileSecretKey: optional(env, "TURNSTILE_SECRET_KEY"),
      turnstileVerifyUrl: verifyUrlFromEnv(env),
      trustedProxyHops: positiveInt(
        env,
        "TRUSTED_PROXY_HOPS",
        overrides.defaultTrustedProxyHops ?? DEFAULT_TRUSTED_PROXY_HOPS.supabase,
      ),
    },
    alerts: {
      // Unset: the office's own inbox (and, locally, its phone on the local alerts page), so no lead goes unannounced.
      contacts: contacts
        ? parseOnCall(contacts)
        : [
            {
              name: "Office",
              email: companyTo,
              afterHours: false,
              ...(localMailbox ? { sms: COMPANY.phone.e164 } : {}),
            },
          ],
      escalateAfterMinutes: atLeastOne(env, "ALERT_ESCALATE_MINUTES", 5),
      escalateAfterHoursMinutes: atLeastOne(env, "ALERT_AFTER_HOURS_ESCALATE_MINUTES", 15),
      escalationRounds: atLeastOne(env, "ALERT_ESCALATION_ROUNDS", 2),
      // A key of its own: derived from the salt (a secret already) under another label when not set.
      linkSecret: optional(env, "ALERT_LINK_SECRET") ?? hmacSha256Hex(ipHashSalt, "office-link-secret"),
      linkTtlHours: atLeastOne(env, "ALERT_LINK_TTL_HOURS", 72),
      siteUrl: siteUrlFromEnv(env, overrides.siteUrl ?? DEFAULT_SITE_URL),
      sms: twilioFromEnv(env),
      chatWebhookUrl: optional(env, "ALERT_CHAT_WEBHOOK_URL"),
      local: localMailbox,
    },
  }
}
