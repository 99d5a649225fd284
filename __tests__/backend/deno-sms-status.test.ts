/**
 * @jest-environment node
 *
 * The status webhook as it deploys: supabase/functions/sms-status under Deno, against a real Postgres
 * wire server. Unsigned posts are refused, a SID we never sent is answered and forgotten, and an alert
 * SMS Twilio reports undelivered dies with Twilio's error code, its "not delivered" notice queued once.
 */
import type { PGlite } from "@electric-sql/pglite"
import twilio from "twilio"
import { TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN } from "./alert-rig"
import { withDenoFunctions } from "./deno-server"
import { messageSid, TEXT_ENV, WEBHOOK_BASE } from "./text-rig"

jest.setTimeout(180_000)

const STATUS_URL = `${WEBHOOK_BASE}/sms-status`

let pg: PGlite
const deno = withDenoFunctions(
  ["sms-status"],
  {
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM,
    // Nothing is sent here (no wake); a closed port if anything tried.
    TWILIO_API_URL: "http://127.0.0.1:9",
    ...TEXT_ENV,
  },
  (opened) => {
    pg = opened
  },
)

const send = (params: Readonly<Record<string, string>>, signed = true) =>
  fetch(`${deno.url("sms-status")}/sms-status`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signed ? { "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_TOKEN, STATUS_URL, params) } : {}),
    },
    body: new URLSearchParams(params).toString(),
  })

const rows = async (sql: string, params: string[]) => (await pg.query(sql, params)).rows

/** An alert SMS the outbox sent, and its SID kept as the SMS channel keeps it. */
async function sentAlert(): Promise<{ jobId: string; sid: string }> {
  const sid = messageSid()
  const inserted = await pg.query<{ id: string }>(
    `insert into outbox_jobs (kind, dedupe_key, payload, status, attempts, delivered_at)
     values ('alert_sms', $1, $2::jsonb, 'sent', 1, now()) returning id`,
    [`alert:test:${sid}`, JSON.stringify({ to: "+19145550123", body: "New lead" })],
  )
  const jobId = inserted.rows[0]?.id ?? ""
  await pg.query(
    `insert into sent_texts (message_sid, job_id, kind, status, status_rank, sent_at, status_at)
     values ($1, $2, 'alert_sms', 'queued', 0, now(), now())`,
    [sid, jobId],
  )
  return { jobId, sid }
}

test("an unsigned status is refused with 403 under Deno, and nothing is kept", async () => {
  const { sid } = await sentAlert()
  expect((await send({ MessageSid: sid, MessageStatus: "failed" }, false)).status).toBe(403)
  expect(await rows(`select status from sent_texts where message_sid = $1`, [sid])).toEqual([{ status: "queued" }])
})

test("a SID we never sent is answered 200 under Deno and nothing is stored", async () => {
  const sid = messageSid()
  expect((await send({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(200)
  expect(await rows(`select 1 from sent_texts where message_sid = $1`, [sid])).toHaveLength(0)
})

test("an alert SMS reported undelivered dies under Deno with Twilio's code, its notice queued once", async () => {
  const { jobId, sid } = await sentAlert()
  for (let i = 0; i < 2; i++)
    expect((await send({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30007" })).status).toBe(200)
  expect(await rows(`select status, error_code from sent_texts where message_sid = $1`, [sid])).toEqual([
    { status: "undelivered", error_code: "30007" },
  ])
  const [job] = await rows(`select status, last_error from outbox_jobs where id = $1`, [jobId])
  expect(job).toEqual({
    status: "dead",
    last_error: "Twilio reported the text undelivered (error 30007): it did not reach the phone",
  })
  expect(await rows(`select kind from outbox_jobs where payload->>'failedJob' = $1`, [jobId])).toHaveLength(1)
})
