/**
 * @jest-environment node
 *
 * A Postgres restart must not take the functions down. postgres.js 3.4.9 wrote
 * to a closed connection's socket from a timer (an uncaught TypeError that ended the Node backend,
 * porsager/postgres#1154, #1208) and failed an unawaited read of array types on reconnect. The
 * installed driver carries patches/postgres+3.4.9.patch; both entries use RESTART_SAFE_OPTIONS and
 * db.ts' transaction guard (the Deno functions run the registry's unpatched copy).
 *
 * On a real Postgres server (Debian's postgresql, installed by .ci/run): the backend process runs
 * under load while Postgres restarts in fast and immediate shutdown modes, again and again. Requests
 * during a restart may fail 5xx (the browser keeps those); the process must stay up, the next lead
 * after each restart must be stored, and so must every lead it acknowledged.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Readable } from "node:stream"
import { pathToFileURL } from "node:url"
import fc from "fast-check"
import postgres from "postgres"
import { freePort } from "../../scripts/static-server"
import { visitorIp } from "../../scripts/bench/backend-process"
import { migrateLocalBackend } from "../../server/local-sinks"
import { postgresMigrationTarget } from "../../server/migrate"
import { reconnectBackoff } from "../../supabase/functions/_shared/db"
import { backendUp, spawnBackend } from "./backend-process"
import { spawnDeno, stopDenoFunctions, watched } from "./deno-server"
import { ANON_KEY, bodies, SITE_ORIGIN, TEST_IP_HASH_SALT } from "./helpers"
import { postgresBinDir, startRequiredPostgresCluster, type PostgresCluster } from "./postgres-cluster"

jest.setTimeout(600_000)

const ROOT = path.resolve(__dirname, "..", "..")
const binDir = postgresBinDir()
// CI installs Postgres (.ci/run), so there a missing server is a failure; a developer's machine may lack it.
const describeServer = binDir || process.env.CI ? describe : describe.skip
if (!binDir && !process.env.CI)
  console.warn("Skipping the Postgres restart tests: no initdb/pg_ctl found (install Debian's postgresql package).")

test("the reconnect delay starts small, never falls, and stays within a second", () => {
  fc.assert(
    fc.property(fc.nat({ max: 1_000 }), (retries) => {
      const delay = reconnectBackoff(retries)
      expect(delay).toBeGreaterThan(0)
      expect(delay).toBeLessThanOrEqual(1)
      expect(reconnectBackoff(retries + 1)).toBeGreaterThanOrEqual(delay)
    }),
  )
  expect(reconnectBackoff(0)).toBeLessThanOrEqual(0.05)
})

/** A running set of functions to restart Postgres under: where to POST, whether it is still up, what it printed. */
interface Target {
  url: string
  alive: () => boolean
  output: () => string
}

let visitors = 0
/** One lead POSTed as a new visitor (behind one trusted proxy hop); its status, or null when no answer came. */
async function sendLead(target: Target) {
  const body = bodies.contact()
  try {
    const response = await fetch(`${target.url}/functions/v1/process-contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: ANON_KEY,
        origin: SITE_ORIGIN,
        "x-forwarded-for": visitorIp(++visitors),
      },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    return { id: body.submissionId, status: response.status }
  } catch {
    // The connection itself failed (a keep-alive socket closed under us): the browser would keep the lead.
    return { id: body.submissionId, status: null }
  }
}

/**
 * Restarts Postgres in each generated mode while `senders` visitors keep sending leads, then sends
 * leads until one is acknowledged. Returns the submission ids the functions acknowledged (200).
 */
async function restartUnderLoad(
  cluster: PostgresCluster,
  target: Target,
  modes: ReadonlyArray<"fast" | "immediate">,
  senders: number,
) {
  const acknowledged: string[] = []
  const statuses: Array<number | null> = []
  for (const mode of modes) {
    let restarting = true
    const load = Array.from({ length: senders }, async () => {
      while (restarting && target.alive()) {
        const { id, status } = await sendLead(target)
        statuses.push(status)
        if (status === 200) acknowledged.push(id)
        // Paced (a refusal while Postgres is down takes a millisecond): a visitor's rate, not a flood that starves pg_ctl.
        await new Promise((r) => setTimeout(r, 25))
      }
    })
    await cluster.restart(mode)
    restarting = false
    await Promise.all(load)
    // The first lead after the restart: answered 5xx while the pool reconnects, then stored. The loop ends on an answer each time.
    let next = await sendLead(target)
    while (next.status !== 200 && target.alive()) next = await sendLead(target)
    if (!target.alive()) throw new Error(`the functions exited after a ${mode} restart:\n${target.output()}`)
    acknowledged.push(next.id)
  }
  // Only failures the browser can keep: 5xx while Postgres was away, or no answer; never a 4xx.
  expect(statuses.filter((s) => s !== null && s !== 200 && s < 500)).toEqual([])
  return acknowledged
}

async function expectStored(databaseUrl: string, ids: readonly string[]) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const rows = await sql<Array<{ submission_id: string }>>`select submission_id from contact_messages`
    const stored = new Set(rows.map((r) => r.submission_id))
    expect(ids.filter((id) => !stored.has(id))).toEqual([])
  } finally {
    await sql.end()
  }
}

/**
 * Runs a probe process to its end (exit 0, or the failure shows its output) and answers its last line of
 * output: its 5 rounds of 4 outcomes, one array a round.
 */
async function probeRoundsOf(child: ChildProcessByStdio<null, Readable, Readable>): Promise<unknown[][]> {
  const { exited, output } = watched(child)
  const code = await exited
  // Its output says why, when it did not end well.
  if (code !== 0) throw new Error(`The probe exited with ${String(code)}:\n${output()}`)
  const seen = JSON.parse(output().trim().split("\n").pop() ?? "[]") as unknown[]
  expect(seen).toHaveLength(20)
  return Array.from({ length: 5 }, (_, round) => seen.slice(round * 4, round * 4 + 4))
}

const restartModes = fc.array(fc.constantFrom("fast" as const, "immediate" as const), { minLength: 3, maxLength: 3 })

/**
 * Two runs of three restarts each (fast or immediate) while 1–6 senders post leads to `target`: it is still up,
 * has logged no TypeError, and every lead it said it received is stored, the ones sent between restarts included.
 */
async function expectSurvivesRestarts(cluster: PostgresCluster, target: Target, databaseUrl: string) {
  const acknowledged: string[] = []
  await fc.assert(
    fc.asyncProperty(restartModes, fc.integer({ min: 1, max: 6 }), async (modes, senders) => {
      acknowledged.push(...(await restartUnderLoad(cluster, target, modes, senders)))
    }),
    { numRuns: 2 },
  )
  expect(target.alive()).toBe(true)
  expect(target.output()).not.toContain("TypeError")
  await expectStored(databaseUrl, acknowledged)
}

describeServer("a Postgres restart", () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startRequiredPostgresCluster(binDir)
  })
  afterAll(async () => {
    stopDenoFunctions()
    await cluster.stop()
  })

  test("postgres.js as installed: a transaction's or a reserved connection's session killed mid-use fails its queries and nothing else", async () => {
    const url = await cluster.createDatabase("driver")
    // In a process of its own: what 3.4.9 did here was an uncaught TypeError from a timer, which ends the process.
    const script = `const postgres = require(${JSON.stringify(require.resolve("postgres"))})
const url = ${JSON.stringify(url)}
;(async () => {
  const sql = postgres(url, { max: 2, onnotice() {} })
  const killer = postgres(url, { max: 1, onnotice() {} })
  const seen = []
  for (let round = 0; round < 5; round++) {
    let started
    const pid = new Promise((resolve) => (started = resolve))
    // Its outcome is taken at once, as in the probe above.
    const tx = sql.begin(async (t) => {
      const [row] = await t\`select pg_backend_pid() as pid\`
      started(row.pid)
      await t\`select pg_sleep(30)\`
    }).then(() => "committed", (e) => e.code)
    await killer\`select pg_terminate_backend(\${await pid})\`
    seen.push(await tx)
    const reserved = await sql.reserve()
    const [{ pid: held }] = await reserved\`select pg_backend_pid() as pid\`
    await killer\`select pg_terminate_backend(\${held})\`
    seen.push(await reserved\`select 1\`.then(() => "answered", (e) => e.code))
    seen.push(await reserved\`select 1\`.then(() => "answered", (e) => e.code))
    const [{ one }] = await sql\`select 1 as one\`
    seen.push(one)
  }
  console.log(JSON.stringify(seen))
  await sql.end()
  await killer.end()
})()`
    const rounds = await probeRoundsOf(spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] }))
    // Each round: the killed transaction, the killed reserved connection's next two queries (its session's end
    // arrives as a reset or as a close, whichever comes first), then the pool's next query.
    const round = [
      "CONNECTION_CLOSED",
      expect.stringMatching(/^(ECONNRESET|CONNECTION_CLOSED)$/),
      "CONNECTION_CLOSED",
      1,
    ]
    expect(rounds).toEqual([round, round, round, round, round])
  })

  test("under Deno, with the registry's unpatched postgres.js, db.ts' transactions send nothing to a session that was killed mid-use", async () => {
    const url = await cluster.createDatabase("deno_transactions")
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deno-probe-"))
    const probe = path.join(dir, "probe.ts")
    // A transaction killed mid-statement, one failing on its own SQL, and work that goes on after a failure.
    fs.writeFileSync(
      probe,
      `import process from "node:process"
import postgres from "postgres"
import { postgresDb, RESTART_SAFE_OPTIONS } from ${JSON.stringify(pathToFileURL(path.join(ROOT, "supabase", "functions", "_shared", "db.ts")).href)}
const url = process.env.PROBE_DATABASE_URL
const sql = postgres(url, { max: 2, prepare: false, onnotice() {}, ...RESTART_SAFE_OPTIONS })
const killer = postgres(url, { max: 1, onnotice() {} })
const db = postgresDb(sql)
const seen = []
const outcome = (p) => p.then(() => "committed", (e) => e.code ?? e.message)
for (let round = 0; round < 5; round++) {
  let started
  const pid = new Promise((resolve) => (started = resolve))
  // Its outcome is taken at once, as in the probe above.
  const killed = outcome(db.transaction(async (tx) => {
    const [row] = await tx.query("select pg_backend_pid() as pid")
    started(row.pid)
    await tx.query("select pg_sleep(30)")
  }))
  await killer\`select pg_terminate_backend(\${await pid})\`
  seen.push(await killed)
  seen.push(await outcome(db.transaction((tx) => tx.query("select * from no_such_table"))))
  seen.push(await outcome(db.transaction(async (tx) => {
    await tx.query("select 1/0").catch(() => undefined)
    return tx.query("select 1")
  })))
  seen.push((await db.query("select 1 as one"))[0].one)
}
console.log(JSON.stringify(seen))
// At once: 3.4.9's end() waits for ever on a connection whose session was killed (it keeps the lost query).
await sql.end({ timeout: 0 })
await killer.end()
`,
    )
    const child = spawn(
      path.join(ROOT, "node_modules", ".bin", "deno"),
      ["run", "--allow-all", "--config", path.join(ROOT, "supabase", "functions", "deno.json"), probe],
      {
        cwd: path.join(ROOT, "supabase", "functions"),
        env: { ...process.env, PROBE_DATABASE_URL: url, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    let rounds: unknown[][]
    try {
      rounds = await probeRoundsOf(child)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    const round = [
      // The killed transaction.
      "CONNECTION_CLOSED",
      // Postgres refused it and the ROLLBACK went through. (The registry's 3.4.9 may instead hand the killed
      // session's error, 57P01, to the reconnected connection's first statement: one more 5xx, not a crash.)
      expect.stringMatching(/^(42P01|57P01)$/),
      // After a failed statement the work's next one fails at once (Postgres would refuse it too).
      "22012",
      1,
    ]
    expect(rounds).toEqual([round, round, round, round, round])
  })

  test("the Node backend on DATABASE_URL stays up through restarts in fast and immediate mode, and stores the next lead each time", async () => {
    const databaseUrl = await cluster.createDatabase("node_backend")
    const apiPort = await freePort()
    // Its own process, as `npm run backend` runs it: a crash shows as an exit, as it did in the issue.
    const backend = spawnBackend({
      DATABASE_URL: databaseUrl,
      API_PORT: String(apiPort),
      DB_PORT: String(await freePort()),
      SUPABASE_ANON_KEY: ANON_KEY,
      IP_HASH_SALT: TEST_IP_HASH_SALT,
      RESEND_API_KEY: "",
      TRUSTED_PROXY_HOPS: "1",
      // The outbox worker runs beside the intake, as in use: its transactions meet the restarts too.
      OUTBOX_INTERVAL_MS: "100",
    })
    const { child, exited, output } = backend
    let alive = true
    void exited.then(() => (alive = false))
    try {
      await backendUp(backend)
      await expectSurvivesRestarts(
        cluster,
        { url: `http://127.0.0.1:${apiPort}`, alive: () => alive, output },
        databaseUrl,
      )
    } finally {
      child.kill("SIGTERM")
      await exited
    }
  })

  test("the Deno functions stay up through restarts in fast and immediate mode, and store the next lead each time", async () => {
    const databaseUrl = await cluster.createDatabase("deno_functions")
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
    try {
      // The Deno function delivers into the local mailbox (LOCAL_MAILBOX=1), as the local backend sets up.
      await migrateLocalBackend(postgresMigrationTarget(sql))
    } finally {
      await sql.end()
    }
    // A pool of three, as deployed: several connections each meet the restart.
    const deno = await spawnDeno("process-contact", databaseUrl, { DB_POOL_SIZE: "3" })
    let alive = true
    void deno.exited.then(() => (alive = false))
    await new Promise<void>((resolve, reject) => {
      // Deno says so on stderr once it listens.
      for (const stream of [deno.child.stdout, deno.child.stderr])
        stream?.on("data", () => {
          if (deno.output().includes("Listening on")) resolve()
        })
      void deno.exited.then(() => {
        reject(new Error(`deno exited at start:\n${deno.output()}`))
      })
    })
    await expectSurvivesRestarts(cluster, { url: deno.url, alive: () => alive, output: deno.output }, databaseUrl)
  })
})
