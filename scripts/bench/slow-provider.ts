/**
 * `npm run bench:slow-provider`: one slow provider must hold up no other. The local backend in its own
 * process (as `npm run backend` serves it, the worker woken on commit), an e-mail API that holds every
 * request EMAIL_HOLD_MS, fake Twilio on 127.0.0.1; LEADS leads one after the other, each from its own
 * address. Prints, for each, the time from its answer (200) to its first SMS alert at Twilio, and
 * exits 1 if any but the first (a cold process) took more than SMS_TARGET_MS. The Jest test of the same
 * path: __tests__/backend/outbox-slow-provider.test.ts.
 */
import { alertEnv, CONTACTS } from "../../__tests__/backend/alert-rig"
import { fakeServer, fakeTwilio } from "../../__tests__/backend/fake-servers"
import { bodies } from "../../__tests__/backend/helpers"
import { LOCAL_ANON_KEY } from "../../supabase/functions/_shared/kernel/local-defaults"
import { startBackendProcess, visitorIp } from "./backend-process"

const EMAIL_HOLD_MS = 30_000
const SMS_TARGET_MS = 2_000
const LEADS = 10

async function main() {
  const twilio = await fakeTwilio()
  const email = await fakeServer([200], EMAIL_HOLD_MS)
  const backend = await startBackendProcess({
    ...alertEnv({ twilio, chat: { url: "http://127.0.0.1:9" } }),
    ALERT_CHAT_WEBHOOK_URL: "",
    ALERT_CONTACTS: JSON.stringify([{ name: CONTACTS[0]?.name, sms: CONTACTS[0]?.sms, afterHours: true }]),
    ALERT_SMS_PER_HOUR: "1000",
    ALERT_SMS_PER_DAY: "1000",
    RESEND_API_KEY: "re_bench",
    RESEND_API_URL: email.url,
    MIN_FORM_FILL_MS: "0",
    RATE_LIMIT_MAX: "0",
    TURNSTILE_SECRET_KEY: "",
  })
  const delays: number[] = []
  try {
    for (let i = 0; i < LEADS; i++) {
      const name = `Slow Provider Lead ${i + 1}`
      const before = twilio.messages.length
      const response = await fetch(`${backend.base}/functions/v1/process-contact`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: LOCAL_ANON_KEY, "x-forwarded-for": visitorIp(i + 1) },
        body: JSON.stringify({ ...bodies.contact(), name }),
      })
      const answeredAt = performance.now()
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`lead ${i + 1} was answered ${response.status}`)
      await twilio.untilSent(before + 1)
      delays.push(performance.now() - answeredAt)
    }
  } finally {
    await backend.stop()
    await twilio.close()
    await email.close()
  }
  const answered = email.received.filter((r) => r.answeredAt !== undefined).length
  const [first, ...rest] = delays
  const worst = Math.max(...rest)
  const sorted = [...rest].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  const ok = worst <= SMS_TARGET_MS
  console.log(
    `\n${ok ? "PASS" : "FAIL"}  a new lead's first SMS alert while the e-mail API holds every request ${EMAIL_HOLD_MS / 1000} s` +
      `\n      leads: ${LEADS}, one after the other` +
      `\n      lead's answer → its SMS alert at Twilio, first lead (cold process): ${Math.round(first ?? Number.NaN)} ms` +
      `\n      the ${rest.length} after it (median / max): ${Math.round(median)} / ${Math.round(worst)} ms (target ≤ ${SMS_TARGET_MS} ms)` +
      `\n      each: ${delays.map((d) => Math.round(d)).join(", ")} ms` +
      `\n      e-mail requests sent / answered meanwhile: ${email.received.length} / ${answered}\n`,
  )
  process.exitCode = ok ? 0 : 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
