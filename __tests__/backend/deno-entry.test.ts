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
import { ANON_KEY, bodies, freshDb, TEST_IP_HASH_SALT } from "./helpers"

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

async function spawnDeno(name: string, env: Record<string, string> = {}) {
  const port = await freePort()
  const child = spawn(DENO, ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-sys", path.join(ROOT, "supabase", "functions", name, "index.ts")], {
    cwd: path.join(ROOT, "supabase", "functions"),
    env: { ...process.env, SUPABASE_DB_URL: databaseUrl, PORT: String(port), SUPABASE_ANON_KEY: ANON_KEY, IP_HASH_SALT: TEST_IP_HASH_SALT, OUTBOX_DISPATCH_SECRET: "dispatch-secret", LOCAL_MAILBOX: "1", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  children.push(child)
  let output = ""
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()))
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { child, port, exited, output: () => output }
}

async function serveUnderDeno(name: string): Promise<string> {
  const { child, port, output } = await spawnDeno(name)
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`deno exited (${child.exitCode}):\n${output()}`)
    try {
      await fetch(url, { method: "OPTIONS" })
      return url
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error(`deno did not listen:\n${output()}`)
}

const publicCalls: Array<[string, () => object]> = [
  ["process-contact", bodies.contact],
  ["process-simple-lead", bodies.callback],
  ["process-estimate", bodies.estimateRequest],
  ["send-estimate-confirmation", bodies.estimateRequest],
]

test.each(publicCalls)("%s runs under Deno and stores the request", async (name, body) => {
  const url = await serveUnderDeno(name)
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

test.each([
  ["unset", "", "IP_HASH_SALT is not set"],
  ["too short", "0123456789abcde", "IP_HASH_SALT is shorter than 16 characters"],
])("a function refuses to start with IP_HASH_SALT %s, saying how to set it", async (_case, salt, problem) => {
  const deno = await spawnDeno("process-contact", { IP_HASH_SALT: salt })
  expect(await deno.exited).not.toBe(0)
  expect(deno.output()).toContain(problem)
  expect(deno.output()).toContain("supabase secrets set IP_HASH_SALT=$(openssl rand -hex 32)")
})
