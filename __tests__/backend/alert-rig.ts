/**
 * What the office-alert tests share: an on-call list of three, a config pointing SMS and chat at fake
 * Twilio and chat servers on 127.0.0.1, a clock the test moves by hand, and readers for what the
 * providers received. The app and the worker both read the same clock, so business hours, deadlines
 * and link expiry are decided by the test, never by when it happens to run.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox, type DispatchOptions } from "../../supabase/functions/_shared/outbox/outbox"
import { closedAfterEach, fakeServer, type FakeServer, type Received } from "./fake-servers"
import { nextVisitorIp, testConfig, withFreshDb } from "./helpers"

export const TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`
export const TWILIO_TOKEN = "twilio-test-auth-token"
export const TWILIO_FROM = "+19145550000"
export const SITE_URL = "https://office.example"

export const CONTACTS = [
  { name: "Dana", sms: "+19145550101", chat: "<@U0DANA>", email: "dana@example.com" },
  { name: "Eli", sms: "+19145550102", chat: "<@U0ELI>" },
  { name: "Fay", sms: "+19145550103", email: "fay@example.com" },
]

/** Tuesday 3 March 2026, 10:00 in New York (EST): the office is open. */
export const TUESDAY_10AM = new Date("2026-03-03T15:00:00Z")
/** The same Tuesday, 22:00 in New York: closed until Wednesday 08:00 (13:00Z). */
export const TUESDAY_10PM = new Date("2026-03-04T03:00:00Z")
export const WEDNESDAY_OPENING = new Date("2026-03-04T13:00:00Z")

export const MINUTE = 60_000

export interface Providers {
  twilio: FakeServer
  chat: FakeServer
}

/** The settings that point SMS and chat at the fakes, with the on-call list of three (for a config, or a Deno function's environment). */
export const alertEnv = ({ twilio, chat }: { twilio: { url: string }; chat: { url: string } }) => ({
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: twilio.url,
  ALERT_CHAT_WEBHOOK_URL: `${chat.url}/services/T000/B000/hook`,
  ALERT_CONTACTS: JSON.stringify(CONTACTS),
})

export function alertConfig(providers: Providers, env: Record<string, string> = {}): BackendConfig {
  return testConfig({ ...alertEnv(providers), SITE_URL, ...env })
}

/** A clock that moves only when the test says so. */
export function handClock(start: Date) {
  let now = start
  return {
    read: () => now,
    set: (at: Date) => void (now = at),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
  }
}

export type HandClock = ReturnType<typeof handClock>

/** The app and the worker on one database, config and clock. */
export function alertRig(db: Db, config: BackendConfig, clock: HandClock) {
  return {
    app: createApp({ db, config, clock: clock.read }),
    dispatch: (options: DispatchOptions = {}) => dispatchOutbox({ db, config, clock: clock.read }, options),
  }
}

/** One text Twilio was asked to send: the form fields and who authenticated. */
export function smsOf(request: Received) {
  const form = new URLSearchParams(request.body)
  return {
    to: form.get("To"),
    from: form.get("From"),
    body: form.get("Body") ?? "",
    authorization: request.headers.authorization,
    contentType: request.headers["content-type"],
  }
}

export const chatTextOf = (request: Received): string => (JSON.parse(request.body) as { text: string }).text

/** The signed token of the first office link in a text (`…/#t=<token>`, up to a space, `|` or `>`). */
export function tokenIn(text: string, page: "acknowledge" | "release" = "acknowledge"): string {
  const match = new RegExp(`/office/${page}/#t=([A-Za-z0-9_.-]+)`).exec(text)
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`)
  return match[1]
}

/** An office link's function (acknowledge-lead, release-spam, office-board, confirm-window) as its page calls it. */
export const linkRequest = (
  app: ReturnType<typeof createApp>,
  name: "acknowledge-lead" | "release-spam" | "office-board" | "confirm-window",
  token: string,
  confirm: boolean,
  /** What the acknowledge page adds to a tap: who takes it, an outcome and its note. */
  extra: Readonly<Record<string, string>> = {},
) =>
  app.request(`/functions/v1/${name}`, {
    method: "POST",
    // Each tap from an address of its own, as `post` sends: the office links' per-address limits are tested apart.
    headers: {
      "content-type": "application/json",
      apikey: testConfig().anonKey,
      origin: "http://localhost:9000",
      "x-forwarded-for": nextVisitorIp(),
    },
    body: JSON.stringify({ ...extra, token, confirm }),
  })

/** A provider answering the statuses in turn (the last repeats), with Retry-After on its 429s. */
export const rateLimitingServer = (statuses: number[], retryAfterSeconds: number): Promise<FakeServer> =>
  fakeServer(statuses, 0, (status) => (status === 429 ? { "retry-after": String(retryAfterSeconds) } : {}))

export interface JobState {
  kind: string
  status: string
  attempts: number
  last_error: string | null
  next_attempt_at: Date
  dedupe_key: string
}

export const jobsOf = (db: Db, kind: string) =>
  db.query<JobState>(
    `select kind, status, attempts, last_error, next_attempt_at, dedupe_key from outbox_jobs where kind = $1 order by created_at, dedupe_key`,
    [kind],
  )

/** Every table a test writes, emptied: one migrated database per file, a clean slate per test (migrating is the slow part). */
export const emptyTables = (db: Db) =>
  db.query(
    `truncate outbox_jobs, dev_mailbox, dev_alerts, function_calls, rate_limits, spam_attempts, leads, contact_messages, alert_spend, alert_batches cascade`,
  )

/**
 * What every alert test file sets up: `db`, one migrated database (open from the file's first hook on), emptied
 * before each test; `servers`, whose fake servers are closed after each test; and `providers`, which opens fake
 * Twilio and chat servers answering their scripts' statuses in turn, closed the same way.
 */
export function withAlertDb() {
  let current: Db | undefined
  withFreshDb((fresh) => {
    current = fresh
  })
  const open = () => {
    if (!current) throw new Error("The database opens in beforeAll: use it in a hook or a test")
    return current
  }
  // The same object for the whole file, on the database of its tests.
  const db: Db = {
    query: (text, params) => open().query(text, params),
    transaction: (work) => open().transaction(work),
  }
  beforeEach(() => emptyTables(db))
  const servers = closedAfterEach()
  const providers = async (twilioScript: number[] = [200], chatScript: number[] = [200]): Promise<Providers> => {
    const twilio = await fakeServer(twilioScript)
    const chat = await fakeServer(chatScript)
    servers.push(twilio, chat)
    return { twilio, chat }
  }
  return { db, servers, providers }
}
