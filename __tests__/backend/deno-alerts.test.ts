/**
 * @jest-environment node
 *
 * Office alerts under Deno, as deployed: a lead stored by process-contact, its SMS and chat alert
 * delivered by dispatch-outbox to fake Twilio and chat servers, and acknowledge-lead refusing a
 * tampered link and taking the real one. The functions read the real clock, so the one contact
 * takes alerts after hours too: the alert goes at once whatever time the test runs.
 */
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import type { PGlite } from "@electric-sql/pglite"
import { CONTACTS, TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN, chatTextOf, smsOf, tokenIn } from "./alert-rig"
import { fakeServer, type FakeServer } from "./fake-servers"
import { ANON_KEY, bodies, freshDb } from "./helpers"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"

jest.setTimeout(180_000)

let pg: PGlite
let wire: PGLiteSocketServer
let databaseUrl: string
let twilio: FakeServer
let chat: FakeServer

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new PGLiteSocketServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  // Twilio fails twice first: the retries under Deno must deliver once.
  twilio = await fakeServer([500, 503, 200])
  chat = await fakeServer([200])
})
afterAll(async () => {
  stopDenoFunctions()
  await Promise.all([twilio.close(), chat.close()])
  await wire.stop()
  await pg.close()
})

const env = () => ({
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: twilio.url,
  ALERT_CHAT_WEBHOOK_URL: `${chat.url}/services/T000/B000/hook`,
  ALERT_CONTACTS: JSON.stringify([{ ...CONTACTS[0], afterHours: true }]),
  OUTBOX_BACKOFF_BASE_MS: "0",
})

const postJson = (url: string, body: object, headers: Record<string, string> = { apikey: ANON_KEY }) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })

test("a lead stored under Deno gets its SMS and chat alert, once, through Twilio failing twice; a tampered link is refused, the real one acknowledges", async () => {
  const contact = await serveUnderDeno("process-contact", databaseUrl, env())
  const request = { ...bodies.contact(), name: "Denise Deno" }
  const stored = await postJson(`${contact}/process-contact`, request)
  expect(stored.status).toBe(200)
  const { reference } = (await stored.json()) as { reference: string }

  const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, env())
  // The step runs in the first batch, its deliveries in the next ones; the backoff is 0.
  const run = await postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })
  expect(run.status).toBe(200)

  expect(twilio.received.map((r) => r.status)).toEqual([500, 503, 200])
  const [sms] = twilio.delivered().map(smsOf)
  expect(sms).toMatchObject({ to: CONTACTS[0]?.sms, from: TWILIO_FROM })
  expect(sms?.body.split("\n")[0]).toBe("New contact message from Denise Deno")
  expect(chat.delivered().map(chatTextOf)[0]).toMatch(/^<@U0DANA> \*New contact message from Denise Deno\*/)
  const deliveries = await pg.query<{ kind: string; status: string }>(
    `select kind, status from outbox_jobs where kind in ('alert_sms', 'alert_chat') order by kind`,
  )
  expect(deliveries.rows).toEqual([
    { kind: "alert_chat", status: "sent" },
    { kind: "alert_sms", status: "sent" },
  ])

  const acknowledge = await serveUnderDeno("acknowledge-lead", databaseUrl, env())
  const token = tokenIn(sms?.body ?? "")
  const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`
  const refused = await postJson(`${acknowledge}/acknowledge-lead`, { token: tampered, confirm: true })
  expect(refused.status).toBe(400)
  expect(await refused.json()).toMatchObject({ success: false, reason: "invalid" })

  const taken = await postJson(`${acknowledge}/acknowledge-lead`, { token, confirm: true })
  expect(taken.status).toBe(200)
  expect(await taken.json()).toMatchObject({ state: "acknowledged", acknowledgedBy: "Dana" })
  const row = await pg.query<{ acknowledged_by: string; alerted: boolean }>(
    `select acknowledged_by, first_alerted_at is not null as alerted from contact_messages where id = $1`,
    [reference],
  )
  expect(row.rows).toEqual([{ acknowledged_by: "Dana", alerted: true }])
})
