/**
 * @jest-environment node
 *
 * One slow provider holds up no other: the local backend (in this process, the worker woken on commit
 * as in use) with an e-mail API that holds every request 30 s. Each new lead's first SMS alert goes out
 * within 2 s of its answer, while the e-mail lane is still waiting on its first requests. Before, a wake
 * during a run only asked for another run after it, and the run went on as long as the e-mail lane did:
 * the SMS of a lead that came in meanwhile waited 20 to 43 s. The figure, from its own process:
 * `npm run bench:slow-provider`.
 */
import { startBackend, type RunningBackend } from "../../server/backend"
import { alertEnv, CONTACTS } from "./alert-rig"
import { closedAfterEach, fakeServer, fakeTwilio, type FakeTwilio, type WatchedServer } from "./fake-servers"
import { ANON_KEY, bodies, TEST_IP_HASH_SALT } from "./helpers"

jest.setTimeout(180_000)

const servers = closedAfterEach()
const SMS_TARGET_MS = 2_000
const EMAIL_HOLD_MS = 30_000

let backend: RunningBackend | undefined
afterEach(async () => {
  await backend?.stop()
  backend = undefined
})

async function lead(name: string, twilio: FakeTwilio, running: RunningBackend): Promise<number> {
  const before = twilio.messages.length
  const response = await fetch(`${running.url}/functions/v1/process-contact`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify({ ...bodies.contact(), name }),
  })
  const answeredAt = performance.now()
  expect(response.status).toBe(200)
  await twilio.untilSent(before + 1)
  expect(twilio.messages[before]?.body.split("\n")[0]).toBe(`New contact message from ${name}`)
  return performance.now() - answeredAt
}

test("with the e-mail API holding every call 30 s, each new lead's SMS alert goes out within 2 s", async () => {
  const twilio = await fakeTwilio()
  const email: WatchedServer = await fakeServer([200], EMAIL_HOLD_MS)
  servers.push(twilio, email)
  const env: Record<string, string> = {
    ...alertEnv({ twilio, chat: { url: "http://127.0.0.1:9" } }),
    ALERT_CHAT_WEBHOOK_URL: "",
    ALERT_CONTACTS: JSON.stringify([{ name: CONTACTS[0]?.name, sms: CONTACTS[0]?.sms, afterHours: true }]),
    ALERT_SMS_PER_HOUR: "1000",
    ALERT_SMS_PER_DAY: "1000",
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: email.url,
    // The default timeouts (5 s for the office's e-mails, 10 s for the visitor's): each e-mail try hangs to its end.
    SUPABASE_ANON_KEY: ANON_KEY,
    IP_HASH_SALT: TEST_IP_HASH_SALT,
    MIN_FORM_FILL_MS: "0",
    RATE_LIMIT_MAX: "0",
    TURNSTILE_SECRET_KEY: "",
    WEEKLY_REPORT: "0",
    PIPELINE_CHECK: "0",
  }
  backend = await startBackend({ dbPort: null, apiPort: 0, env })
  // The first lead after the start also meets a cold process (its first statements, its first sweep).
  const first = await lead("First Lead", twilio, backend)
  // The e-mail lane is busy from here on: its requests hang (the first lead's SMS may be out before its e-mails left).
  await email.untilReceived(1)
  const delays: number[] = []
  for (const name of ["Second Lead", "Third Lead", "Fourth Lead"]) delays.push(await lead(name, twilio, backend))
  // Every SMS went out while the e-mail API had answered nothing yet.
  expect(email.received.every((r) => r.answeredAt === undefined)).toBe(true)
  console.log(
    `SMS alert after the lead's answer, the e-mail API hanging: first lead ${Math.round(first)} ms, then ${delays.map((d) => `${Math.round(d)} ms`).join(", ")}`,
  )
  expect(Math.max(...delays)).toBeLessThan(SMS_TARGET_MS)
})
