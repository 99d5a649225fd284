/**
 * @jest-environment node
 *
 * What deploys is what is tested: each supabase/functions/<name>/index.ts runs
 * under Deno (the `deno` npm package) against a real Postgres wire server
 * (PGlite behind pglite-socket), and answers a real request.
 */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import type { PGlite } from "@electric-sql/pglite"
import { freePort } from "../../scripts/static-server"
import { fakeServer } from "./fake-servers"
import { ANON_KEY, bodies, freshDb } from "./helpers"

jest.setTimeout(180_000)

const ROOT = path.resolve(__dirname, "..", "..")
const DENO = path.join(ROOT, "node_modules", ".bin", "deno")

let pg: PGlite
let wire: PGLiteSocketServer
let databaseUrl: string
const children: ChildProcess[] = []

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new PGLiteSocketServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
})
afterAll(async () => {
  for (const child of children) child.kill("SIGTERM")
  await wire.stop()
  await pg.close()
})

async function serveUnderDeno(name: string, extraEnv: Record<string, string> = {}): Promise<string> {
  const port = await freePort()
  const child = spawn(DENO, ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-sys", path.join(ROOT, "supabase", "functions", name, "index.ts")], {
    cwd: path.join(ROOT, "supabase", "functions"),
    env: {
      ...process.env,
      SUPABASE_DB_URL: databaseUrl,
      PORT: String(port),
      SUPABASE_ANON_KEY: ANON_KEY,
      OUTBOX_DISPATCH_SECRET: "dispatch-secret",
      IP_HASH_SALT: "some-test-salt-of-32-characters-long",
      LOCAL_MAILBOX: "1",
      // pglite-socket runs every connection's messages on PGlite's one session, so two connections'
      // unnamed statements can interleave (the outbox now delivers several jobs at once); Postgres has no such limit.
      DB_POOL_SIZE: "1",
      NO_COLOR: "1",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  children.push(child)
  let output = ""
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()))
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`deno exited (${child.exitCode}):\n${output}`)
    try {
      await fetch(url, { method: "OPTIONS" })
      return url
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error(`deno did not listen:\n${output}`)
}

const publicCalls: Array<[string, () => object]> = [
  ["process-contact", bodies.contact],
  ["process-simple-lead", bodies.callback],
  ["process-estimate", bodies.estimateRequest],
  ["send-estimate-confirmation", bodies.estimateRequest],
]

test.each(publicCalls)("%s runs under Deno and stores the request", async (name, body) => {
  // No wake: the jobs are left for the dispatch-outbox test below.
  const url = await serveUnderDeno(name, { OUTBOX_WAKE: "0" })
  const request = body() as { submissionId: string }
  // Edge Functions see the path /<name>; the local app also serves /functions/v1/<name>.
  const response = await fetch(`${url}/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify(request),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ success: true })
  const stored = await pg.query(`select 1 from function_calls where function_name = $1 and submission_id = $2`, [name, request.submissionId])
  expect(stored.rows).toHaveLength(1)
  const other = await fetch(`${url}/process-everything`, { method: "POST", headers: { apikey: ANON_KEY } })
  expect(other.status).toBe(404)
})

test("dispatch-outbox runs under Deno and delivers the queued jobs", async () => {
  const url = await serveUnderDeno("dispatch-outbox")
  const response = await fetch(`${url}/dispatch-outbox`, { method: "POST", headers: { authorization: "Bearer dispatch-secret" } })
  expect(response.status).toBe(200)
  const result = (await response.json()) as { success: boolean; sent: number }
  expect(result.success).toBe(true)
  expect(result.sent).toBeGreaterThan(0)
  const mailbox = await pg.query(`select 1 from dev_mailbox`)
  expect(mailbox.rows.length).toBe(result.sent)
  // JSON written through postgres.js is stored as JSON objects, not as strings.
  const shapes = await pg.query<{ shape: string }>(`select distinct jsonb_typeof(payload) as shape from outbox_jobs union select distinct jsonb_typeof(pests) from leads`)
  expect(shapes.rows.map((r) => r.shape).sort()).toEqual(["array", "object"])
  const unsent = await pg.query(`select kind, last_error from outbox_jobs where status not in ('sent', 'not_configured')`)
  expect(unsent.rows).toEqual([])
})

test("process-contact under Deno sends its company e-mail right after the answer, with no dispatch-outbox call", async () => {
  // A fake e-mail API, not the local mailbox: polling PGlite while the function is between two protocol
  // messages of a statement would clobber its unnamed statement through pglite-socket.
  const api = await fakeServer([200])
  try {
    const url = await serveUnderDeno("process-contact", { RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, LOCAL_MAILBOX: "" })
    const request = bodies.contact()
    const response = await fetch(`${url}/process-contact`, { method: "POST", headers: { "content-type": "application/json", apikey: ANON_KEY }, body: JSON.stringify(request) })
    expect(response.status).toBe(200)
    // Waits for the delivery (an event at the fake API), with a deadline.
    const deadline = Date.now() + 30_000
    while (api.delivered().length === 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve))
    expect(api.delivered().map((r) => (JSON.parse(r.body) as { subject: string }).subject)).toEqual(["New website message from Ann Lee"])
  } finally {
    await api.close()
  }
})
