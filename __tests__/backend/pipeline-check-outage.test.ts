/** @jest-environment node */
/**
 * The pipeline check with the database down: check-pipeline answers 503 at once, naming the database,
 * and the office is told straight through the providers (the e-mail API and the chat webhook; no
 * outbox, no local page, which need the database). A check called again and again while the database
 * stays down tells the office at most OUTAGE_NOTICES_PER_HOUR times an hour, and each answer still
 * says the check failed. A database that takes connections but never answers is down too, and a
 * setting with no provider at all still answers that the check failed, saying nobody could be told.
 */
import net from "node:net"
import postgres from "postgres"
import { createApp } from "../../supabase/functions/_shared/app"
import { postgresDb, RESTART_SAFE_OPTIONS } from "../../supabase/functions/_shared/db"
import { OUTAGE_NOTICES_PER_HOUR } from "../../supabase/functions/_shared/pipeline-check/outage"
import { freePort } from "../../scripts/static-server"
import { alertEnv, chatTextOf } from "./alert-rig"
import { closedAfterEach, fakeServer, fakeTwilio } from "./fake-servers"
import { emailsOf, LIVE_CHAT } from "./pipeline-check-rig"
import { testConfig } from "./helpers"

jest.setTimeout(60_000)

const SECRET = "outage-check-secret"
const extra = closedAfterEach()
const ends: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(ends.splice(0).map((end) => end()))
})

/** A database at an address nothing listens on: every statement fails to connect. */
async function downDb(url?: string) {
  const sql = postgres(url ?? `postgres://postgres:postgres@127.0.0.1:${await freePort()}/postgres`, {
    max: 1,
    connect_timeout: 30,
    onnotice: () => undefined,
    ...RESTART_SAFE_OPTIONS,
  })
  ends.push(() => sql.end({ timeout: 1 }))
  return postgresDb(sql)
}

async function outage(env: Record<string, string> = {}, url?: string, { providers = true } = {}) {
  const [resend, twilio, chat] = await Promise.all([fakeServer([200]), fakeTwilio(), fakeServer(LIVE_CHAT)])
  extra.push(resend, twilio, chat)
  const config = testConfig({
    ...(providers ? { RESEND_API_KEY: "re_test_key", RESEND_API_URL: resend.url, ...alertEnv({ twilio, chat }) } : {}),
    PIPELINE_CHECK_SECRET: SECRET,
    PIPELINE_CHECK_FUNCTIONS_URL: "http://127.0.0.1:9/functions/v1",
    ...env,
  })
  const app = createApp({ db: await downDb(url), config })
  const check = async () => {
    const from = Date.now()
    const response = await app.request("/functions/v1/check-pipeline", {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ trigger: "daily" }),
    })
    const report = (await response.json()) as {
      success: boolean
      error: string
      status: string
      problems: Array<{ code: string; name: string; detail: string; todo: string }>
      notified: string[]
      notTold?: string
    }
    return { status: response.status, report, ms: Date.now() - from }
  }
  return { check, resend, twilio, chat }
}

const failureNotices = (server: Parameters<typeof emailsOf>[0]) =>
  emailsOf(server).filter((e) => e.subject === "Pipeline check failed: The database (the check could not run)")

test("the database down: 503 at once naming it, and the office told by e-mail and chat straight through the providers", async () => {
  const { check, resend, chat, twilio } = await outage()
  const { status, report, ms } = await check()
  expect(status).toBe(503)
  expect(report.success).toBe(false)
  expect(report.error).toBe("The pipeline check failed: The database (the check could not run)")
  expect(report.status).toBe("failed")
  expect(report.problems.map((p) => p.code)).toEqual(["database"])
  expect(report.problems[0]?.detail).toMatch(/^The check could not use the database: .*ECONNREFUSED/)
  expect(report.notified).toEqual(["email", "chat"])
  expect(ms).toBeLessThan(10_000)
  const [notice, ...more] = failureNotices(resend)
  expect(more.every((e) => e.subject === notice?.subject)).toBe(true)
  expect(notice?.text).toContain("status.supabase.com")
  expect(chat.delivered().map(chatTextOf).join("\n")).toContain("The database (the check could not run)")
  // E-mail carried it: no text.
  expect(twilio.delivered()).toEqual([])
})

test("called again and again while the database is down: told at most 3 times an hour, each answer still 503", async () => {
  const { check, chat } = await outage()
  const answers = []
  for (let i = 0; i < 10; i++) answers.push(await check())
  expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 503))
  const told = answers.filter((a) => a.report.notified.length > 0)
  expect(told).toHaveLength(OUTAGE_NOTICES_PER_HOUR)
  expect(
    answers.slice(OUTAGE_NOTICES_PER_HOUR).every((a) => a.report.notTold?.startsWith("already told 3 times")),
  ).toBe(true)
  expect(chat.delivered().filter((r) => r.body !== "{}")).toHaveLength(OUTAGE_NOTICES_PER_HOUR)
})

test("e-mail down too: chat carries it; e-mail and chat both down: SMS does", async () => {
  const resendDown = await fakeServer(() => 500)
  const chatDown = await fakeServer(() => 500)
  extra.push(resendDown, chatDown)
  const emailDown = await outage({ RESEND_API_URL: resendDown.url })
  const first = await emailDown.check()
  expect(first.status).toBe(503)
  expect(first.report.notified).toEqual(["chat"])
  // Chat took it, so no text: SMS only when nothing else did, as for any failed check.
  expect(emailDown.twilio.delivered()).toEqual([])

  const bothDown = await outage({ RESEND_API_URL: resendDown.url, ALERT_CHAT_WEBHOOK_URL: `${chatDown.url}/hook` })
  const second = await bothDown.check()
  expect(second.status).toBe(503)
  expect(second.report.notified).toEqual(["sms"])
  expect(bothDown.twilio.delivered()).toHaveLength(1)
})

test("a database that takes the connection and never answers is down too: 503 within a third of the check's time", async () => {
  const sockets: net.Socket[] = []
  const silent = net.createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
  ends.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        silent.close(() => resolve())
      }),
  )
  const address = silent.address()
  if (!address || typeof address === "string") throw new Error("no port")
  const { check, resend } = await outage(
    { PIPELINE_CHECK_TIMEOUT_MS: "3000" },
    `postgres://postgres:postgres@127.0.0.1:${address.port}/postgres`,
  )
  const { status, report, ms } = await check()
  expect(status).toBe(503)
  expect(report.problems[0]?.detail).toBe(
    "The check could not use the database: Error: no answer from the database in 1 s",
  )
  expect(ms).toBeLessThan(5_000)
  expect(failureNotices(resend).length).toBeGreaterThan(0)
})

test("with no provider set (the local backend's channels need the database): 503, saying nobody could be told", async () => {
  const { check } = await outage({}, undefined, { providers: false })
  const { status, report } = await check()
  expect(status).toBe(503)
  expect(report.notified).toEqual([])
  expect(report.notTold).toContain("no provider took the notice")
})
