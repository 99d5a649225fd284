/**
 * @jest-environment node
 *
 * What was filed as spam reaches the office as a daily digest at opening time, with the reason and a
 * signed "Not spam" link that sends it through as the lead it should have been, exactly once. Nothing
 * is purged before a delivered digest showed it; a digest that dies is listed again; floods collapse to
 * a line, and the e-mail stays under Gmail's clipping size whatever the number of records.
 */
import { Buffer } from "node:buffer"
import { randomBytes, randomUUID } from "node:crypto"
import fc from "fast-check"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import { recordSpam } from "../../supabase/functions/_shared/intake/leads"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { releaseUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { DIGEST_MAX_BYTES, DIGEST_MAX_ENTRIES } from "../../supabase/functions/_shared/spam/spam-digest"
import { SPAM_KEEP } from "../../supabase/functions/_shared/spam/spam-store"
import { releaseExpiry, SPAM_KEPT_DAYS } from "../../supabase/functions/_shared/spam/spam-review"
import type { SpamReason } from "../../supabase/functions/_shared/spam/bot-checks"
import {
  MINUTE,
  SITE_URL,
  TUESDAY_10PM,
  WEDNESDAY_OPENING,
  alertConfig,
  alertRig,
  emptyTables,
  handClock,
  jobsOf,
  linkRequest,
  smsOf,
  withAlertDb,
} from "./alert-rig"
import { fakeServer } from "./fake-servers"
import { bodies, post, testConfig } from "./helpers"

jest.setTimeout(600_000)

const { db, servers, providers } = withAlertDb()
beforeEach(() => db.query(`truncate spam_daily_counts`))

const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const REASONS: SpamReason[] = ["too_fast", "turnstile_failed", "impossible_fill_time", "honeypot"]

async function setup() {
  const { twilio, chat } = await providers()
  const crm = await fakeServer([200])
  servers.push(crm)
  const config: BackendConfig = alertConfig(
    { twilio, chat },
    { CRM_WEBHOOK_URL: `${crm.url}/leads`, CRM_WEBHOOK_SECRET: "crm-secret" },
  )
  const clock = handClock(TUESDAY_10PM)
  return { twilio, crm, config, clock, ...alertRig(db, config, clock) }
}

/** Three bot-looking submissions at 22:00: a honeypot contact, a too-fast booking, a too-fast wizard (three calls). */
async function filedAsSpam(app: Parameters<typeof post>[0]) {
  const accepted = async (name: string, body: object) => expect((await post(app, name, body)).status).toBe(200)
  await accepted("process-contact", { ...bodies.contact(), website: "http://cheap-pills.example" })
  await accepted("process-simple-lead", { ...bodies.booking(), formFillMs: 800 })
  const submissionId = randomUUID()
  await accepted("process-simple-lead", { ...bodies.estimateLead(), submissionId, formFillMs: 900 })
  for (const name of ["process-estimate", "send-estimate-confirmation"])
    await accepted(name, { ...bodies.estimateRequest(), submissionId, formFillMs: 900 })
}

const digests = () =>
  db.query<{ subject: string; text_body: string; html: string }>(
    `select m.subject, m.text_body, m.html from dev_mailbox m join outbox_jobs j on j.id = m.job_id
     where j.dedupe_key like 'spam-digest:%' order by m.created_at`,
  )

/** The "Not spam" tokens in a digest, in its order. */
const releaseTokens = (text: string) => [...text.matchAll(/\/office\/release\/#t=([\w.-]+)/g)].map((m) => m[1] ?? "")

/** The "Not spam" token of the entry with this name. */
const releaseTokenOf = (text: string, name: string) =>
  new RegExp(`Not spam: ${name}: \\S+/office/release/#t=([\\w.-]+)`).exec(text)?.[1] ?? ""

/** The spam record a token releases (the claims are the token's middle part, in JSON). */
const recordOf = (token: string): string => {
  const claims: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"))
  return Array.isArray(claims) && typeof claims[2] === "string" ? claims[2] : ""
}

const bytes = (digest: { html: string; text: string }) => Buffer.byteLength(digest.html + digest.text)

/** Files one call as spam directly (as the app does once its checks say "bot"), at `at`, from `ipHash`. */
/** A body as the app passes it on: any fields, with its submissionId (and maybe its Turnstile token). */
type SpamBody = { submissionId: string; turnstileToken?: string } & Record<string, unknown>

const fileSpam = (
  config: BackendConfig,
  at: Date,
  ipHash: string,
  reason: SpamReason,
  body: SpamBody = bodies.contact(),
  name: "process-contact" | "process-simple-lead" | "process-estimate" = "process-contact",
) =>
  db.transaction((tx) => recordSpam(tx, name, body, reason, { config, userAgent: "test", ipHash, now: at, flags: [] }))

test("the digest comes at opening time, once, listing each with its reason and a release link, most real-looking first", async () => {
  const { app, dispatch, clock } = await setup()
  await filedAsSpam(app)
  expect(await db.query(`select 1 from leads`)).toEqual([])
  expect(await db.query(`select reason from spam_attempts order by created_at`)).toEqual([
    { reason: "honeypot" },
    { reason: "too_fast" },
    { reason: "too_fast" },
  ])
  expect(await jobsOf(db, "spam_digest")).toEqual([
    expect.objectContaining({ status: "pending", next_attempt_at: WEDNESDAY_OPENING }),
  ])

  clock.set(new Date(WEDNESDAY_OPENING.getTime() - 1))
  await dispatch()
  expect(await digests()).toEqual([])

  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  const [digest, ...more] = await digests()
  expect(more).toEqual([])
  expect(digest?.subject).toBe("3 submission(s) filed as spam: check for real customers")
  for (const line of [
    "Ann Lee (contact message)",
    "Tom Hale ($49 Scarsdale booking)",
    "Maria Lopez Garcia (estimate request)",
    "Filled in the hidden field (bot check)",
    "Sent faster than a person can type (bot check)",
    "Message: Carpenter ants near the deck.",
  ])
    expect(digest?.text_body).toContain(line)
  // Too fast before the hidden field; the wizard's three calls before a booking's one.
  expect([...(digest?.text_body ?? "").matchAll(/^Not spam: (.+?): /gm)].map((m) => m[1])).toEqual([
    "Maria Lopez Garcia",
    "Tom Hale",
    "Ann Lee",
  ])
  expect(releaseTokens(digest?.text_body ?? "")).toHaveLength(3)
  // Shown once delivered: tomorrow's digest has nothing new to list, so no second e-mail.
  expect(await db.query(`select 1 from spam_attempts where digested_at is null`)).toEqual([])
  clock.advance(DAY)
  await dispatch()
  expect(await digests()).toHaveLength(1)
})

test("'Not spam' on the wizard's three calls stores one lead with its CRM forward, e-mails and alert, exactly once however often", async () => {
  const { app, dispatch, clock, crm, twilio, config } = await setup()
  await filedAsSpam(app)
  // Each call's body is kept once: the first in `body`, the later two in `calls`.
  expect(
    await db.query(`select function_name, jsonb_object_keys(calls) as later from spam_attempts order by 2`),
  ).toEqual([
    { function_name: "process-simple-lead", later: "process-estimate" },
    { function_name: "process-simple-lead", later: "send-estimate-confirmation" },
  ])
  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  const wizard = releaseTokenOf((await digests())[0]?.text_body ?? "", "Maria Lopez Garcia")

  clock.advance(MINUTE)
  const look = await linkRequest(app, "release-spam", wizard, false)
  expect(await look.json()).toMatchObject({ state: "ready", submission: { name: "Maria Lopez Garcia" } })
  expect(await db.query(`select 1 from leads`)).toEqual([])

  // Two taps at once, then a third later.
  const answers = await Promise.all([1, 2].map(async () => linkRequest(app, "release-spam", wizard, true)))
  answers.push(await linkRequest(app, "release-spam", wizard, true))
  const bodiesOf = await Promise.all(answers.map(async (a) => (await a.json()) as { state: string; reference: string }))
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
  expect(bodiesOf.map((b) => b.state).sort()).toEqual(["already_released", "already_released", "released"])

  const leads = await db.query<{ id: string; reference: string; full_name: string }>(
    `select id, reference, full_name from leads`,
  )
  expect(leads).toEqual([{ id: leads[0]?.id, reference: bodiesOf[0]?.reference, full_name: "Maria Lopez Garcia" }])
  expect(new Set(bodiesOf.map((b) => b.reference))).toEqual(new Set([leads[0]?.reference]))

  await dispatch()
  await dispatch()
  expect(crm.delivered()).toHaveLength(1)
  const leadId = leads[0]?.id ?? ""
  const mail = await db.query<{ to_address: string; kind: string }>(
    `select m.to_address, j.kind from dev_mailbox m join outbox_jobs j on j.id = m.job_id
     where j.lead_id = $1 or j.payload->'targets' @> $2::text::jsonb order by j.kind`,
    [leadId, JSON.stringify([{ record: "lead", id: leadId }])],
  )
  expect(mail.map((m) => [m.kind, m.to_address])).toEqual([
    ["alert_email", "dana@example.com"],
    ["company_email", config.mail.companyTo],
    ["customer_email", "maria@example.com"],
  ])
  expect(twilio.delivered().map((r) => smsOf(r).body.split("\n")[0])).toEqual([
    "New estimate request from Maria Lopez Garcia",
  ])
})

test("a record written before each body was kept once (the first call in body and calls) is released as one lead", async () => {
  const { app, clock, config } = await setup()
  const submissionId = randomUUID()
  const lead = { ...bodies.estimateLead(), submissionId }
  const request = { ...bodies.estimateRequest(), submissionId }
  const [row] = await db.query<{ id: string }>(
    `insert into spam_attempts (submission_id, function_name, reason, body, calls, created_at)
     values ($1, 'process-simple-lead', 'too_fast', $2::text::jsonb, $3::text::jsonb, $4) returning id`,
    [
      submissionId,
      JSON.stringify(lead),
      JSON.stringify({ "process-simple-lead": lead, "process-estimate": request }),
      TUESDAY_10PM.toISOString(),
    ],
  )
  clock.set(WEDNESDAY_OPENING)
  const token = releaseUrl(config, row?.id ?? "", releaseExpiry(clock.read())).split("#t=")[1] ?? ""
  const answer = await linkRequest(app, "release-spam", token, true)
  expect(await answer.json()).toMatchObject({ state: "released" })
  expect(await db.query(`select full_name from leads`)).toEqual([{ full_name: "Maria Lopez Garcia" }])
  expect(await db.query(`select 1 from outbox_jobs where kind = 'crm_forward'`)).toHaveLength(1)
})

test("a record is purged 30 days after a delivered digest showed it, never before; then the daily job stops", async () => {
  const { app, dispatch, clock } = await setup()
  await filedAsSpam(app)
  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  const shownAt = WEDNESDAY_OPENING.getTime()
  clock.set(new Date(shownAt + SPAM_KEPT_DAYS * DAY - MINUTE))
  await dispatch()
  expect(await db.query(`select 1 from spam_attempts`)).toHaveLength(3)
  clock.set(new Date(shownAt + SPAM_KEPT_DAYS * DAY + MINUTE))
  await dispatch()
  clock.advance(DAY)
  await dispatch()
  expect(await db.query(`select 1 from spam_attempts`)).toEqual([])
  expect((await jobsOf(db, "spam_digest")).filter((j) => j.status === "pending")).toEqual([])
})

/** The e-mail API as the outbox calls it, up or down as the test says; every e-mail it was given is kept, with whether it went. */
function mailApi(clock: { read: () => Date }) {
  const state = { up: true }
  const sent: Array<{ subject: string; html: string; text: string; delivered: boolean; at: Date }> = []
  const fetchImpl: typeof fetch = async (_input, init) => {
    const message = JSON.parse(typeof init?.body === "string" ? init.body : "{}") as {
      subject: string
      html: string
      text: string
    }
    sent.push({ ...message, delivered: state.up, at: clock.read() })
    return Promise.resolve(
      new Response(JSON.stringify(state.up ? { id: "re_1" } : { message: "unavailable" }), {
        status: state.up ? 200 : 503,
      }),
    )
  }
  const digestsSent = () => sent.filter((m) => m.subject.includes("filed as spam"))
  return { state, sent, digestsSent, fetchImpl }
}

const mailConfig = () => testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: "http://mail.invalid", SITE_URL })

test("a digest whose e-mail dies marks nothing: the next one lists the same records again, and they are marked when it is delivered", async () => {
  const config = mailConfig()
  const clock = handClock(TUESDAY_10PM)
  const api = mailApi(clock)
  const dispatch = () => dispatchOutbox({ db, config, clock: clock.read, fetchImpl: api.fetchImpl })
  const ids = [
    await fileSpam(config, TUESDAY_10PM, "a".repeat(64), "too_fast"),
    await fileSpam(config, TUESDAY_10PM, "b".repeat(64), "honeypot"),
  ]

  api.state.up = false
  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  const [dead] = api.digestsSent()
  expect(dead?.delivered).toBe(false)
  expect(new Set(releaseTokens(dead?.text ?? "").map(recordOf))).toEqual(new Set(ids))
  expect(await db.query(`select 1 from spam_attempts where digested_at is not null`)).toEqual([])
  expect(await db.query(`select status from outbox_jobs where dedupe_key like 'spam-digest:%:email'`)).toEqual([
    { status: "dead" },
  ])

  api.state.up = true
  clock.advance(DAY)
  await dispatch()
  const delivered = api.digestsSent().filter((m) => m.delivered)
  expect(delivered).toHaveLength(1)
  expect(new Set(releaseTokens(delivered[0]?.text ?? "").map(recordOf))).toEqual(new Set(ids))
  expect(await db.query(`select digested_at from spam_attempts`)).toEqual([
    { digested_at: clock.read() },
    { digested_at: clock.read() },
  ])
  // Shown, so the day after has nothing to send.
  clock.advance(DAY)
  await dispatch()
  expect(api.digestsSent().filter((m) => m.delivered)).toHaveLength(1)
})

test("a flood from one address is one line; a real customer behind the same address with another reason keeps their own line and budget", async () => {
  const config = mailConfig()
  const clock = handClock(TUESDAY_10PM)
  const api = mailApi(clock)
  const flooder = "f".repeat(64)
  // From 1 AM to 12:58 PM on Tuesday in New York: one day (UTC) of the address's budget.
  const flood = new Date("2026-03-03T06:00:00Z").getTime()
  for (let i = 0; i < 360; i++)
    await fileSpam(config, new Date(flood + i * 2 * MINUTE), flooder, "honeypot", {
      ...bodies.contact(),
      name: `Bot ${i}`,
    })
  const neighbour = await fileSpam(config, TUESDAY_10PM, flooder, "too_fast", { ...bodies.contact(), name: "Nell Ng" })
  expect(await db.query(`select reason, count(*)::int as n from spam_attempts group by 1 order by 1`)).toEqual([
    { reason: "honeypot", n: SPAM_KEEP.records },
    { reason: "too_fast", n: 1 },
  ])
  expect(await db.query(`select reason, calls, records, counted from spam_daily_counts order by reason`)).toEqual([
    { reason: "honeypot", calls: 360, records: SPAM_KEEP.records, counted: 360 - SPAM_KEEP.records },
    { reason: "too_fast", calls: 1, records: 1, counted: 0 },
  ])

  clock.set(WEDNESDAY_OPENING)
  await dispatchOutbox({ db, config, clock: clock.read, fetchImpl: api.fetchImpl })
  const [digest] = api.digestsSent()
  expect(digest?.subject).toBe("361 submission(s) filed as spam: check for real customers")
  expect(releaseTokens(digest?.text ?? "").map(recordOf)).toEqual([neighbour])
  expect(digest?.text).toContain("Floods: one line per address and reason")
  expect(digest?.text).toMatch(
    /360 from one address: Tue, Mar 3, 1:00 AM–12:58 PM, Filled in the hidden field \(bot check\), 10 kept in full, names such as Bot \d+, Bot \d+, Bot \d+/,
  )
  // The flood's records and counts are shown with the line.
  expect(await db.query(`select 1 from spam_attempts where digested_at is null`)).toEqual([])
  expect(await db.query(`select 1 from spam_daily_counts where counted > shown_counted`)).toEqual([])
})

test("past an address's budget a bot's calls are only counted, and answered as a real submission is: one reference for the wizard's calls", async () => {
  const config = mailConfig()
  const ip = "c".repeat(64)
  const at = TUESDAY_10PM
  for (let i = 0; i < SPAM_KEEP.records; i++) await fileSpam(config, at, ip, "honeypot")
  const lead = { ...bodies.estimateLead() }
  const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
  const references = [
    await fileSpam(config, at, ip, "honeypot", lead, "process-simple-lead"),
    await fileSpam(config, at, ip, "honeypot", request, "process-estimate"),
  ]
  expect(new Set(references).size).toBe(1)
  expect(references[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(await db.query(`select 1 from spam_attempts where submission_id = $1`, [lead.submissionId])).toEqual([])
  // Another reason from the same address has its own budget; the next day starts afresh.
  expect(
    await db.query(`select 1 from spam_attempts where id = $1`, [await fileSpam(config, at, ip, "too_fast")]),
  ).toHaveLength(1)
  const tomorrow = new Date(at.getTime() + DAY)
  expect(
    await db.query(`select 1 from spam_attempts where id = $1`, [await fileSpam(config, tomorrow, ip, "honeypot")]),
  ).toHaveLength(1)
})

/** As large as a body gets (the contract's 64 KB limit), so a record is as large as a record gets. */
const hugeBody = () => {
  const body = bodies.contact()
  // Random text: Postgres cannot compress it, as an attacker would choose.
  const room = 64 * 1024 - Buffer.byteLength(JSON.stringify(body)) - 10
  return { ...body, message: randomBytes(room).toString("base64").slice(0, room) }
}

test("a day of the worst flood one address can send (the rate limit's maximum, the largest bodies, every reason) stores kilobytes", async () => {
  const config = mailConfig()
  const { rateLimitMax, rateLimitWindowSeconds } = config.spam
  const perDay = Math.floor((rateLimitMax * 86_400) / rateLimitWindowSeconds)
  const ip = "d".repeat(64)
  // One day of the budget (UTC); any 24 hours spans at most two.
  const start = new Date("2026-03-03T00:00:00Z").getTime()
  const sizes = async () => {
    const [row] = await db.query<{ rows: number; tables: number }>(
      `select (select coalesce(sum(pg_column_size(s.*)), 0) from spam_attempts s)::int
              + (select coalesce(sum(pg_column_size(c.*)), 0) from spam_daily_counts c)::int as rows,
              (pg_total_relation_size('spam_attempts') + pg_total_relation_size('spam_daily_counts'))::int as tables`,
    )
    return row ?? { rows: 0, tables: 0 }
  }
  const before = await sizes()
  for (let i = 0; i < perDay; i++)
    await fileSpam(
      config,
      new Date(start + (i * DAY) / perDay),
      ip,
      REASONS[i % REASONS.length] ?? "honeypot",
      hugeBody(),
    )
  const after = await sizes()
  const records = await db.query<{ n: number }>(`select count(*)::int as n from spam_attempts`)
  const perRecord = await db.query<{ b: number }>(
    `select max(pg_column_size(body) + pg_column_size(calls))::int as b from spam_attempts`,
  )
  const stored = after.rows - before.rows
  console.log(
    `A day of worst-case spam from one address: ${perDay} calls, ${records[0]?.n} records kept, ` +
      `${(stored / 1024).toFixed(1)} KB in rows (tables grew ${((after.tables - before.tables) / 1024).toFixed(0)} KB); ` +
      `largest record ${((perRecord[0]?.b ?? 0) / 1024).toFixed(1)} KB`,
  )
  expect(perDay).toBe(2_880)
  // At most one budget per reason, plus a counting row each.
  expect(stored).toBeLessThan(REASONS.length * (SPAM_KEEP.bytes + 4_096))
}, 600_000)

describe("never purged unseen, whatever the flood", () => {
  /** Midnight in New York, Monday 2 March 2026: day 0 of the scenario. */
  const START = new Date("2026-03-02T05:00:00Z").getTime()
  const SCENARIO_DAYS = 40

  type Event = { at: number; ip: string; reason: SpamReason; name: string; message: string; tracked: boolean }

  test("a fast-check scenario: floods, lone real-looking records, crowds and e-mail outages", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          floodDays: fc.integer({ min: 1, max: 3 }),
          floodPerDay: fc.integer({ min: 15, max: 60 }),
          floodReasons: fc.subarray(REASONS, { minLength: 1 }),
          lone: fc.array(
            fc.record({
              day: fc.integer({ min: 0, max: 4 }),
              minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
              reason: fc.constantFrom(...REASONS),
              message: fc.boolean(),
              fromFlooder: fc.boolean(),
            }),
            // Fewer than a flood's worth, even all from the flooding address with one reason.
            { maxLength: 4 },
          ),
          crowdDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
          down: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        }),
        async (plan) => {
          await emptyTables(db)
          await db.query(`truncate spam_daily_counts`)
          const config = mailConfig()
          const clock = handClock(new Date(START))
          const api = mailApi(clock)
          const flooder = "e".repeat(64)
          const events: Event[] = []
          for (let d = 0; d < plan.floodDays; d++)
            for (let i = 0; i < plan.floodPerDay; i++)
              events.push({
                at: START + d * DAY + Math.floor((i * DAY) / plan.floodPerDay),
                ip: flooder,
                reason: plan.floodReasons[i % plan.floodReasons.length] ?? "honeypot",
                name: `Bot ${d}-${i}`,
                message: "",
                tracked: false,
              })
          plan.lone.forEach((l, i) => {
            // From the flooding address only with a reason it does not flood with: otherwise it is part of the flood.
            const fromFlooder = l.fromFlooder && !plan.floodReasons.includes(l.reason)
            events.push({
              at: START + l.day * DAY + l.minute * MINUTE,
              ip: fromFlooder ? flooder : `lone-${i}`,
              reason: l.reason,
              name: `Real ${i}`,
              message: l.message ? `Ants in the kitchen, visit ${i}` : "",
              tracked: true,
            })
          })
          // A crowd: more lone addresses in a day than one digest lists.
          if (plan.crowdDay !== undefined)
            for (let i = 0; i < DIGEST_MAX_ENTRIES + 15; i++)
              events.push({
                at: START + plan.crowdDay * DAY + i * 7 * MINUTE,
                ip: `crowd-${i}`,
                reason: REASONS[i % REASONS.length] ?? "honeypot",
                name: `Crowd ${i}`,
                message: "",
                tracked: true,
              })
          events.sort((a, b) => a.at - b.at)

          const tracked = new Map<string, string>()
          const firstShown = new Map<string, number>()
          const failedAt = new Map<string, number>()
          const digestedAt = new Map<string, number | null>()
          let next = 0
          let seen = 0
          // The worker looks once a day, after opening time (8 AM in New York is 12:00 or 13:00 UTC).
          for (let t = START + 12 * HOUR; t <= START + SCENARIO_DAYS * DAY; t += DAY) {
            for (; next < events.length && (events[next]?.at ?? Infinity) <= t; next++) {
              const e = events[next]
              if (!e) break
              const body = { ...bodies.contact(), name: e.name, message: e.message || "." }
              const id = await fileSpam(config, new Date(e.at), e.ip, e.reason, body)
              if (e.tracked) tracked.set(id, e.name)
            }
            const day = Math.floor((t - START) / DAY)
            api.state.up = !(plan.down[day] ?? false)
            clock.set(new Date(t))
            await dispatchOutbox({ db, config, clock: clock.read, fetchImpl: api.fetchImpl })

            for (const digest of api.digestsSent().slice(seen)) {
              expect(bytes(digest)).toBeLessThan(DIGEST_MAX_BYTES)
              for (const id of releaseTokens(digest.text).map(recordOf))
                if (digest.delivered) {
                  if (!firstShown.has(id)) firstShown.set(id, digest.at.getTime())
                } else failedAt.set(id, digest.at.getTime())
            }
            seen = api.digestsSent().length

            // Whatever left the store was shown (or released) at least 30 days before.
            const rows = await db.query<{ id: string; digested_at: Date | null }>(
              `select id, digested_at from spam_attempts`,
            )
            const now = new Set(rows.map((r) => r.id))
            for (const [id, shown] of digestedAt)
              if (!now.has(id)) {
                expect(shown).not.toBeNull()
                expect(t - (shown ?? t)).toBeGreaterThanOrEqual(SPAM_KEPT_DAYS * DAY)
                if (tracked.has(id)) expect(t - (firstShown.get(id) ?? t)).toBeGreaterThanOrEqual(SPAM_KEPT_DAYS * DAY)
                digestedAt.delete(id)
              }
            for (const r of rows) digestedAt.set(r.id, r.digested_at?.getTime() ?? null)

            // What one address keeps per day and reason stays within its budget.
            const budgets = await db.query<{ records: number; bytes: number }>(
              `select records, bytes from spam_daily_counts where ip_key = $1`,
              [flooder],
            )
            for (const b of budgets) {
              expect(b.records).toBeLessThanOrEqual(SPAM_KEEP.records)
              expect(b.bytes).toBeLessThanOrEqual(SPAM_KEEP.bytes)
            }
            const kept = await db.query<{ n: number }>(
              `select count(*)::int as n from spam_attempts where ip_hash = $1 group by created_at::date, reason`,
              [flooder],
            )
            for (const k of kept) expect(k.n).toBeLessThanOrEqual(SPAM_KEEP.records)
          }

          // Every real-looking record was in a delivered digest, every one a dead digest listed was listed again later.
          for (const [id, name] of tracked) expect([name, firstShown.has(id)]).toEqual([name, true])
          for (const [id, at] of failedAt)
            if (tracked.has(id) || firstShown.has(id)) expect(firstShown.get(id)).toBeGreaterThan(at)
          // And nothing is left unshown: every flood line and count reached the office.
          expect(await db.query(`select 1 from spam_attempts where digested_at is null`)).toEqual([])
          expect(await db.query(`select 1 from spam_daily_counts where counted > shown_counted`)).toEqual([])
        },
      ),
      { numRuns: 6 },
    )
  })
})
