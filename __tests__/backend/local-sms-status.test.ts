/** @jest-environment node */
/**
 * The local default: with no Twilio account, an SMS kept on the local alerts page is recorded under a
 * Message SID of its own, and the local stand-in posts a signed "delivered" to the sms-status webhook, which
 * keeps it as Twilio's would be kept; a webhook that cannot be reached leaves the text kept.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { localMessageSid } from "../../supabase/functions/_shared/notify/local-sms-status"
import { handClock, TUESDAY_10AM } from "./alert-rig"
import { bodies, post, testConfig, withFreshDb } from "./helpers"
import { TEXT_ENV, WEBHOOK_BASE } from "./text-rig"

let db: Db
withFreshDb(
  (fresh) => {
    db = fresh
  },
  { each: true },
)

const localConfig = () => testConfig({ LOCAL_MAILBOX: "1", ...TEXT_ENV })

const sentTexts = () =>
  db.query<{ message_sid: string; job_id: string | null; status: string }>(
    `select message_sid, job_id, status from sent_texts order by message_sid`,
  )

test("a local SMS is recorded under its job's SID and the webhook, posted to as Twilio would, keeps it delivered", async () => {
  const config = localConfig()
  const clock = handClock(TUESDAY_10AM)
  const app = createApp({ db, config, clock: clock.read })
  const posted: string[] = []
  // The functions' public URL is the app itself, as under npm start.
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    posted.push(url)
    return app.request(url.replace(WEBHOOK_BASE, "http://localhost/functions/v1"), init)
  }
  expect((await post(app, "process-simple-lead", bodies.booking())).status).toBe(200)
  await dispatchOutbox({ db, config, clock: clock.read, fetchImpl })
  const jobs = await db.query<{ id: string }>(`select id from outbox_jobs where kind = 'alert_sms' and status = 'sent'`)
  expect(jobs.length).toBeGreaterThan(0)
  expect(posted).toContain(`${WEBHOOK_BASE}/sms-status`)
  const texts = await sentTexts()
  for (const job of jobs)
    expect(texts).toContainEqual({ message_sid: localMessageSid(job.id), job_id: job.id, status: "delivered" })
})

test("a status webhook that cannot be reached leaves the local text kept and its job sent", async () => {
  const config = localConfig()
  const clock = handClock(TUESDAY_10AM)
  const app = createApp({ db, config, clock: clock.read })
  const refused: typeof fetch = () => Promise.reject(new TypeError("connection refused"))
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined)
  expect((await post(app, "process-simple-lead", bodies.booking())).status).toBe(200)
  await dispatchOutbox({ db, config, clock: clock.read, fetchImpl: refused })
  errors.mockRestore()
  const jobs = await db.query<{ status: string }>(`select status from outbox_jobs where kind = 'alert_sms'`)
  expect(jobs.map((j) => j.status)).toEqual(jobs.map(() => "sent"))
  expect(jobs.length).toBeGreaterThan(0)
  expect((await sentTexts()).map((t) => t.status)).toEqual(jobs.map(() => "sent"))
  expect(await db.query(`select 1 from dev_alerts where channel = 'sms'`)).toHaveLength(jobs.length)
})
