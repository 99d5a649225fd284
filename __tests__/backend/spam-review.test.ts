/**
 * @jest-environment node
 *
 * What was filed as spam reaches the office as a daily digest at opening time, with the reason and a
 * signed "Not spam" link that sends it through as the lead it should have been, exactly once.
 */
import { randomUUID } from "node:crypto"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import {
  MINUTE,
  TUESDAY_10PM,
  WEDNESDAY_OPENING,
  alertConfig,
  alertRig,
  emptyTables,
  handClock,
  jobsOf,
  linkRequest,
  smsOf,
} from "./alert-rig"
import { closedAfterEach, fakeServer } from "./fake-servers"
import { bodies, post, withFreshDb } from "./helpers"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => {
  db = fresh
})
beforeEach(() => emptyTables(db))
const servers = closedAfterEach()

const DAY = 24 * 60 * MINUTE

async function setup() {
  const twilio = await fakeServer([200])
  const chat = await fakeServer([200])
  const crm = await fakeServer([200])
  servers.push(twilio, chat, crm)
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
  db.query<{ subject: string; text_body: string }>(
    `select m.subject, m.text_body from dev_mailbox m join outbox_jobs j on j.id = m.job_id
     where j.dedupe_key like 'spam-digest:%' order by m.created_at`,
  )

/** The "Not spam" tokens in a digest, in its order. */
const releaseTokens = (text: string) => [...text.matchAll(/\/office\/release\/#t=([\w.-]+)/g)].map((m) => m[1] ?? "")

test("the digest comes at opening time, once, listing each with its reason and a release link", async () => {
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
  ])
    expect(digest?.text_body).toContain(line)
  expect(releaseTokens(digest?.text_body ?? "")).toHaveLength(3)

  // Tomorrow's digest has nothing new to list: no second e-mail.
  clock.advance(DAY)
  await dispatch()
  expect(await digests()).toHaveLength(1)
})

test("'Not spam' on the wizard's three calls stores one lead with its CRM forward, e-mails and alert, exactly once however often", async () => {
  const { app, dispatch, clock, crm, twilio, config } = await setup()
  await filedAsSpam(app)
  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  const wizard = releaseTokens((await digests())[0]?.text_body ?? "")[2] ?? ""

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

  const leads = await db.query<{ id: string; full_name: string }>(`select id, full_name from leads`)
  expect(leads).toEqual([{ id: bodiesOf[0]?.reference, full_name: "Maria Lopez Garcia" }])
  expect(new Set(bodiesOf.map((b) => b.reference))).toEqual(new Set([leads[0]?.id]))

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

test("a record is kept 30 days, then purged by the daily job, which then stops", async () => {
  const { app, dispatch, clock } = await setup()
  await filedAsSpam(app)
  // The database stamps rows with its own time; the test's clock says when they came in.
  await db.query(`update spam_attempts set created_at = $1`, [TUESDAY_10PM.toISOString()])
  clock.set(WEDNESDAY_OPENING)
  await dispatch()
  clock.set(new Date(TUESDAY_10PM.getTime() + 30 * DAY - MINUTE))
  await dispatch()
  expect(await db.query(`select 1 from spam_attempts`)).toHaveLength(3)
  clock.set(new Date(TUESDAY_10PM.getTime() + 30 * DAY + 10 * 60 * MINUTE))
  await dispatch()
  expect(await db.query(`select 1 from spam_attempts`)).toEqual([])
  expect((await jobsOf(db, "spam_digest")).filter((j) => j.status === "pending")).toEqual([])
})
