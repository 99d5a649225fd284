/**
 * @jest-environment node
 *
 * The pipeline check under Deno, as deployed, on a real Postgres server: check-pipeline sends its
 * synthetic request to process-simple-lead (another Deno function, woken on commit as on Supabase),
 * whose own worker delivers the test e-mail to a fake e-mail API; Twilio and chat are probed, the
 * outside switch pinged, and nothing is stored as a lead. Then the chat webhook is gone: the check
 * answers 503, e-mails the office naming it, and the switch hears nothing more.
 */
import postgres from "postgres"
import { migrate, postgresMigrationTarget } from "../../server/migrate"
import { alertEnv } from "./alert-rig"
import { fakeServer, fakeTwilio, type FakeServer } from "./fake-servers"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"
import { LIVE_CHAT, emailsOf } from "./pipeline-check-rig"
import { postgresBinDir, startRequiredPostgresCluster, type PostgresCluster } from "./postgres-cluster"
import { freePort } from "../../scripts/static-server"
import { bodies, postJson } from "./helpers"

jest.setTimeout(180_000)

let cluster: PostgresCluster
let sql: postgres.Sql
let databaseUrl: string
const servers: FakeServer[] = []

beforeAll(async () => {
  cluster = await startRequiredPostgresCluster(postgresBinDir())
  databaseUrl = await cluster.createDatabase("pipeline_check")
  sql = postgres(databaseUrl, { max: 2, onnotice: () => undefined })
  await migrate(postgresMigrationTarget(sql))
})
afterAll(async () => {
  stopDenoFunctions()
  await Promise.all(servers.map((s) => s.close()))
  await sql.end({ timeout: 5 })
  await cluster.stop()
})

test("check-pipeline under Deno: a pass pings the switch and stores no lead; a gone chat webhook answers 503 and e-mails the office", async () => {
  const [resend, twilio, chat, goneChat, ping] = await Promise.all([
    fakeServer([200]),
    fakeTwilio(),
    fakeServer(LIVE_CHAT),
    fakeServer([404]),
    fakeServer([200]),
  ])
  servers.push(resend, twilio, chat, goneChat, ping)
  const env = (chatUrl: string) => ({
    LOCAL_MAILBOX: "0",
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: resend.url,
    ...alertEnv({ twilio, chat: { url: chatUrl } }),
    PIPELINE_CHECK_SECRET: "deno-check-secret",
    PIPELINE_CHECK_PING_URL: `${ping.url}/ping`,
    DB_POOL_SIZE: "3",
    // Only this check's jobs: no daily run or weekly report queued beside them.
    PIPELINE_CHECK: "0",
    WEEKLY_REPORT: "0",
  })
  // The function the check calls delivers its own jobs right after answering, as on Supabase.
  const leads = await serveUnderDeno("process-simple-lead", databaseUrl, { ...env(chat.url), OUTBOX_WAKE: "1" })
  const run = async (chatUrl: string) => {
    const check = await serveUnderDeno("check-pipeline", databaseUrl, {
      ...env(chatUrl),
      PIPELINE_CHECK_FUNCTIONS_URL: leads,
    })
    return postJson(`${check}/check-pipeline`, { trigger: "deploy" }, { authorization: "Bearer deno-check-secret" })
  }

  const passed = await run(chat.url)
  const report = (await passed.json()) as { status: string; reference: string; durationMs: number }
  expect(passed.status).toBe(200)
  expect(report.status).toBe("passed")
  expect(ping.received).toHaveLength(1)
  expect(emailsOf(resend).map((e) => e.subject)).toEqual([
    `Pipeline check ${report.reference}: e-mail works, no action needed`,
  ])
  expect(await sql`select count(*)::int as n from leads`).toEqual([{ n: 0 }])
  expect(await sql`select kind from outbox_jobs`).toEqual([{ kind: "check_email" }])
  expect(twilio.received.filter((r) => r.method === "POST")).toEqual([])

  const failed = await run(goneChat.url)
  expect(failed.status).toBe(503)
  expect(((await failed.json()) as { error: string }).error).toBe(
    "The pipeline check failed: Team chat (the webhook is gone)",
  )
  expect(ping.received).toHaveLength(1)
  const notice = emailsOf(resend).find((e) => e.subject.startsWith("Pipeline check failed"))
  expect(notice?.text).toContain("ALERT_CHAT_WEBHOOK_URL")
})

test("under Deno, after 20+ ordinary requests from the check's own address, the signed check still passes", async () => {
  const [resend, twilio, chat, ping] = await Promise.all([
    fakeServer([200]),
    fakeTwilio(),
    fakeServer(LIVE_CHAT),
    fakeServer([200]),
  ])
  servers.push(resend, twilio, chat, ping)
  const env = {
    LOCAL_MAILBOX: "0",
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: resend.url,
    ...alertEnv({ twilio, chat }),
    PIPELINE_CHECK_SECRET: "deno-check-secret",
    PIPELINE_CHECK_PING_URL: `${ping.url}/ping`,
    DB_POOL_SIZE: "3",
    PIPELINE_CHECK: "0",
    WEEKLY_REPORT: "0",
    RATE_LIMIT_WINDOW_SECONDS: String(30 * 86_400),
  }
  const leads = await serveUnderDeno("process-simple-lead", databaseUrl, { ...env, OUTBOX_WAKE: "1" })
  // The test's requests and the check's come from 127.0.0.1, with no X-Forwarded-For: one address.
  const statuses: number[] = []
  for (let i = 0; i < 25; i++) {
    const response = await postJson(`${leads}/process-simple-lead`, bodies.booking())
    await response.arrayBuffer()
    statuses.push(response.status)
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(20)
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429])

  const check = await serveUnderDeno("check-pipeline", databaseUrl, { ...env, PIPELINE_CHECK_FUNCTIONS_URL: leads })
  const answer = await postJson(
    `${check}/check-pipeline`,
    { trigger: "manual" },
    { authorization: "Bearer deno-check-secret" },
  )
  const report = (await answer.json()) as { status: string; problems: unknown[] }
  expect(report.problems).toEqual([])
  expect(answer.status).toBe(200)
  expect(report.status).toBe("passed")
  expect((await postJson(`${leads}/process-simple-lead`, bodies.booking())).status).toBe(429)
})

test("under Deno, the database down: check-pipeline answers 503 at once naming it, and e-mails the office straight through the e-mail API", async () => {
  const [resend, twilio, chat] = await Promise.all([fakeServer([200]), fakeTwilio(), fakeServer(LIVE_CHAT)])
  servers.push(resend, twilio, chat)
  const nowhere = `postgres://postgres:postgres@127.0.0.1:${await freePort()}/postgres`
  const check = await serveUnderDeno("check-pipeline", nowhere, {
    LOCAL_MAILBOX: "0",
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: resend.url,
    ...alertEnv({ twilio, chat }),
    PIPELINE_CHECK_SECRET: "deno-check-secret",
    PIPELINE_CHECK_FUNCTIONS_URL: "http://127.0.0.1:9",
  })
  const from = Date.now()
  const answer = await postJson(
    `${check}/check-pipeline`,
    { trigger: "daily" },
    { authorization: "Bearer deno-check-secret" },
  )
  const report = (await answer.json()) as { status: string; problems: Array<{ code: string }>; notified: string[] }
  expect(answer.status).toBe(503)
  expect(Date.now() - from).toBeLessThan(10_000)
  expect(report.status).toBe("failed")
  expect(report.problems.map((p) => p.code)).toEqual(["database"])
  expect(report.notified).toEqual(["email", "chat"])
  expect(emailsOf(resend).map((e) => e.subject)).toContain(
    "Pipeline check failed: The database (the check could not run)",
  )
})
