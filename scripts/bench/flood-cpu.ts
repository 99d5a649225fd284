/**
 * `npm run bench:flood-cpu`: what one refused request costs the backend, in CPU time rather than wall
 * time, so the figure holds on a busy machine (wall-clock latency depends on what else runs; the CPU
 * a request takes does not, apart from cache effects).
 * 1. In process: `app.request()` in a loop on PGlite, `process.cpuUsage()` around each batch:
 *    - a flood of new valid submissions from one address, after its window is used up;
 *    - an address sending only bodies the contract refuses;
 *    - rotating /64s inside one IPv6 /48, after the /48's budget is used up.
 * 2. Over HTTP: the backend in its own process (as `npm run backend` runs it), autocannon sending one
 *    address's flood, and the backend process's own CPU time (Linux /proc) divided by the requests.
 * Prints µs per request and what each phase answered. Not a test: numbers only.
 */
import autocannon from "autocannon"
import { createApp } from "../../supabase/functions/_shared/app"
import { LOCAL_ANON_KEY } from "../../supabase/functions/_shared/kernel/local-defaults"
import { ANON_KEY, SITE_ORIGIN, bodies, freshDb, testConfig } from "../../__tests__/backend/helpers"
import { startBackendProcess } from "./backend-process"
import { processTreeCpuSeconds } from "./process-cpu"

const RATE_LIMIT_MAX = 20
const REQUESTS = Number(process.env.FLOOD_CPU_REQUESTS ?? 5_000)
const HTTP_REQUESTS = Number(process.env.FLOOD_CPU_HTTP_REQUESTS ?? 20_000)

type App = ReturnType<typeof createApp>

const send = (app: App, ip: string, body: unknown) =>
  app.request("/functions/v1/process-contact", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: ANON_KEY,
      origin: SITE_ORIGIN,
      "x-forwarded-for": ip,
    },
    body: JSON.stringify(body),
  })

/** Sends `count` requests one after another; CPU µs per request and the statuses answered. */
async function measure(count: number, request: (i: number) => Response | Promise<Response>) {
  const statuses = new Map<number, number>()
  const before = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    const response = await request(i)
    await response.arrayBuffer()
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
  }
  const used = process.cpuUsage(before)
  return {
    usPerRequest: (used.user + used.system) / count,
    statuses: [...statuses].map(([status, n]) => `${n}× ${status}`).join(", "),
  }
}

const print = (label: string, result: { usPerRequest: number; statuses: string }) => {
  console.log(`  ${label}: ${result.usPerRequest.toFixed(1)} µs CPU per request (${result.statuses})`)
}

async function inProcess() {
  const { pg, db } = await freshDb()
  try {
    const app = createApp({
      db,
      config: testConfig({
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        RATE_LIMIT_WINDOW_SECONDS: "600",
        TRUSTED_PROXY_HOPS: "1",
      }),
    })
    // Warm-up: JIT, the statements' plans, the database's pages.
    await measure(200, (i) => send(app, `198.51.100.${i % 200}`, bodies.contact()))
    console.log(`In process (app.request, PGlite, RATE_LIMIT_MAX=${RATE_LIMIT_MAX}, ${REQUESTS} requests a phase):`)

    print(
      `one address's first ${RATE_LIMIT_MAX * 3} valid submissions (window used up, then refused)`,
      await measure(RATE_LIMIT_MAX * 3, () => send(app, "203.0.113.7", bodies.contact())),
    )
    print(
      "the same address's flood, steady state (each a new valid submission)",
      await measure(REQUESTS, () => send(app, "203.0.113.7", bodies.contact())),
    )
    print(
      "an address sending only bodies the contract refuses",
      await measure(REQUESTS, () => send(app, "203.0.113.8", { ...bodies.contact(), email: "not an address" })),
    )
    const v6 = (i: number) => `2001:db8:7:${(i % 256).toString(16)}00::${(i % 65_535) + 1}`
    print(
      "rotating /64s inside one IPv6 /48 (256 /64s, each a new valid submission)",
      await measure(REQUESTS, (i) => send(app, v6(i), bodies.contact())),
    )
  } finally {
    await pg.close()
  }
}

async function overHttp() {
  const backend = await startBackendProcess({
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    RATE_LIMIT_WINDOW_SECONDS: "600",
    OUTBOX_WAKE: "0",
    OUTBOX_INTERVAL_MS: "0",
    TURNSTILE_SECRET_KEY: "",
  })
  try {
    // On a busy machine the backend may take longer to start than its starter waits.
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`${backend.base}/functions/v1/process-contact`, { method: "OPTIONS" }).then(
        () => true,
        () => false,
      )
      if (up) break
      await new Promise((r) => setTimeout(r, 500))
    }
    const url = `${backend.base}/functions/v1/process-contact`
    const headers = { "content-type": "application/json", apikey: LOCAL_ANON_KEY, origin: "http://localhost:9000" }
    const flood = (amount: number, ip: string) =>
      autocannon({
        url,
        method: "POST",
        headers: { ...headers, "x-forwarded-for": ip },
        connections: 10,
        amount,
        requests: [{ setupRequest: (r) => ({ ...r, body: JSON.stringify(bodies.contact()) }) }],
      })
    /** The backend's CPU µs per request while `run` sends `amount` of them. */
    const cpuPer = async (amount: number, run: () => Promise<autocannon.Result>) => {
      const before = backend.pid === undefined ? null : processTreeCpuSeconds(backend.pid)
      const result = await run()
      const after = backend.pid === undefined ? null : processTreeCpuSeconds(backend.pid)
      const us = before === null || after === null ? null : ((after - before) * 1e6) / amount
      const statuses = Object.entries(result.statusCodeStats ?? {})
        .map(([status, { count }]) => `${count}× ${status}`)
        .join(", ")
      return `${us === null ? "(no /proc here)" : `${us.toFixed(1)} µs`} (${statuses}; ${Math.round(result.requests.average)} req/s)`
    }
    // Warm-up from another address, and the flooding address's window used up.
    await flood(2_000, "198.51.100.250")
    await flood(RATE_LIMIT_MAX * 3, "203.0.113.9")
    console.log(
      `Over HTTP (backend in its own process, autocannon, ${HTTP_REQUESTS} requests a phase; the backend's CPU per request):`,
    )
    console.log(
      `  the floor, a CORS preflight (OPTIONS): ${await cpuPer(HTTP_REQUESTS, () =>
        autocannon({
          url,
          method: "OPTIONS",
          headers: { origin: "http://localhost:9000", "access-control-request-method": "POST" },
          connections: 10,
          amount: HTTP_REQUESTS,
        }),
      )}`,
    )
    console.log(
      `  one address's flood after its window is used up: ${await cpuPer(HTTP_REQUESTS, () => flood(HTTP_REQUESTS, "203.0.113.9"))}`,
    )
  } finally {
    await backend.stop()
  }
}

async function main() {
  await inProcess()
  if (process.env.FLOOD_CPU_HTTP !== "0") await overHttp()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
