import fs from "node:fs"
import path from "node:path"
import { launchChromiumServer } from "../scripts/chromium"
import { startHostServer } from "../scripts/host-server"
import { freePort, serveBuild } from "../scripts/static-server"
import { startBackend } from "../server/backend"
import { LOCAL_API_URL } from "../supabase/functions/_shared/kernel/local-defaults"
import { E2E_TURNSTILE_SECRET, startFakeSiteverify } from "./fake-siteverify"
import { startRequestRecorder } from "./request-recorder"
import { E2E_LINK_SECRET } from "./link-secret"

declare global {
  var __E2E_STOPS__: Array<() => Promise<void>> | undefined
}

/**
 * Whether the build renders the Turnstile widget: made with GATSBY_TURNSTILE_SITE_KEY (npm run
 * build:canaries sets Cloudflare's always-pass test key), its policy then names Cloudflare.
 */
const buildHasTurnstile = () =>
  fs.readFileSync(path.join("public", "_headers"), "utf8").includes("https://challenges.cloudflare.com")

/**
 * The production build (by gatsby serve, and by the host server that applies public/_headers and
 * _redirects as the static host does), and the local backend on the address the build was made
 * for (with a throwaway database), allowing both sites' origins; and one Chromium that every test file
 * connects to (e2e/browser.ts), rather than a browser launched per file.
 */
export default async function globalSetup() {
  // Each one's stop, as soon as it runs: a start that fails (a port in use) stops those before it, so no
  // server is left holding the run open; otherwise the teardown stops them, the last started first.
  const stops: Array<() => Promise<void>> = []
  globalThis.__E2E_STOPS__ = stops
  const started = <T extends { stop: () => Promise<void> }>(running: T): T => {
    stops.unshift(running.stop)
    return running
  }
  try {
    await startAll(started)
  } catch (error) {
    for (const stop of stops.splice(0)) await stop().catch(() => undefined)
    throw error
  }
}

async function startAll(started: <T extends { stop: () => Promise<void> }>(running: T) => T) {
  const site = started(await serveBuild())
  // The widget is a stand-in (e2e/turnstile-stand-in.ts) and siteverify a fake: no test reaches Cloudflare.
  const turnstile = buildHasTurnstile() ? started(await startFakeSiteverify()) : null
  const host = started(await startHostServer())
  const dbPort = await freePort()
  // The field-service CRM: the backend forwards estimates to this stand-in, which the tests read back.
  const recorder = started(await startRequestRecorder())
  const backend = started(
    await startBackend({
      dataDir: "memory://",
      apiPort: Number(new URL(LOCAL_API_URL).port),
      dbPort,
      outboxIntervalMs: 200,
      // Browser tests fill forms in well under the minimum fill time, all from 127.0.0.1: the spam and
      // rate-limit checks have their own tests (__tests__/backend/spam.test.ts) and are off here.
      env: {
        ALLOWED_ORIGINS: [site.url, host.url].join(","),
        MIN_FORM_FILL_MS: "0",
        CRM_WEBHOOK_URL: `${recorder.url}/crm`,
        CRM_WEBHOOK_SECRET: "e2e-crm-secret",
        ALERT_LINK_SECRET: E2E_LINK_SECRET,
        RATE_LIMIT_MAX: "0",
        // A run sends about 30 SMS alerts in minutes, the hourly budget's size: past it, whichever test came last would
        // find its lead in a summary instead. The budget has its own tests (__tests__/backend/alert-budget.test.ts).
        ALERT_SMS_PER_HOUR: "0",
        ALERT_SMS_PER_DAY: "0",
        ALERT_CHAT_PER_HOUR: "0",
        ALERT_CHAT_PER_DAY: "0",
        // Their own tests run them on fixed clocks; here the daily check (07:30) or the Monday report would land
        // in the mailbox the tests read whenever a run crossed their time.
        PIPELINE_CHECK: "0",
        WEEKLY_REPORT: "0",
        ...(turnstile ? { TURNSTILE_SECRET_KEY: E2E_TURNSTILE_SECRET, TURNSTILE_VERIFY_URL: turnstile.url } : {}),
        // The office's one contact takes alerts after hours too, so a lead is alerted at once whatever the
        // hour CI runs at (business-hours routing has its own tests with fixed clocks: office-alerts.test.ts).
        ALERT_CONTACTS: JSON.stringify([
          { name: "Office", sms: "+19145550123", email: "info@westchesterfamilypest.example", afterHours: true },
        ]),
      },
    }),
  )
  const browser = await launchChromiumServer()
  started({ stop: () => browser.close() })
  process.env.E2E_CHROMIUM_WS = browser.wsEndpoint()
  process.env.E2E_BASE_URL = site.url
  process.env.E2E_HOST_URL = host.url
  process.env.E2E_API_URL = backend.url
  process.env.E2E_DATABASE_URL = backend.databaseUrl ?? ""
  process.env.E2E_RECORDER_URL = recorder.url
  process.env.E2E_TURNSTILE = turnstile ? "1" : ""
}
