/**
 * @jest-environment node
 *
 * kill -9 of the local backend (its own Node process, as `npm run backend` runs it) in the middle of its
 * deliveries, 20 leads in flight, then a restart on the same data folder: every lead's SMS alert, office
 * notice and visitor's e-mail goes out within 30 s of the restart, each once. The backend is killed
 * while Twilio holds requests it never took (the kill before the provider had them), while Twilio holds
 * requests it took (sent, answer held), and at the moment Twilio answers (before the backend settles,
 * or just after: a signal does not choose). Fake Twilio and a fake e-mail API honouring Idempotency-Key,
 * on 127.0.0.1, answer at once after the restart. Every point of a run, deterministically, in-process:
 * outbox-crash.test.ts.
 */
import { freePort } from "../../scripts/static-server"
import { backendUp, spawnBackend, type BackendProcess } from "./backend-process"
import { AFTER_HANG_UP, closedAfterEach, fakeEmailApi, fakeTwilio } from "./fake-servers"
import { alertEnv, CONTACTS } from "./alert-rig"
import { ANON_KEY, bodies, NO_CUSTOMER_BUDGET, TEST_IP_HASH_SALT } from "./helpers"
import { dataDirFrom, tempFolders } from "./migrated-template"

jest.setTimeout(300_000)

const servers = closedAfterEach()
const { empty } = tempFolders()

const LEADS = 20
const RESTART_TARGET_MS = 30_000

type KillPoint = "Twilio has not taken them" | "Twilio took them and holds its answers" | "Twilio has answered"

async function killAndRestart(point: KillPoint) {
  // The first life: Twilio and the e-mail API hold their answers (or, for the first point, Twilio sends nothing).
  let firstLife = true
  const twilio = await fakeTwilio({
    answerAfterMs: () => (firstLife && point !== "Twilio has answered" ? AFTER_HANG_UP : 0),
    status: () => (firstLife && point === "Twilio has not taken them" ? 500 : 201),
  })
  const email = await fakeEmailApi(() => (firstLife ? AFTER_HANG_UP : 0))
  servers.push(twilio, email)
  const dir = await dataDirFrom("migrated", `${empty("outbox-kill-")}/data`)
  const contact = { name: CONTACTS[0]?.name, sms: CONTACTS[0]?.sms, afterHours: true }
  const env = async () => ({
    ...alertEnv({ twilio, chat: { url: "http://127.0.0.1:9" } }),
    // No chat: a webhook cannot be looked up (outbox-crash.test.ts counts its one repeat).
    ALERT_CHAT_WEBHOOK_URL: "",
    ALERT_CONTACTS: JSON.stringify([contact]),
    ALERT_SMS_PER_HOUR: "1000",
    ALERT_SMS_PER_DAY: "1000",
    // Longer than the first life lasts: the backend is killed while it waits for the answers.
    ALERT_TIMEOUT_MS: "20000",
    RESEND_API_KEY: "re_test",
    RESEND_API_URL: email.url,
    // 20 leads from one address: the visitors' e-mails past its budget would never come.
    ...NO_CUSTOMER_BUDGET,
    DATABASE_URL: "",
    PGLITE_DIR: dir,
    API_PORT: String(await freePort()),
    DB_PORT: String(await freePort()),
    SUPABASE_ANON_KEY: ANON_KEY,
    IP_HASH_SALT: TEST_IP_HASH_SALT,
    MIN_FORM_FILL_MS: "0",
    RATE_LIMIT_MAX: "0",
    TURNSTILE_SECRET_KEY: "",
    OUTBOX_INTERVAL_MS: "1000",
    OUTBOX_BACKOFF_BASE_MS: "1000",
  })
  const urlOf = (backend: BackendProcess) => /Functions API:\s+(\S+)\/functions\/v1/.exec(backend.output())?.[1] ?? ""

  const first = spawnBackend(await env())
  let names: string[] = []
  try {
    await backendUp(first)
    names = Array.from({ length: LEADS }, (_, i) => `Kill Lead ${String(i + 1).padStart(2, "0")}`)
    for (const name of names) {
      const response = await fetch(`${urlOf(first)}/functions/v1/process-contact`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: ANON_KEY },
        body: JSON.stringify({ ...bodies.contact(), name }),
      })
      expect(response.status).toBe(200)
    }
    // Killed once Twilio has the first requests of the SMS lane (sent or not, answered or held).
    if (point === "Twilio has not taken them")
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (twilio.received.filter((r) => r.method === "POST").length >= 3) {
            clearInterval(check)
            resolve()
          }
        }, 1)
      })
    else await twilio.untilSent(3)
  } finally {
    first.child.kill("SIGKILL")
    await first.exited
  }
  const inFirstLife = { sms: twilio.messages.length, emails: email.sent().length }

  firstLife = false
  const restartedAt = performance.now()
  const second = spawnBackend(await env())
  try {
    await backendUp(second)
    const upAt = performance.now()
    const alertOf = (name: string) =>
      twilio.messages.filter((m) => m.body.startsWith(`New contact message from ${name}`))
    const notices = () => email.sent().length
    // Each lead's office notice and its visitor's confirmation: the alert e-mail is the notice (the one inbox).
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (names.every((name) => alertOf(name).length > 0) && notices() >= 2 * LEADS) {
          clearInterval(check)
          resolve()
        }
      }, 5)
    })
    const doneAt = performance.now()
    // Stopped cleanly (its worker's run ends first): nothing it still had in hand can add a copy after the count.
    second.child.kill("SIGTERM")
    await second.exited
    const perAlert = names.map((name) => alertOf(name).length)
    const keys = email.received.map((r) => String(r.headers["idempotency-key"]))
    console.log(
      `kill -9 when ${point}: ${inFirstLife.sms} SMS and ${inFirstLife.emails} e-mails out before the kill; after the restart every notice out ${((doneAt - upAt) / 1000).toFixed(2)} s after the backend was up (${((doneAt - restartedAt) / 1000).toFixed(2)} s after its start); Twilio POSTs ${twilio.received.filter((r) => r.method === "POST").length}, look-ups ${twilio.received.filter((r) => r.method === "GET").length}; e-mail posts ${keys.length} for ${new Set(keys).size} keys`,
    )
    expect(perAlert).toEqual(names.map(() => 1))
    expect(notices()).toBe(2 * LEADS)
    expect(doneAt - upAt).toBeLessThanOrEqual(RESTART_TARGET_MS)
  } finally {
    second.child.kill("SIGTERM")
    await second.exited
  }
}

test.each<KillPoint>(["Twilio has not taken them", "Twilio took them and holds its answers", "Twilio has answered"])(
  "kill -9 with 20 leads in flight when %s: after the restart each lead's SMS alert and e-mails go out once, within 30 s",
  async (point) => {
    await killAndRestart(point)
  },
)
