/**
 * @jest-environment node
 *
 * The inbound-text webhook as it deploys: supabase/functions/receive-text under Deno, against a real
 * Postgres wire server. Twilio's signature is checked over the configured public URL (the function is
 * reached at another address, as behind Supabase's gateway), a STOP is recorded once whatever the
 * retries, a Spanish opt-out is answered in Spanish, and a reply reaches the office as a message.
 */
import type { PGlite } from "@electric-sql/pglite"
import twilio from "twilio"
import { COMPANY } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { EMPTY_TWIML } from "../../supabase/functions/_shared/twilio/twiml"
import { TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN } from "./alert-rig"
import { withDenoFunctions } from "./deno-server"
import { messageOf, TEXT_ENV, TEXT_URL, textParams } from "./text-rig"

jest.setTimeout(180_000)

let pg: PGlite
const deno = withDenoFunctions(
  ["receive-text"],
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

/** A text posted to the Deno function, signed (unless `signed` is false) by the `twilio` package over the public URL. */
const send = (params: Readonly<Record<string, string>>, signed = true) =>
  fetch(`${deno.url("receive-text")}/receive-text`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signed ? { "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_TOKEN, TEXT_URL, params) } : {}),
    },
    body: new URLSearchParams(params).toString(),
  })

const rows = async (sql: string, params: string[]) => (await pg.query(sql, params)).rows

test("an unsigned text is refused with 403 under Deno, and nothing is stored", async () => {
  const params = textParams("STOP", "+19145550301")
  expect((await send(params, false)).status).toBe(403)
  expect(await rows(`select 1 from inbound_texts where message_sid = $1`, [params.MessageSid])).toHaveLength(0)
})

test("STOP is recorded once under Deno, however often Twilio retries it", async () => {
  const params = textParams("STOP", "+19145550302")
  const answers = [await send(params), await send(params)]
  for (const answer of answers) {
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(EMPTY_TWIML)
  }
  expect(await rows(`select event from sms_consent_events where phone_e164 = $1`, ["+19145550302"])).toEqual([
    { event: "opt_out" },
  ])
})

test("PARAR is answered in Spanish with the company's name under Deno", async () => {
  const answer = await send(textParams("Parar", "+19145550303"))
  const text = messageOf(await answer.text())
  expect(text).toContain(COMPANY.name)
  expect(text).toMatch(/se ha dado de baja/)
})

test("a reply is stored under Deno as a message that came by text, with its alerts queued", async () => {
  const params = textParams("Can you come at 3 instead?", "+19145550304")
  expect((await send(params)).status).toBe(200)
  const messages = await rows(
    `select m.channel, m.message from inbound_texts t join contact_messages m on m.id = t.message_id
     where t.message_sid = $1`,
    [params.MessageSid],
  )
  expect(messages).toEqual([{ channel: "sms", message: "Can you come at 3 instead?" }])
  // Its first alert, or its step after opening time when the office is closed now: either is the message's.
  const jobs = await rows(
    `select j.kind from outbox_jobs j join inbound_texts t on t.message_id = j.contact_message_id
     where t.message_sid = $1`,
    [params.MessageSid],
  )
  expect(jobs.length).toBeGreaterThan(0)
})
