/** @jest-environment node */
/**
 * A customer's reply to one of our texts (any text that is no keyword) reaches the office: kept on the
 * newest request with that number, and alerted as a message that came by text ("New text from <name>"
 * with its words), escalated like any request; from a number we know nothing of, under the number. A
 * number that keeps texting alerts the office at most TEXT_REPLIES_PER_NUMBER times a window.
 */
import type { Db } from "../../supabase/functions/_shared/db"
import {
  alertConfig,
  alertRig,
  CONTACTS,
  handClock,
  smsOf,
  TUESDAY_10AM,
  TWILIO_TOKEN,
  type Providers,
} from "./alert-rig"
import { bodies, post } from "./helpers"
import { postText, TEXT_ENV, textParams, withTextProviders } from "./text-rig"

let db: Db
let providers: Providers
withTextProviders((fresh, opened) => {
  db = fresh
  providers = opened
})

const DANA = CONTACTS[0]?.sms ?? ""
const TOM = "+19145550199"

const rig = (env: Record<string, string> = {}) => {
  const clock = handClock(TUESDAY_10AM)
  return { clock, ...alertRig(db, alertConfig(providers, { ...TEXT_ENV, ...env }), clock) }
}

/** The alert texts Dana got, after the booking's own alert. */
const alertsToDana = () =>
  providers.twilio.received
    .filter((r) => r.method === "POST")
    .map(smsOf)
    .filter((m) => m.to === DANA)
    .map((m) => m.body)

test("a reply is kept on the customer's request and the office is alerted: New text from <name>, with the text", async () => {
  const { app, dispatch, clock } = rig()
  const booking = bodies.booking()
  expect((await post(app, "process-simple-lead", booking)).status).toBe(200)
  await dispatch()
  const before = alertsToDana().length
  clock.advance(3_600_000)
  const params = textParams("Can you come at 3 instead?", TOM)
  expect((await postText(app, { token: TWILIO_TOKEN, params })).status).toBe(200)
  await dispatch()
  const [lead] = await db.query<{ id: string }>(`select id from leads where submission_id = $1`, [booking.submissionId])
  const [kept] = await db.query<{ lead_id: string; message_id: string }>(
    `select lead_id, message_id from inbound_texts where message_sid = $1`,
    [params.MessageSid],
  )
  expect(kept?.lead_id).toBe(lead?.id)
  const [message] = await db.query<{
    channel: string
    name: string
    message: string
    phone_e164: string
    reference: string
  }>(`select channel, name, message, phone_e164, reference from contact_messages where id = $1`, [
    kept?.message_id ?? "",
  ])
  expect(message).toEqual({
    channel: "sms",
    name: "Tom Hale",
    message: "Can you come at 3 instead?",
    phone_e164: TOM,
    reference: message?.reference,
  })
  expect(message?.reference).toMatch(/^WEB\d{6}$/)
  const texts = alertsToDana().slice(before)
  expect(texts).toHaveLength(1)
  expect(texts[0]).toContain("New text from Tom Hale")
  expect(texts[0]).toContain("Can you come at 3 instead?")
  expect(texts[0]).toMatch(/\/office\/acknowledge\/#t=/)
})

test("a text from a number we know nothing of is a new message under the number", async () => {
  const { app, dispatch } = rig()
  const params = textParams("Do you do bed bugs in Rye?", "+19145550188")
  await postText(app, { token: TWILIO_TOKEN, params })
  await dispatch()
  const [kept] = await db.query<{ lead_id: string | null; contact_message_id: string | null; message_id: string }>(
    `select lead_id, contact_message_id, message_id from inbound_texts where message_sid = $1`,
    [params.MessageSid],
  )
  expect(kept?.lead_id).toBeNull()
  expect(kept?.contact_message_id).toBeNull()
  expect(kept?.message_id).toBeTruthy()
  const texts = alertsToDana()
  expect(texts).toHaveLength(1)
  expect(texts[0]).toContain("New text from (914) 555-0188")
  expect(texts[0]).toContain("Do you do bed bugs in Rye?")
})

test("YES from a number that never opted out is a reply for the office, not an opt-in", async () => {
  const { app, dispatch } = rig()
  const params = textParams("YES", "+19145550186")
  const response = await postText(app, { token: TWILIO_TOKEN, params })
  expect(await response.text()).not.toContain("<Message>")
  await dispatch()
  const [kept] = await db.query<{ kind: string }>(`select kind from inbound_texts where message_sid = $1`, [
    params.MessageSid,
  ])
  expect(kept?.kind).toBe("reply")
  expect(await db.query(`select id from sms_consent_events where phone_e164 = $1`, ["+19145550186"])).toEqual([])
  const texts = alertsToDana()
  expect(texts).toHaveLength(1)
  expect(texts[0]).toContain("YES")
})

test("a retry of a reply alerts nobody twice", async () => {
  const { app, dispatch } = rig()
  const params = textParams("Running late, 10 min", "+19145550187")
  await postText(app, { token: TWILIO_TOKEN, params })
  await postText(app, { token: TWILIO_TOKEN, params })
  await dispatch()
  expect(alertsToDana()).toHaveLength(1)
  expect(
    await db.query(`select id from contact_messages where channel = 'sms' and phone_e164 = $1`, ["+19145550187"]),
  ).toHaveLength(1)
})

test("a number that keeps texting alerts the office TEXT_REPLIES_PER_NUMBER times a window; the rest are kept", async () => {
  const { app, dispatch } = rig({ TEXT_REPLIES_PER_NUMBER: "2" })
  for (const n of [1, 2, 3, 4]) await postText(app, { token: TWILIO_TOKEN, params: textParams(`text ${n}`, TOM) })
  await dispatch()
  expect(
    await db.query(`select id from contact_messages where channel = 'sms' and phone_e164 = $1`, [TOM]),
  ).toHaveLength(2)
  expect(await db.query(`select message_sid from inbound_texts where from_e164 = $1`, [TOM])).toHaveLength(4)
})

test("no number appears in the webhook's logs", async () => {
  const lines: string[] = []
  const spies = (["log", "info", "warn", "error"] as const).map((level) =>
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "))
    }),
  )
  try {
    const { app, dispatch } = rig()
    await postText(app, { token: TWILIO_TOKEN, params: textParams("hello there", TOM) })
    await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", TOM), signature: "forged" })
    await dispatch()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  expect(lines.filter((line) => /555.?0199|5550199/.test(line))).toEqual([])
})
