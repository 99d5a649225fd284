/** Backend settings from environment variables, the same on Supabase, Deno and Node. */
import { parseOnCall, type OnCallContact } from "./alerts/on-call.ts"
import { hmacSha256Hex } from "./crypto.ts"
import { LOCAL_ANON_KEY, LOCAL_TWILIO_AUTH_TOKEN } from "./kernel/local-defaults.ts"
import { E164 } from "./kernel/phone.ts"
import { atLeastOne, optional, positiveInt, urlSetting, type Env } from "./env-settings.ts"
import { COMPANY } from "./kernel/site-data.generated.ts"
import { DEFAULT_TURNSTILE_TIMEOUT_MS, TURNSTILE_VERIFY_URL } from "./spam/turnstile.ts"
import type { NetworkPrefix } from "./spam/client-ip.ts"

/** How long one request to a provider may take unless OUTBOX_TIMEOUT_MS says otherwise. */
export const DEFAULT_OUTBOX_TIMEOUT_MS = 10_000

export interface BackendConfig {
  /** The public key the site sends as `apikey` (SUPABASE_ANON_KEY on Supabase). */
  anonKey: string
  /**
   * The site's own origins. Any origin may call the public functions (CORS answers every one, so the
   * browser can read the answer); a lead from another origin is stored and flagged `origin_not_allowed`.
   */
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
    /** How long one request to the e-mail API or the CRM may take. */
    timeoutMs: number
    /** A job answered 429 this many times, or for this many minutes since its first 429, is dead (a quota that never frees up). */
    rateLimitedMaxTries: number
    rateLimitedMaxMinutes: number
  }
  /** Secret the dispatch-outbox function requires (Authorization: Bearer …). */
  dispatchSecret?: string
  /** Salt for hashing client IP addresses; the raw address is never stored. */
  ipHashSalt: string
  spam: SpamConfig
  alerts: AlertConfig
  /** The owner's weekly report (report/), Monday at opening time; WEEKLY_REPORT=0 turns it off. */
  weeklyReport: boolean
  pipelineCheck: PipelineCheckConfig
  texts: TextsConfig
  /**
   * The environment the settings were read from: an alert channel (notify/channels/) reads its own
   * settings from it, so a new channel needs no line here.
   */
  setting: Env
}

/** The pipeline check (pipeline-check/): a synthetic request through the real path, the providers, the outbox's health. */
export interface PipelineCheckConfig {
  /** The daily run (PIPELINE_CHECK=0 turns it off; the check-pipeline function still runs on demand). */
  daily: boolean
  /** When the daily run is due, "HH:MM" on the company's clock (PIPELINE_CHECK_TIME). */
  time: string
  /** Signs the synthetic request's header (PIPELINE_CHECK_SECRET, else derived from the salt under its own label). */
  headerSecret: string
  /** What check-pipeline requires (Authorization: Bearer …): PIPELINE_CHECK_SECRET, else OUTBOX_DISPATCH_SECRET. */
  callSecret?: string
  /** Where the public functions answer over HTTP: PIPELINE_CHECK_FUNCTIONS_URL, else SUPABASE_URL's /functions/v1; the local backend sets its own. */
  functionsUrl?: string
  /** The outside dead-man's switch, pinged when a check passes (PIPELINE_CHECK_PING_URL; locally the alerts page). */
  pingUrl?: string
  /** The CRM's own test call, when it documents one (CRM_CHECK_URL): without it the CRM is left out, and the report says so. */
  crmCheckUrl?: string
  /** The inbox the test e-mail goes to (PIPELINE_CHECK_EMAIL, else COMPANY_NOTIFY_EMAIL). */
  emailTo: string
  /** The most one check may take, end to end (PIPELINE_CHECK_TIMEOUT_MS). */
  timeoutMs: number
}

/** What Twilio posts to our webhooks (twilio/webhook.ts) and how the texts customers send us are answered (texts/). */
export interface TextsConfig {
  /**
   * What Twilio signs its webhooks with: the account's auth token (TWILIO_AUTH_TOKEN, which Twilio signs
   * with even when we send with an API key). Locally, without one, a fixed local token; unset, every
   * webhook call is refused (403).
   */
  webhookToken?: string
  /**
   * The functions' public URL as Twilio calls them, which is what it signs: TWILIO_WEBHOOK_BASE_URL, else
   * SUPABASE_URL's /functions/v1; the local backend passes its own. Never read from a request's headers.
   */
  webhookBaseUrl?: string
  /**
   * The numbers texts to us may be addressed to (E.164): TWILIO_FROM and TWILIO_NUMBERS (comma-separated),
   * locally the company's number too. Empty (a Messaging Service and no list): any number of the account,
   * which the signature vouches for.
   */
  numbers: readonly string[]
  /**
   * Whether we answer the English keywords (STOP, START, HELP) ourselves: TEXT_KEYWORD_REPLIES=all, for an
   * account whose Advanced Opt-Out replies are off. By default Twilio's opt-out handling answers them.
   */
  answerEnglishKeywords: boolean
  /** Texts from one number that reach the office as a new message per RATE_LIMIT_WINDOW_SECONDS (TEXT_REPLIES_PER_NUMBER; 0: no limit). */
  repliesPerNumber: number
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
  /** Told when a request's escalation ends with nobody acknowledging it (ALERT_OWNER; else the office inbox). */
  owner: OnCallContact
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
  /** How long one request to Twilio or the chat webhook may take: less than e-mail's, and a slow provider holds up only its own lane. */
  timeoutMs: number
  /** The most GSM-7 segments one alert SMS may take (the visitor's text is shortened to fit, never our link). */
  smsMaxSegments: number
  budget: AlertBudget
  /** A lead neither alerted nor acknowledged this long after it was stored, with no alert under way, is announced again (then at most once per this many minutes). */
  reannounceMinutes: number
  /** The local backend: SMS and chat with no provider land on the local alerts page instead. */
  local: boolean
}

/** What SMS and chat alerts may cost: messages per rolling hour and day (0: no limit), and the summary interval past them. */
export interface AlertBudget {
  sms: { perHour: number; perDay: number }
  chat: { perHour: number; perDay: number }
  /** Past a channel's budget, its alerts become one summary every this many minutes. */
  summaryMinutes: number
}

/** One channel's customer-message budget per rolling window (0: that limit off). See spam/customer-budget.ts. */
export interface CustomerChannelBudget {
  /** To one number or e-mail address. */
  perRecipient: number
  /** From one client address (an IPv4 address, an IPv6 /64); its wider networks get a multiple. */
  perAddress: number
  /** To everyone together. */
  overall: number
}

/** What the visitors' confirmations and reminders may cost, per hour (spam/customer-budget.ts). */
export interface CustomerBudget {
  windowSeconds: number
  sms: CustomerChannelBudget
  email: CustomerChannelBudget
  /** The wider networks' budgets as multiples of perAddress (0: not limited). */
  networkFactors: Record<NetworkPrefix, number>
}

export interface SpamConfig {
  /** A form sent sooner than this after it was opened is a bot's; 0 turns the check off. */
  minFormFillMs: number
  /** Requests per IP per window across the public functions; 0 turns the limit off. */
  rateLimitMax: number
  rateLimitWindowSeconds: number
  /**
   * The wider networks' budgets, as multiples of rateLimitMax (0: not limited): an IPv6 /56 and /48
   * (RATE_LIMIT_IPV6_56_FACTOR, RATE_LIMIT_IPV6_48_FACTOR), an IPv4 /24 (RATE_LIMIT_IPV4_24_FACTOR).
   * See spam/address-limit.ts.
   */
  rateLimitNetworkFactors: Record<NetworkPrefix, number>
  /** Cloudflare Turnstile is verified server-side only when this is set. */
  turnstileSecretKey?: string
  /** Where tokens are verified: Cloudflare's siteverify unless TURNSTILE_VERIFY_URL says otherwise (tests, the local stand-in). */
  turnstileVerifyUrl: string
  /** The most a submission waits for siteverify; past it the lead is stored unverified. */
  turnstileTimeoutMs: number
  /** Calls per address per window to the office's link functions (a budget apart from the visitors'); off with rateLimitMax 0. */
  officeRateLimitMax: number
  /**
   * Calls per address per window to the public calendar (arrival-windows), counted in memory only
   * (spam/memory-limit.ts), its wider networks by rateLimitNetworkFactors; 0 turns it off.
   */
  calendarRateLimitMax: number
  customerBudget: CustomerBudget
  /** Office-link calls with a forged or invalid token per address per window; past it the address is refused before any signature check. */
  officeLinkFailuresMax: number
  /**
   * Proxies in front of the function that each append the peer's address to X-Forwarded-For; the
   * visitor is the entry this many from the right (0: the socket's address, X-Forwarded-For ignored).
   * See spam/client-ip.ts.
   */
  trustedProxyHops: number
}

/**
 * The customer messages' budget per hour when the channel's provider is set (spam/customer-budget.ts):
 * a real visitor sends one or two requests (a message, an estimate), so a few messages an hour reach
 * them; one sender's share is small against the hour's total, which bounds the bill
 * (docs/limits-and-budgets.md).
 */
export const CUSTOMER_BUDGET_DEFAULTS: Readonly<Record<"sms" | "email", CustomerChannelBudget>> = {
  sms: { perRecipient: 3, perAddress: 3, overall: 30 },
  email: { perRecipient: 3, perAddress: 5, overall: 100 },
}

/** One channel's budget: CUSTOMER_<channel>_PER_<recipient>, _PER_ADDRESS and _PER_HOUR; off by default without its provider. */
function channelBudget(env: Env, channel: "SMS" | "EMAIL", recipient: string, paid: boolean): CustomerChannelBudget {
  const defaults = CUSTOMER_BUDGET_DEFAULTS[channel === "SMS" ? "sms" : "email"]
  const of = (name: string, value: number) => positiveInt(env, `CUSTOMER_${channel}_${name}`, paid ? value : 0)
  return {
    perRecipient: of(`PER_${recipient}`, defaults.perRecipient),
    perAddress: of("PER_ADDRESS", defaults.perAddress),
    overall: of("PER_HOUR", defaults.overall),
  }
}

/** How many times the address's budget each wider network gets by default; 0 leaves it unlimited. */
export const DEFAULT_NETWORK_FACTORS: Readonly<Record<NetworkPrefix, number>> = {
  // One site is given a /56 (256 /64s) or a /48 (65,536): without these it could send that many times the limit.
  "ipv6/56": 4,
  "ipv6/48": 16,
  // Off: an IPv4 address costs money, so one sender rarely holds many in one /24, while carrier-grade NAT
  // pools and offices put many visitors in one (see docs/configuration.md). RATE_LIMIT_IPV4_24_FACTOR turns it on.
  "ipv4/24": 0,
}

/** TRUSTED_PROXY_HOPS unless set: Supabase's API gateway (Kong) is one proxy; the local backend has none. */
export const DEFAULT_TRUSTED_PROXY_HOPS = { supabase: 1, local: 0 } as const

/** Production's public address; the local backend passes its own. */
export const DEFAULT_SITE_URL = "https://www.westchesterfamilypest.example"

/** ALERT_SMS_MAX_SEGMENTS: at least 3, since an alert's own words and its link take about two and a half. */
const smsSegments = (env: Env) => {
  const value = positiveInt(env, "ALERT_SMS_MAX_SEGMENTS", 3)
  if (value < 3)
    throw new Error(
      `ALERT_SMS_MAX_SEGMENTS must be at least 3: an alert's own words and its "I'm on it" link take about 2.5 segments (got "${env("ALERT_SMS_MAX_SEGMENTS")}")`,
    )
  return value
}
/** PIPELINE_CHECK_TIME: "HH:MM", 24-hour, on the company's clock. */
const clockTime = (env: Env, name: string, fallback: string) => {
  const raw = optional(env, name) ?? fallback
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new Error(`${name} must be a time such as 07:30 (got "${raw}")`)
  return raw
}

function pipelineCheckFromEnv(
  env: Env,
  ipHashSalt: string,
  companyTo: string,
  local: { functionsUrl?: string; pingUrl?: string },
): PipelineCheckConfig {
  const supabaseUrl = urlSetting(env, "SUPABASE_URL")
  const ownSecret = optional(env, "PIPELINE_CHECK_SECRET")
  const callSecret = ownSecret ?? optional(env, "OUTBOX_DISPATCH_SECRET")
  const functionsUrl =
    urlSetting(env, "PIPELINE_CHECK_FUNCTIONS_URL") ??
    local.functionsUrl ??
    (supabaseUrl ? `${supabaseUrl}/functions/v1` : undefined)
  const pingUrl = urlSetting(env, "PIPELINE_CHECK_PING_URL") ?? local.pingUrl
  const crmCheckUrl = urlSetting(env, "CRM_CHECK_URL")
  const emailTo = optional(env, "PIPELINE_CHECK_EMAIL") ?? companyTo
  return {
    daily: env("PIPELINE_CHECK") !== "0",
    time: clockTime(env, "PIPELINE_CHECK_TIME", "07:30"),
    // A key of its own, as the links': a leaked header secret would not sign office links, nor the other way round.
    headerSecret: hmacSha256Hex(ownSecret ?? ipHashSalt, "pipeline-check-header"),
    timeoutMs: atLeastOne(env, "PIPELINE_CHECK_TIMEOUT_MS", 45_000),
    emailTo,
    ...(callSecret ? { callSecret } : {}),
    ...(functionsUrl ? { functionsUrl } : {}),
    ...(pingUrl ? { pingUrl } : {}),
    ...(crmCheckUrl ? { crmCheckUrl } : {}),
  }
}

const noSalt = (): never => {
  throw new Error(
    "IP_HASH_SALT is not set, and no salt was given: a fixed fallback would let anyone reverse the stored address hashes",
  )
}

/** TWILIO_NUMBERS: E.164 numbers, comma-separated; anything else stops the functions at start. */
function numbersFromEnv(env: Env): string[] {
  const numbers = (optional(env, "TWILIO_NUMBERS") ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
  const wrong = numbers.find((n) => !E164.test(n))
  if (wrong)
    throw new Error(`TWILIO_NUMBERS must be E.164 numbers such as +19145550123, comma-separated (got "${wrong}")`)
  return numbers
}

function textsFromEnv(env: Env, local: boolean, webhookBaseUrl: string | undefined): TextsConfig {
  const supabaseUrl = urlSetting(env, "SUPABASE_URL")
  const from = optional(env, "TWILIO_FROM")
  const webhookToken = optional(env, "TWILIO_AUTH_TOKEN") ?? (local ? LOCAL_TWILIO_AUTH_TOKEN : undefined)
  const baseUrl =
    urlSetting(env, "TWILIO_WEBHOOK_BASE_URL") ??
    webhookBaseUrl ??
    (supabaseUrl ? `${supabaseUrl}/functions/v1` : undefined)
  const replies = optional(env, "TEXT_KEYWORD_REPLIES") ?? "twilio"
  if (replies !== "twilio" && replies !== "all")
    throw new Error(`TEXT_KEYWORD_REPLIES must be "twilio" or "all" (got "${replies}")`)
  const numbers = [...(from ? [from] : []), ...numbersFromEnv(env), ...(local ? [COMPANY.phone.e164] : [])]
  return {
    ...(webhookToken ? { webhookToken } : {}),
    ...(baseUrl ? { webhookBaseUrl: baseUrl } : {}),
    numbers: [...new Set(numbers)],
    answerEnglishKeywords: replies === "all",
    repliesPerNumber: positiveInt(env, "TEXT_REPLIES_PER_NUMBER", 5),
  }
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
  if (from && !E164.test(from)) return missing(`TWILIO_FROM "${from}" is not an E.164 number such as +19145550123`)
  return {
    apiUrl: (optional(env, "TWILIO_API_URL") ?? "https://api.twilio.com").replace(/\/$/, ""),
    accountSid,
    username: apiKey ?? accountSid,
    password: apiKey ? (apiSecret ?? "") : (authToken ?? ""),
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
  }
}

/** ALERT_OWNER: the name of the on-call contact told about missed requests; unset, the office's inbox. */
function ownerOf(name: string | undefined, contacts: readonly OnCallContact[], office: OnCallContact): OnCallContact {
  if (name === undefined) return office
  const owner = contacts.find((c) => c.name === name)
  if (!owner)
    throw new Error(
      `ALERT_OWNER "${name}" is not the name of a contact in ALERT_CONTACTS (${contacts.map((c) => c.name).join(", ")})`,
    )
  return owner
}

function verifyUrlFromEnv(env: Env): string {
  const raw = optional(env, "TURNSTILE_VERIFY_URL") ?? TURNSTILE_VERIFY_URL
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw))
    throw new Error(`TURNSTILE_VERIFY_URL must be an http(s) URL such as ${TURNSTILE_VERIFY_URL} (got "${raw}")`)
  return raw
}

/** gatsby develop's port (`npm run cms`) unless DEVELOP_PORT says otherwise. */
const DEFAULT_DEVELOP_PORT = 8000
/** The site `npm start` serves unless PORT says otherwise. */
export const LOCAL_SITE_URL = "http://localhost:9000"

const LOCAL_HOSTS: Readonly<Record<string, string>> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }

/** The origin of a site and its twin: www and apex, localhost and 127.0.0.1. */
function originAndTwin(siteUrl: string): string[] {
  const site = new URL(siteUrl)
  const twin = new URL(site.origin)
  twin.hostname =
    LOCAL_HOSTS[site.hostname] ?? (site.hostname.startsWith("www.") ? site.hostname.slice(4) : `www.${site.hostname}`)
  return [site.origin, twin.origin]
}

/**
 * ALLOWED_ORIGINS unless set: each site's origin and its twin, and the develop server's. The local backend
 * passes the site npm start serves (PORT), so `PORT=9100 npm start` does not flag its own site.
 */
export function defaultAllowedOrigins(siteUrls: readonly string[], developPort = DEFAULT_DEVELOP_PORT): string[] {
  const develop = [`http://localhost:${developPort}`, `http://127.0.0.1:${developPort}`]
  return [...new Set([...siteUrls.flatMap(originAndTwin), ...develop])]
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
    /** The local backend's site (http://localhost:9000): the office links open it, and it is the allowed origin. */
    siteUrl?: string
    /** The local backend's own functions URL and alerts page's ping address, for the pipeline check. */
    pipelineCheck?: { functionsUrl?: string; pingUrl?: string }
    /** The local backend's functions URL as Twilio's webhooks (and the local stand-ins) call it. */
    webhookBaseUrl?: string
  } = {},
): BackendConfig {
  const localMailbox = overrides.localMailbox ?? env("LOCAL_MAILBOX") === "1"
  const companyTo = optional(env, "COMPANY_NOTIFY_EMAIL") ?? COMPANY.email
  const ipHashSalt = optional(env, "IP_HASH_SALT") ?? overrides.ipHashSalt ?? noSalt()
  const contacts = optional(env, "ALERT_CONTACTS")
  // Unset: the office's own inbox (and, locally, its phone on the local alerts page), so no lead goes unannounced.
  const officeContact: OnCallContact = {
    name: "Office",
    email: companyTo,
    afterHours: false,
    ...(localMailbox ? { sms: COMPANY.phone.e164 } : {}),
  }
  const onCall = contacts ? parseOnCall(contacts) : [officeContact]
  const siteUrl = siteUrlFromEnv(env, overrides.siteUrl ?? DEFAULT_SITE_URL)
  const rateLimitMax = positiveInt(env, "RATE_LIMIT_MAX", 20)
  return {
    anonKey: optional(env, "SUPABASE_ANON_KEY") ?? LOCAL_ANON_KEY,
    allowedOrigins: (
      optional(env, "ALLOWED_ORIGINS")?.split(",") ??
      // The local site (npm start's, on its PORT) and the public one (SITE_URL, which the office links open).
      defaultAllowedOrigins(
        [overrides.siteUrl ?? LOCAL_SITE_URL, siteUrl],
        positiveInt(env, "DEVELOP_PORT", DEFAULT_DEVELOP_PORT),
      )
    )
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
      timeoutMs: atLeastOne(env, "OUTBOX_TIMEOUT_MS", DEFAULT_OUTBOX_TIMEOUT_MS),
      rateLimitedMaxTries: atLeastOne(env, "OUTBOX_RATE_LIMITED_MAX_TRIES", 20),
      rateLimitedMaxMinutes: atLeastOne(env, "OUTBOX_RATE_LIMITED_MAX_MINUTES", 60),
    },
    dispatchSecret: optional(env, "OUTBOX_DISPATCH_SECRET"),
    ipHashSalt,
    spam: {
      minFormFillMs: positiveInt(env, "MIN_FORM_FILL_MS", 3_000),
      rateLimitMax,
      rateLimitWindowSeconds: atLeastOne(env, "RATE_LIMIT_WINDOW_SECONDS", 600),
      rateLimitNetworkFactors: {
        "ipv6/56": positiveInt(env, "RATE_LIMIT_IPV6_56_FACTOR", DEFAULT_NETWORK_FACTORS["ipv6/56"]),
        "ipv6/48": positiveInt(env, "RATE_LIMIT_IPV6_48_FACTOR", DEFAULT_NETWORK_FACTORS["ipv6/48"]),
        "ipv4/24": positiveInt(env, "RATE_LIMIT_IPV4_24_FACTOR", DEFAULT_NETWORK_FACTORS["ipv4/24"]),
      },
      turnstileSecretKey: optional(env, "TURNSTILE_SECRET_KEY"),
      turnstileVerifyUrl: verifyUrlFromEnv(env),
      turnstileTimeoutMs: atLeastOne(env, "TURNSTILE_TIMEOUT_MS", DEFAULT_TURNSTILE_TIMEOUT_MS),
      // Three times a visitor's: one phone at the office previews and confirms link after link.
      officeRateLimitMax: positiveInt(env, "OFFICE_RATE_LIMIT_MAX", rateLimitMax * 3),
      // A visitor's page asks a few times per step (the answer is cached for seconds): 120 per 10 minutes is plenty.
      calendarRateLimitMax: positiveInt(env, "CALENDAR_RATE_LIMIT_MAX", 120),
      customerBudget: {
        windowSeconds: 3_600,
        // Each paid channel has its budget by default; the local stand-ins (mailbox, alerts page) cost nothing.
        sms: channelBudget(env, "SMS", "NUMBER", twilioFromEnv(env) !== undefined),
        email: channelBudget(env, "EMAIL", "RECIPIENT", optional(env, "RESEND_API_KEY") !== undefined),
        networkFactors: {
          "ipv6/56": positiveInt(env, "CUSTOMER_BUDGET_IPV6_56_FACTOR", 2),
          "ipv6/48": positiveInt(env, "CUSTOMER_BUDGET_IPV6_48_FACTOR", 4),
          "ipv4/24": positiveInt(env, "CUSTOMER_BUDGET_IPV4_24_FACTOR", 0),
        },
      },
      officeLinkFailuresMax: atLeastOne(env, "OFFICE_LINK_FAILURES_MAX", 5),
      trustedProxyHops: positiveInt(
        env,
        "TRUSTED_PROXY_HOPS",
        overrides.defaultTrustedProxyHops ?? DEFAULT_TRUSTED_PROXY_HOPS.supabase,
      ),
    },
    weeklyReport: env("WEEKLY_REPORT") !== "0",
    pipelineCheck: pipelineCheckFromEnv(env, ipHashSalt, companyTo, overrides.pipelineCheck ?? {}),
    texts: textsFromEnv(env, localMailbox, overrides.webhookBaseUrl),
    setting: env,
    alerts: {
      contacts: onCall,
      owner: ownerOf(optional(env, "ALERT_OWNER"), onCall, officeContact),
      escalateAfterMinutes: atLeastOne(env, "ALERT_ESCALATE_MINUTES", 5),
      escalateAfterHoursMinutes: atLeastOne(env, "ALERT_AFTER_HOURS_ESCALATE_MINUTES", 15),
      escalationRounds: atLeastOne(env, "ALERT_ESCALATION_ROUNDS", 2),
      // A key of its own: derived from the salt (a secret already) under another label when not set.
      linkSecret: optional(env, "ALERT_LINK_SECRET") ?? hmacSha256Hex(ipHashSalt, "office-link-secret"),
      linkTtlHours: atLeastOne(env, "ALERT_LINK_TTL_HOURS", 72),
      siteUrl,
      sms: twilioFromEnv(env),
      chatWebhookUrl: optional(env, "ALERT_CHAT_WEBHOOK_URL"),
      timeoutMs: atLeastOne(env, "ALERT_TIMEOUT_MS", 5_000),
      smsMaxSegments: smsSegments(env),
      budget: {
        sms: {
          perHour: positiveInt(env, "ALERT_SMS_PER_HOUR", 30),
          perDay: positiveInt(env, "ALERT_SMS_PER_DAY", 200),
        },
        chat: {
          perHour: positiveInt(env, "ALERT_CHAT_PER_HOUR", 60),
          perDay: positiveInt(env, "ALERT_CHAT_PER_DAY", 400),
        },
        summaryMinutes: atLeastOne(env, "ALERT_SUMMARY_MINUTES", 15),
      },
      reannounceMinutes: atLeastOne(env, "ALERT_REANNOUNCE_MINUTES", 30),
      local: localMailbox,
    },
  }
}
