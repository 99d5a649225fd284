import { randomUUID } from "node:crypto"
import { PGlite } from "@electric-sql/pglite"
import { createApp } from "../../supabase/functions/_shared/app"
import { configFromEnv, type BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { pgliteDb } from "../../server/pglite-db"
import { migratedTemplate } from "./migrated-template"
import { fakeServer, type FakeServer } from "./fake-servers"
import { visitorIp } from "../../scripts/bench/backend-process"
import { MARIA } from "../fixtures/visitor"

export const ANON_KEY = "test-anon-key"
export const SITE_ORIGIN = "http://localhost:9000"
export const TEST_IP_HASH_SALT = "test-ip-hash-salt-0123456789abcdef"

/**
 * The customer messages' budget is on wherever a paid provider is set, and most tests send many requests to one fake
 * provider from one address: only the budget's own tests (customer-budget.test.ts) turn it on.
 */
export const NO_CUSTOMER_BUDGET = {
  CUSTOMER_SMS_PER_NUMBER: "0",
  CUSTOMER_SMS_PER_ADDRESS: "0",
  CUSTOMER_SMS_PER_HOUR: "0",
  CUSTOMER_EMAIL_PER_RECIPIENT: "0",
  CUSTOMER_EMAIL_PER_ADDRESS: "0",
  CUSTOMER_EMAIL_PER_HOUR: "0",
}

export function testConfig(env: Record<string, string> = {}): BackendConfig {
  const values: Record<string, string> = {
    SUPABASE_ANON_KEY: ANON_KEY,
    OUTBOX_DISPATCH_SECRET: "dispatch-secret",
    OUTBOX_BACKOFF_BASE_MS: "0",
    // The weekly report's job would sit in every test's outbox: only the report's own tests turn it on.
    WEEKLY_REPORT: "0",
    // So would the daily pipeline check's: only the check's own tests turn it on.
    PIPELINE_CHECK: "0",
    ...NO_CUSTOMER_BUDGET,
    ...env,
  }
  return configFromEnv((name) => values[name], { localMailbox: !values.RESEND_API_KEY, ipHashSalt: TEST_IP_HASH_SALT })
}

/** A fresh in-memory Postgres (PGlite) with the migrations applied (started from the shared migrated template). */
export async function freshDb(): Promise<{ pg: PGlite; db: Db }> {
  const pg = await PGlite.create({ loadDataDir: await migratedTemplate() })
  return { pg, db: pgliteDb(pg) }
}

/**
 * A fresh database for the tests of this file or describe block (for each test with `each`), opened
 * and closed by Jest's hooks; `use` receives it once it is open, to keep it and set up what uses it.
 */
export function withFreshDb(use: (db: Db) => void | Promise<void>, { each = false } = {}): void {
  let pg: PGlite | undefined
  ;(each ? beforeEach : beforeAll)(async () => {
    const fresh = await freshDb()
    pg = fresh.pg
    await use(fresh.db)
  })
  ;(each ? afterEach : afterAll)(async () => {
    // Forgotten first: a later hook that fails before opening its own must not close this one again.
    const open = pg
    pg = undefined
    await open?.close()
  })
}

export const estimateFields = () => ({
  propertyType: "single-family-small",
  servicePlan: "c-are",
  pests: ["Ants", "Bed Bugs"],
  additionalPests: 1,
  sameDayService: true,
  quickKnock: false,
  fullName: "Maria Lopez Garcia",
  ...MARIA,
  firstName: "Maria",
  lastName: "Lopez Garcia",
})

const spamFields = () => ({ submissionId: randomUUID(), website: "", formFillMs: 30_000 })

export const bodies = {
  contact: () => ({
    ...spamFields(),
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "914-555-0100",
    message: "Carpenter ants near the deck.",
  }),
  estimateLead: () => ({ ...spamFields(), ...estimateFields(), source: "website_estimate" }),
  estimateRequest: () => ({ ...spamFields(), ...estimateFields(), accountId: "WEB-123456" }),
  booking: () => ({
    ...spamFields(),
    fullName: "Tom Hale",
    phone: "914 555 0199",
    streetAddress: "5 Popham Rd",
    city: "Scarsdale",
    zipCode: "10583",
    email: "tom@example.com",
    specialOffer: "$49 Scarsdale Starter Visit",
  }),
  callback: () => ({
    ...spamFields(),
    full_name: "Rita Moss",
    phone: "9145550111",
    email: "",
    street_address: "9 Elm St",
    city: "Yonkers",
    notes: "Mice in the garage",
    property_type: "residential",
    service_plan: "one-time",
    pests: ["general"],
    zip_code: "",
    special_offer: "Express Pest Fix - $39",
    utm_source: "facebook",
    utm_campaign: "yonkers39",
    utm_term: "mice",
  }),
}

/** Every public function with a maker of a valid body, once per kind of body. */
export const VALID_CALLS = [
  ["process-contact", bodies.contact],
  ["process-simple-lead", bodies.estimateLead],
  ["process-simple-lead", bodies.booking],
  ["process-simple-lead", bodies.callback],
  ["process-estimate", bodies.estimateRequest],
  ["send-estimate-confirmation", bodies.estimateRequest],
] as const

export type AppUnderTest = ReturnType<typeof createApp>

let visitors = 0
/** A distinct address per call, as the API gateway appends it (the test config trusts one proxy hop). */
export const nextVisitorIp = () => visitorIp(++visitors)

/** A POST as a new visitor sends it, unless the headers say which address it comes from. */
export async function post(
  app: AppUnderTest,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request(`/functions/v1/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: ANON_KEY,
      origin: SITE_ORIGIN,
      "x-forwarded-for": nextVisitorIp(),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
}

/**
 * The jobs of the e-mail and CRM pipeline. Every stored lead also queues office-alert jobs,
 * whose number depends on the time of day; tests about e-mail and the CRM count only these (not the alert
 * budget's "budget reached" e-mails to the office, which a flood of leads queues with its first alerts).
 */
export const MAIL_AND_CRM = `kind in ('company_email', 'customer_email', 'crm_forward') and dedupe_key not like 'budget:%'`

/**
 * Sunday 3am in New York: the office is closed and nobody takes alerts after hours, so a lead's alerts
 * wait for opening time (a moment this clock never reaches) and stay out of the way of an e-mail test.
 */
export const OFFICE_CLOSED_AT = new Date("2026-11-22T08:00:00Z")
export const officeClosed = () => OFFICE_CLOSED_AT

/** What `withFreshApp` opens: the database and the app on it, with the app's config. */
export interface OpenedApp {
  db: Db
  config: BackendConfig
  app: AppUnderTest
}

/**
 * `withFreshDb` with the app on it, made from `testConfig(env)` and `clock` (the real one unless given);
 * `use` receives them once open.
 */
export function withFreshApp(env: Record<string, string>, use: (opened: OpenedApp) => void, clock?: () => Date): void {
  withFreshDb((db) => {
    const config = testConfig(env)
    use({ db, config, app: createApp({ db, config, clock }) })
  })
}

/**
 * `withFreshApp` on the closed-office clock, with a fake CRM answering 200 that the config forwards
 * leads to (closed after the file's tests).
 */
export interface OpenedCrmApp extends OpenedApp {
  crm: FakeServer
  /** Runs the outbox on the app's clock, then gives every body the CRM has received, parsed. */
  forwarded: <Body>() => Promise<Body[]>
}

export function withCrmApp(env: Record<string, string>, use: (opened: OpenedCrmApp) => void): void {
  const opened: FakeServer[] = []
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((server) => server.close()))
  })
  withFreshDb(async (db) => {
    const crm = await fakeServer([200])
    opened.push(crm)
    const config = testConfig({ CRM_WEBHOOK_URL: `${crm.url}/leads`, CRM_WEBHOOK_SECRET: "crm-secret", ...env })
    const forwarded = async <Body>() => {
      await dispatchOutbox({ db, config, clock: officeClosed })
      return crm.received.map((r) => JSON.parse(r.body) as Body)
    }
    use({ db, crm, config, app: createApp({ db, config, clock: officeClosed }), forwarded })
  })
}

/**
 * What is stored. Spam schedules the office's daily spam digest (one job per opening time),
 * counted apart so that "spam queues nothing to send" stays checkable.
 */
export async function counts(db: Db) {
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*)::int from contact_messages) as messages, (select count(*)::int from leads) as leads,
            (select count(*)::int from outbox_jobs where kind <> 'spam_digest') as jobs,
            (select count(*)::int from outbox_jobs where kind = 'spam_digest') as "spamDigests",
            (select count(*)::int from function_calls) as calls`,
  )
  return row!
}

/** A JSON POST to a function served at `url` (under Deno), with the test's public key unless other headers are given. */
export const postJson = (url: string, body: object, headers: Record<string, string> = { apikey: ANON_KEY }) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })

/** The Turnstile the Turnstile tests configure: a stand-in siteverify's URL, the secret, and the answer a missing or refused token gets. */
export const TURNSTILE = {
  verifyUrl: "http://siteverify.test/turnstile/v0/siteverify",
  secret: "ts-secret",
  message: "Please complete the anti-spam check.",
}

/** A POST to a running backend over HTTP, with its own public key; no X-Forwarded-For (the socket is the visitor). */
export const postTo = (backend: { url: string; config: BackendConfig }, name: string, body: object) =>
  fetch(`${backend.url}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: backend.config.anonKey },
    body: JSON.stringify(body),
  })

/**
 * The stored row's id of the request an answer names by its reference (WEB…, kernel/reference.ts): a test's
 * bodies carry none, so each is made from its random submissionId, and one that two rows share fails here.
 */
export async function storedIdOf(db: Pick<Db, "query">, reference: string): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `select id from leads where reference = $1 union all select id from contact_messages where reference = $1`,
    [reference],
  )
  if (rows.length !== 1 || !rows[0]) throw new Error(`${rows.length} requests have the reference ${reference}`)
  return rows[0].id
}

/**
 * For a test that follows one e-mail's delivery (the office's notice of a contact message): the visitor's
 * confirmation queued beside it is taken out, so the fake API's scripted answers all go to the notice. The
 * confirmations themselves are tested in functions.test.ts and lead-jobs.test.ts.
 */
export const withoutConfirmations = (db: Pick<Db, "query">) =>
  db.query(`delete from outbox_jobs where kind in ('customer_email', 'customer_sms')`)
