/** @jest-environment node */
/**
 * The pipeline check on the local backend, with no accounts, as `npm start` runs it: `npm run
 * check:pipeline` runs it through the backend's own functions; a pass leaves the test e-mail in the
 * local mailbox and pings the alerts page's stand-in for the outside switch; a failure (a dead job)
 * exits 1, and its report is in the mailbox and on the local alerts page, with no ping.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { startBackend, type RunningBackend } from "../../server/backend"
import { PIPELINE_CHECK_SCRIPT } from "./pipeline-check-rig"

jest.setTimeout(90_000)

const ROOT = path.resolve(__dirname, "..", "..")
let backend: RunningBackend

beforeAll(async () => {
  backend = await startBackend({ dataDir: "memory://", apiPort: 0, dbPort: null, outboxIntervalMs: 0, env: {} })
})
afterAll(() => backend.stop())

/** `npm run check:pipeline` against this backend: its exit code and what it printed. */
async function checkPipeline(): Promise<{ code: number; output: string }> {
  const port = new URL(backend.url).port
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", PIPELINE_CHECK_SCRIPT], {
      cwd: ROOT,
      env: { ...process.env, API_PORT: port, PIPELINE_CHECK_URL: "" },
    })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, output: failed.stdout }
  }
}

const json = async <T>(page: string) => (await (await fetch(`${backend.url}${page}`)).json()) as T

test("npm run check:pipeline passes locally: the test e-mail in the mailbox, the switch pinged, the alerts page lists it", async () => {
  const { code, output } = await checkPipeline()
  expect(output).toMatch(/^Pipeline check: passed in \d+ ms/)
  expect(output).toContain('outside switch: "pinged"')
  expect(code).toBe(0)
  const mail = await json<Array<{ subject: string }>>("/_dev/mail.json")
  expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Pipeline check WEB\d{6}: e-mail works/)])
  expect(await json<unknown[]>("/_dev/pings.json")).toHaveLength(1)
  const page = await (await fetch(`${backend.url}/_dev/alerts`)).text()
  expect(page).toContain("<td>manual</td><td>passed</td>")
})

test("a failure exits 1, is told in the mailbox and on the local alerts page, and pings nothing", async () => {
  await backend.db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, status, attempts, last_error, updated_at)
     values ('crm_forward', 'dead-local', '{}', 'dead', 8, 'CRM webhook answered 410: gone', now())`,
  )
  const { code, output } = await checkPipeline()
  expect(code).toBe(1)
  expect(output).toContain("PROBLEM Messages not delivered: 1 in the last 24 hours (1 crm_forward)")
  const mail = await json<Array<{ subject: string }>>("/_dev/mail.json")
  expect(mail.map((m) => m.subject)).toContain("Pipeline check failed: Messages not delivered")
  const alerts = await json<Array<{ channel: string; body: string }>>("/_dev/alerts.json")
  expect(alerts.map((a) => a.channel)).toEqual(["chat"])
  expect(alerts[0]?.body).toContain("Messages not delivered")
  expect(await json<unknown[]>("/_dev/pings.json")).toHaveLength(1)
})

test("without a backend running, it says how to start one and exits 2", async () => {
  const stopped = backend
  await stopped.stop()
  const { code } = await checkPipeline()
  expect(code).toBe(2)
  backend = await startBackend({ dataDir: "memory://", apiPort: 0, dbPort: null, outboxIntervalMs: 0, env: {} })
})
