/**
 * What the pipeline-check tests share: the functions served over real HTTP on 127.0.0.1 (the check
 * calls process-simple-lead as it does in production), with the worker woken on commit, and fake
 * e-mail API, Twilio, chat webhook, CRM and outside switch servers. One clock for the app, the worker
 * and the check: Tuesday 10:00 in New York, the office open.
 */
import type http from "node:http"
import { createAdaptorServer } from "@hono/node-server"
import { createApp } from "../../supabase/functions/_shared/app"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { outboxWaker } from "../../supabase/functions/_shared/outbox/outbox-wake"
import { runPipelineCheck, type CheckReport } from "../../supabase/functions/_shared/pipeline-check/run-check"
import type { CheckTrigger } from "../../supabase/functions/_shared/pipeline-check/check-store"
import { TUESDAY_10AM, alertEnv, handClock } from "./alert-rig"
import { fakeServer, fakeTwilio, listening, type FakeTwilio, type Script, type WatchedServer } from "./fake-servers"
import { freshDb, testConfig } from "./helpers"

export const CHECK_SECRET = "pipeline-check-secret-for-tests"

/** `npm run check:pipeline`'s script. */
export const PIPELINE_CHECK_SCRIPT = "scripts/check-pipeline.ts"

/** A live chat webhook: an empty post is refused with 400 (nothing posted), a message is taken. */
export const LIVE_CHAT: Script = ({ body }) => (body === "{}" ? 400 : 200)

export interface CheckRigOptions {
  resend?: Script
  chat?: Script
  twilio?: Parameters<typeof fakeTwilio>[0]
  /** The functions' address the check calls (another server's, to make it hang or fail). */
  functionsUrl?: string
  env?: Record<string, string>
}

export interface CheckRig {
  db: Db
  config: BackendConfig
  url: string
  clock: ReturnType<typeof handClock>
  resend: WatchedServer
  twilio: FakeTwilio
  chat: WatchedServer
  crm: WatchedServer
  crmCheck: WatchedServer
  ping: WatchedServer
  /** Runs a check as check-pipeline does, on the rig's clock. */
  check: (trigger?: CheckTrigger) => ReturnType<typeof runPipelineCheck>
  dispatch: (background?: (work: Promise<unknown>) => void) => ReturnType<typeof dispatchOutbox>
  close: () => Promise<void>
}

/** A passed or failed check's report (fails the test for a check that did not run). */
export function reportOf(result: Awaited<ReturnType<typeof runPipelineCheck>>): CheckReport {
  if (result.outcome === "already_running") throw new Error(`a check was already running: ${result.id}`)
  return result.report
}

/** A rig on a fresh database, which its close() closes once the worker is idle. */
export async function checkRig(options: CheckRigOptions = {}): Promise<CheckRig> {
  const { pg, db } = await freshDb()
  const clock = handClock(TUESDAY_10AM)
  const [resend, twilio, chat, crm, crmCheck, ping] = await Promise.all([
    fakeServer(options.resend ?? [200]),
    fakeTwilio({ clock: clock.read, ...options.twilio }),
    fakeServer(options.chat ?? LIVE_CHAT),
    fakeServer([200]),
    fakeServer([200]),
    fakeServer([200]),
  ])
  const app = { fetch: (request: Request) => served.fetch(request) }
  const server = createAdaptorServer({ fetch: app.fetch, hostname: "127.0.0.1" }) as http.Server
  const listener = await listening(server)
  const config = testConfig({
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: resend.url,
    ...alertEnv({ twilio, chat }),
    CRM_WEBHOOK_URL: `${crm.url}/hooks/estimates`,
    CRM_WEBHOOK_SECRET: "crm-secret",
    CRM_CHECK_URL: `${crmCheck.url}/hooks/test`,
    PIPELINE_CHECK_FUNCTIONS_URL: options.functionsUrl ?? `${listener.url}/functions/v1`,
    PIPELINE_CHECK_PING_URL: `${ping.url}/ping/abc`,
    PIPELINE_CHECK_SECRET: CHECK_SECRET,
    ...options.env,
  })
  const failures: unknown[] = []
  const waker = outboxWaker(
    () => dispatchOutbox({ db, config, clock: clock.read }),
    (error) => {
      failures.push(error)
    },
  )
  const served = createApp({ db, config, clock: clock.read, wakeOutbox: () => void waker.wake() })
  return {
    db,
    config,
    url: listener.url,
    clock,
    resend,
    twilio,
    chat,
    crm,
    crmCheck,
    ping,
    check: (trigger = "manual") => runPipelineCheck({ db, config, clock: clock.read }, trigger),
    dispatch: (background) => dispatchOutbox({ db, config, clock: clock.read, ...(background ? { background } : {}) }),
    close: async () => {
      await waker.idle()
      await Promise.all([listener.close(), ...[resend, twilio, chat, crm, crmCheck, ping].map((s) => s.close())])
      await pg.close()
      // A worker run that failed fails the test that woke it.
      if (failures.length > 0) throw failures[0]
    },
  }
}

/** The e-mails the fake e-mail API took: to, subject and text. */
export const emailsOf = (server: WatchedServer) =>
  server.delivered().map((r) => JSON.parse(r.body) as { to: string[]; subject: string; text: string; html: string })
