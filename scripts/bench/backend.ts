/**
 * `npm run bench:backend`: the local backend's process-simple-lead under load, every request a new lead
 * from its own address, on the embedded PGlite and on a real Postgres server (Debian's `postgresql`,
 * a throwaway cluster started here, or DATABASE_URL's server when that is set).
 * For each database:
 * 1. Per lead, figures that do not depend on what else the machine runs: after a warm-up, LEADS_COUNTED
 *    leads one after another with the worker off, then the worker run until nothing is due; the
 *    statements and transactions each side sent, and the backend's (and the Postgres server's) CPU
 *    time, per lead. BENCH_CPU_PROF_DIR=<dir> also writes a CPU profile of each backend process.
 * 2. Sustained: 300 requests per second for 10 s (10 connections); the latency.
 * 3. Capacity: as fast as 20 connections can go, for 10 s.
 * 4. Exactness: 1,000 submissions at concurrency 20 must store exactly 1,000 leads.
 * 5. The outbox after the load: what was still due, and how long the worker took to deliver it.
 * Targets: on Postgres 300/s sustained with p99 ≤ 50 ms and a capacity of 300/s; on PGlite a capacity of
 * 150/s; on both exactly 1,000 leads and no error. Prints a table per database; exits 1 when a target is missed.
 * BENCH_DATABASE=pglite or postgres runs one (both by default; Postgres is skipped, and said so, where
 * it is not installed).
 */
import fs from "node:fs"
import { randomUUID } from "node:crypto"
import autocannon from "autocannon"
import { LOCAL_ANON_KEY } from "../../supabase/functions/_shared/kernel/local-defaults"
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from "../../__tests__/backend/postgres-cluster"
import { startBackendProcess, visitorIp, type BackendProcess } from "./backend-process"
import type { BackendStats } from "./backend-entry"

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const CONNECTIONS = 20
const SUSTAINED_CONNECTIONS = Number(process.env.BENCH_SUSTAINED_CONNECTIONS ?? 10)
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2_000)
const LEADS_COUNTED = Number(process.env.BENCH_LEADS_COUNTED ?? 300)
const DISPATCH_SECRET = "bench-dispatch-secret"

const TARGET_RATE = 300
const TARGET_P99_MS = 50
const TARGET_PGLITE_RATE = 150

type Database = "pglite" | "postgres"

const lead = (specialOffer = "$49 Scarsdale Starter Visit") =>
  JSON.stringify({
    submissionId: randomUUID(),
    website: "",
    formFillMs: 20_000,
    fullName: "Bench Marker",
    phone: "914-555-0100",
    streetAddress: "1 Test Lane",
    city: "Scarsdale",
    zipCode: "10583",
    email: "bench@example.com",
    specialOffer,
  })

// Every request from its own address, as from many visitors: the per-IP rate limit stays on, at its default.
let visitors = 0
const headers = { "content-type": "application/json", apikey: LOCAL_ANON_KEY }

const cpuMs = (stats: BackendStats) => (stats.cpu.user + stats.cpu.system) / 1000

/** CPU seconds of a Postgres server and every process it started, gone ones included (Linux /proc; null elsewhere). */
function postgresCpuSeconds(port: number): number | null {
  const ticks = (pid: string, withChildren: boolean) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // After the command name: utime, stime, cutime, cstime are the 14th to 17th fields, in clock ticks (100 a second).
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number)
    return (f[11] ?? 0) + (f[12] ?? 0) + (withChildren ? (f[13] ?? 0) + (f[14] ?? 0) : 0)
  }
  try {
    const pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))
    const postmaster = pids.find((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
        return args[0]?.endsWith("/postgres") === true && args.join(" ").includes(`-p ${port}`)
      } catch {
        return false
      }
    })
    if (!postmaster) return null
    // The postmaster's own time and its ended children's (cutime), plus each live child's.
    let total = ticks(postmaster, true)
    for (const pid of pids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
        if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === postmaster) total += ticks(pid, false)
      } catch {
        // Gone meanwhile: its time is in the postmaster's cutime now.
      }
    }
    return total / 100
  } catch {
    return null
  }
}

interface Server {
  url: string
  label: string
  /** Port of a server started here (its CPU time is read), else null. */
  port: number | null
  stop: () => Promise<void>
}

async function postgresServer(): Promise<Server | null> {
  const given = process.env.DATABASE_URL
  if (given) return { url: given, label: "Postgres at DATABASE_URL", port: null, stop: () => Promise.resolve() }
  const binDir = postgresBinDir()
  if (!binDir) return null
  const cluster: PostgresCluster = await startPostgresCluster(binDir)
  const url = await cluster.createDatabase(`bench_${Date.now()}`)
  // Debian keeps each major version in /usr/lib/postgresql/<version>/bin.
  const version = binDir.split("/").at(-2) ?? ""
  return {
    url,
    label: `Postgres ${version} (a throwaway cluster on 127.0.0.1, fsync off)`,
    port: Number(new URL(url).port),
    stop: () => cluster.stop(),
  }
}

const post = (backend: BackendProcess, name: string, body: string, extra: Record<string, string> = {}) =>
  fetch(`${backend.base}/functions/v1/${name}`, { method: "POST", headers: { ...headers, ...extra }, body })

/** Jobs due now, asked of the backend itself (a wire client would share PGlite's one session with it). */
const dueJobs = async (backend: BackendProcess) =>
  (
    await backend.query<{ n: number }>(`select count(*)::int as n from outbox_jobs
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())`)
  )[0]?.n ?? 0

/** Per lead: the request path and the worker apart, each counted on a backend that runs only what it is asked to. */
async function perLead(env: Record<string, string>, server: Server | null) {
  const backend = await startBackendProcess({
    ...env,
    OUTBOX_WAKE: "0",
    OUTBOX_INTERVAL_MS: "0",
    OUTBOX_DISPATCH_SECRET: DISPATCH_SECRET,
  })
  const serverCpu = () => (server?.port ? postgresCpuSeconds(server.port) : null)
  try {
    // As many leads and a drain first: the JIT and PGlite's WebAssembly tiers warm up (cold, a lead cost twice as much).
    for (let i = 0; i < LEADS_COUNTED; i++)
      await (await post(backend, "process-simple-lead", lead(), visitor())).arrayBuffer()
    await drain(backend)
    const [before, serverBefore] = [await backend.stats(), serverCpu()]
    let ok = 0
    for (let i = 0; i < LEADS_COUNTED; i++) {
      const response = await post(backend, "process-simple-lead", lead(), visitor())
      await response.arrayBuffer()
      if (response.ok) ok++
    }
    const [intake, serverIntake] = [await backend.stats(), serverCpu()]
    await drain(backend)
    const [worker, serverWorker] = [await backend.stats(), serverCpu()]
    const per = (n: number) => (n / LEADS_COUNTED).toFixed(2)
    const serverMs = (a: number | null, b: number | null) =>
      a === null || b === null ? "" : ` + Postgres server ${(((b - a) * 1000) / LEADS_COUNTED).toFixed(2)}`
    return {
      ok,
      figures: {
        "request path, per lead: statements / transactions / round trips": `${per(intake.statements - before.statements)} / ${per(intake.transactions - before.transactions)} / ${per(intake.statements - before.statements + 2 * (intake.transactions - before.transactions))}`,
        "worker, per lead: statements / transactions / round trips": `${per(worker.statements - intake.statements)} / ${per(worker.transactions - intake.transactions)} / ${per(worker.statements - intake.statements + 2 * (worker.transactions - intake.transactions))}`,
        "CPU ms per lead: request path (backend process)": `${per(cpuMs(intake) - cpuMs(before))}${serverMs(serverBefore, serverIntake)}`,
        "CPU ms per lead: worker (backend process)": `${per(cpuMs(worker) - cpuMs(intake))}${serverMs(serverIntake, serverWorker)}`,
      },
    }
  } finally {
    await backend.stop()
  }
}

const visitor = () => ({ "x-forwarded-for": visitorIp(++visitors) })

/** Runs the worker through dispatch-outbox until no job is due. */
async function drain(backend: BackendProcess) {
  for (let round = 0; round < 200 && (await dueJobs(backend)) > 0; round++) {
    const response = await post(backend, "dispatch-outbox", "{}", { authorization: `Bearer ${DISPATCH_SECRET}` })
    await response.arrayBuffer()
  }
}

async function underLoad(env: Record<string, string>) {
  const backend = await startBackendProcess(env)
  const url = `${backend.base}/functions/v1/process-simple-lead`
  const asVisitor = (r: autocannon.Request, offer?: string): autocannon.Request => ({
    ...r,
    headers: { ...r.headers, ...visitor() },
    body: lead(offer),
  })
  const run = (options: Partial<autocannon.Options>, offer?: string) =>
    autocannon({
      url,
      method: "POST",
      headers,
      connections: CONNECTIONS,
      requests: [{ setupRequest: (r) => asVisitor(r, offer) }],
      ...options,
    })
  try {
    await run({ amount: WARM_UP })
    // autocannon fires every connection of a rate-limited run on the same tick, so each connection adds
    // to a synchronized burst; the sustained run uses fewer connections than the capacity run.
    const sustained = await run({ duration: DURATION_S, overallRate: TARGET_RATE, connections: SUSTAINED_CONNECTIONS })
    const before = await backend.stats()
    const capacity = await run({ duration: DURATION_S })
    const after = await backend.stats()
    const marker = `bench-${randomUUID()}`
    const exact = await run({ amount: 1000 }, marker)
    const stored =
      (await backend.query<{ n: number }>(`select count(*)::int as n from leads where special_offer = '${marker}'`))[0]
        ?.n ?? 0
    // The outbox after the load: the worker shares the process (and on PGlite the one connection) with the requests.
    const due = await dueJobs(backend)
    const started = performance.now()
    let left = due
    while (left > 0 && performance.now() - started < 300_000) {
      await new Promise((r) => setTimeout(r, 250))
      left = await dueJobs(backend)
    }
    const drainedS = (performance.now() - started) / 1000
    return {
      sustained,
      capacity,
      exact,
      stored,
      due,
      left,
      drainedS,
      cpuPerRequest: (cpuMs(after) - cpuMs(before)) / capacity.requests.total,
    }
  } finally {
    await backend.stop()
  }
}

async function bench(database: Database, server: Server | null) {
  const env: Record<string, string> = database === "postgres" && server ? { DATABASE_URL: server.url } : {}
  const counted = await perLead(env, server)
  const load = await underLoad(env)
  const { sustained, capacity, exact } = load
  const errors =
    capacity.non2xx +
    sustained.non2xx +
    exact.non2xx +
    capacity.errors +
    sustained.errors +
    exact.errors +
    capacity.timeouts +
    sustained.timeouts +
    exact.timeouts
  const table = {
    ...counted.figures,
    "capacity (20 connections): req/s (mean)": capacity.requests.average,
    "capacity (20 connections): p50 / p99 (ms)": `${capacity.latency.p50} / ${capacity.latency.p99}`,
    "capacity: backend CPU ms per request (worker included)": load.cpuPerRequest.toFixed(2),
    [`sustained ${TARGET_RATE}/s: req/s (mean)`]: sustained.requests.average,
    [`sustained ${TARGET_RATE}/s (${SUSTAINED_CONNECTIONS} connections): p50 / p90 / p99 / max (ms)`]: `${sustained.latency.p50} / ${sustained.latency.p90} / ${sustained.latency.p99} / ${sustained.latency.max}`,
    "non-2xx, errors, timeouts": errors,
    "1,000 at concurrency 20: 2xx / leads stored": `${exact["2xx"]} / ${load.stored}`,
    "outbox after the load: jobs due / drained in (s)": `${load.due} / ${load.left === 0 ? load.drainedS.toFixed(1) : `not drained, ${load.left} left`}`,
  }
  const exactOk = load.stored === 1000 && exact["2xx"] === 1000 && errors === 0 && counted.ok === LEADS_COUNTED
  const targets =
    database === "postgres"
      ? {
          text: `≥ ${TARGET_RATE} req/s sustained and at capacity, p99 ≤ ${TARGET_P99_MS} ms, exactly 1,000 leads`,
          ok:
            exactOk &&
            capacity.requests.average >= TARGET_RATE &&
            // autocannon's rate limiter lands a little under the rate asked.
            sustained.requests.average >= TARGET_RATE * 0.95 &&
            sustained.latency.p99 <= TARGET_P99_MS,
        }
      : {
          text: `≥ ${TARGET_PGLITE_RATE} req/s at capacity, exactly 1,000 leads`,
          ok: exactOk && capacity.requests.average >= TARGET_PGLITE_RATE,
        }
  return { table, targets }
}

async function main() {
  const asked = process.env.BENCH_DATABASE
  const databases: Database[] = asked === "pglite" || asked === "postgres" ? [asked] : ["pglite", "postgres"]
  let ok = true
  for (const database of databases) {
    const server = database === "postgres" ? await postgresServer() : null
    if (database === "postgres" && !server) {
      console.log(
        "\nPostgres: skipped (no Postgres server installed: apt-get install postgresql, or set DATABASE_URL).",
      )
      ok = ok && asked !== "postgres"
      continue
    }
    try {
      const label = server?.label ?? "PGlite (embedded, in memory)"
      const { table, targets } = await bench(database, server)
      console.log(`\n${label}`)
      console.table(table)
      console.log(`${targets.ok ? "Target met" : "Target NOT met"} on ${label}: ${targets.text}.`)
      ok = ok && targets.ok
    } finally {
      await server?.stop()
    }
  }
  process.exitCode = ok ? 0 : 1
}

void main()
