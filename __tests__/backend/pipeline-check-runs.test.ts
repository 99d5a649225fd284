/** @jest-environment node */
/**
 * How the pipeline check is run: daily at PIPELINE_CHECK_TIME on the company's clock
 * (daylight saving exact) by an outbox job that starts it in the background and queues the next day's;
 * on demand through the check-pipeline function, behind its secret, answering 200, 503 or 409; and its
 * settings refused at start when they cannot work.
 */
import { configFromEnv } from "../../supabase/functions/_shared/config"
import { nextDailyCheck } from "../../supabase/functions/_shared/pipeline-check/daily-check"
import { CHECK_SECRET, checkRig, emailsOf, type CheckRig, type CheckRigOptions } from "./pipeline-check-rig"
import { TEST_IP_HASH_SALT } from "./helpers"

jest.setTimeout(60_000)

const rigs: CheckRig[] = []
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.close()))
})
async function rigWith(options: CheckRigOptions = {}) {
  const rig = await checkRig(options)
  rigs.push(rig)
  return rig
}

describe("the daily check's time, on the company's clock", () => {
  test.each([
    ["an ordinary Tuesday, before the time", "2026-03-03T11:00:00Z", "2026-03-03", "2026-03-03T12:30:00Z"],
    ["the same Tuesday, after it: Wednesday's", "2026-03-03T13:00:00Z", "2026-03-04", "2026-03-04T12:30:00Z"],
    ["the night the clocks go forward (01:00 EST)", "2026-03-08T06:00:00Z", "2026-03-08", "2026-03-08T11:30:00Z"],
    ["the evening before they go back (21:00 EDT)", "2026-11-01T01:00:00Z", "2026-11-01", "2026-11-01T12:30:00Z"],
    [
      "Thanksgiving: the pipeline is checked on holidays too",
      "2026-11-26T10:00:00Z",
      "2026-11-26",
      "2026-11-26T12:30:00Z",
    ],
  ])("%s", (_, at, date, due) => {
    expect(nextDailyCheck(new Date(at), "07:30")).toEqual({ date, due: new Date(due) })
  })
})

test("the daily job is queued by the worker's sweep, starts the check at its time in the background, and queues tomorrow's", async () => {
  const rig = await rigWith({ env: { PIPELINE_CHECK: "1", PIPELINE_CHECK_TIME: "06:15" } })
  rig.clock.set(new Date("2026-03-03T11:00:00Z"))
  await rig.dispatch()
  const queued = await rig.db.query<{ dedupe_key: string; next_attempt_at: Date }>(
    `select dedupe_key, next_attempt_at from outbox_jobs where kind = 'pipeline_check'`,
  )
  expect(queued).toEqual([
    { dedupe_key: "pipeline-check:2026-03-03", next_attempt_at: new Date("2026-03-03T11:15:00Z") },
  ])

  rig.clock.set(new Date("2026-03-03T11:16:00Z"))
  const started: Promise<unknown>[] = []
  await rig.dispatch((work) => started.push(work))
  expect(started).toHaveLength(1)
  await Promise.all(started)
  const [check] = await rig.db.query<{ trigger: string; status: string }>(`select trigger, status from pipeline_checks`)
  expect(check).toEqual({ trigger: "daily", status: "passed" })
  expect(rig.ping.received).toHaveLength(1)
  const jobs = await rig.db.query<{ dedupe_key: string; status: string }>(
    `select dedupe_key, status from outbox_jobs where kind = 'pipeline_check' order by dedupe_key`,
  )
  expect(jobs).toEqual([
    { dedupe_key: "pipeline-check:2026-03-03", status: "sent" },
    { dedupe_key: "pipeline-check:2026-03-04", status: "pending" },
  ])
})

test("PIPELINE_CHECK=0: no daily job is queued (the function still runs a check on demand)", async () => {
  const rig = await rigWith()
  await rig.dispatch()
  expect(await rig.db.query(`select 1 from outbox_jobs where kind = 'pipeline_check'`)).toEqual([])
})

describe("check-pipeline", () => {
  const call = (rig: CheckRig, body: string, auth = `Bearer ${CHECK_SECRET}`, origin?: string) =>
    fetch(`${rig.url}/functions/v1/check-pipeline`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json", ...(origin ? { origin } : {}) },
      body,
    })

  test("refuses a missing or wrong secret, and a body it cannot read, naming the field", async () => {
    const rig = await rigWith()
    expect((await call(rig, "", "")).status).toBe(401)
    expect((await call(rig, "", "Bearer dispatch-secret")).status).toBe(401)
    const wrong = await call(rig, JSON.stringify({ trigger: "nightly" }))
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ fields: { trigger: "trigger must be one of deploy, manual, daily" } })
    expect((await call(rig, "{not json")).status).toBe(400)
    expect(await (await call(rig, JSON.stringify({ trigger: "deploy", skip: true }))).json()).toMatchObject({
      fields: { body: "Unknown field(s): skip" },
    })
    expect(await rig.db.query(`select 1 from pipeline_checks`)).toEqual([])
  })

  test("answers 200 with the report when the check passes, and lets no page read it", async () => {
    const rig = await rigWith()
    const response = await call(rig, JSON.stringify({ trigger: "deploy" }), undefined, "https://evil.example")
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBeNull()
    expect(await response.json()).toMatchObject({ success: true, status: "passed", trigger: "deploy", ping: "pinged" })
  })

  test("answers 503 naming what failed, and 409 to a second call while one runs", async () => {
    const rig = await rigWith({ resend: [401] })
    const [first, second] = await Promise.all([call(rig, ""), call(rig, "")])
    expect([first.status, second.status].sort()).toEqual([409, 503])
    const failed = (await (first.status === 503 ? first : second).json()) as { error: string; problems: unknown[] }
    expect(failed.error).toBe("The pipeline check failed: E-mail (the e-mail API refused us)")
    expect(failed.problems).toHaveLength(1)
    expect(emailsOf(rig.resend)).toEqual([])
  })
})

describe("settings that cannot work stop the functions at start, naming the variable", () => {
  const config = (env: Record<string, string>) => () =>
    configFromEnv((name) => env[name], { ipHashSalt: TEST_IP_HASH_SALT })
  test.each([
    [{ PIPELINE_CHECK_TIME: "7:30" }, 'PIPELINE_CHECK_TIME must be a time such as 07:30 (got "7:30")'],
    [{ PIPELINE_CHECK_TIME: "24:00" }, "PIPELINE_CHECK_TIME must be a time such as 07:30"],
    [
      { PIPELINE_CHECK_PING_URL: "hc-ping.com/abc" },
      'PIPELINE_CHECK_PING_URL must be an http(s) URL (got "hc-ping.com/abc")',
    ],
    [{ CRM_CHECK_URL: "ftp://crm.example" }, "CRM_CHECK_URL must be an http(s) URL"],
    [{ PIPELINE_CHECK_TIMEOUT_MS: "0" }, "PIPELINE_CHECK_TIMEOUT_MS must be at least 1"],
  ])("%p", (env, message) => {
    expect(config(env)).toThrow(message)
  })

  test("on Supabase the functions' address comes from SUPABASE_URL, and the call's secret falls back to the outbox's", () => {
    const { pipelineCheck } = configFromEnv(
      (name) => ({ SUPABASE_URL: "https://abc.supabase.co/", OUTBOX_DISPATCH_SECRET: "cron" })[name],
      { ipHashSalt: TEST_IP_HASH_SALT },
    )
    expect(pipelineCheck).toMatchObject({
      functionsUrl: "https://abc.supabase.co/functions/v1",
      callSecret: "cron",
      daily: true,
      time: "07:30",
    })
    expect(pipelineCheck.pingUrl).toBeUndefined()
  })
})
