/**
 * `npm run bench:backend`: load on the local backend's process-simple-lead,
 * every request a new lead, with autocannon on this machine.
 * 1. Sustained: 300 requests per second for 10 s (10 connections); target p99 ≤ 50 ms.
 * 2. Capacity: as fast as 20 connections can go, for 10 s.
 * 3. Exactness: 1,000 submissions at concurrency 20 must store exactly 1,000 leads.
 * Prints a table. Not a test: numbers only (exit 1 when a target is missed).
 */
import { randomUUID } from "node:crypto"
import autocannon from "autocannon"
import { LOCAL_ANON_KEY } from "../../supabase/functions/_shared/local-defaults"
import { startBackendProcess, visitorIp } from "./backend-process"

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const CONNECTIONS = 20
const SUSTAINED_CONNECTIONS = Number(process.env.BENCH_SUSTAINED_CONNECTIONS ?? 10)

const TARGET_RATE = 300

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

async function main() {
  const backend = await startBackendProcess()
  const countLeads = async (offer: string) =>
    (await backend.sql`select count(*)::int as n from leads where special_offer = ${offer}`)[0]?.n as number
  // Every request from its own address, as from many visitors: the per-IP rate limit stays on, at its default.
  let visitors = 0
  const asVisitor = (r: autocannon.Request, offer?: string): autocannon.Request => ({
    ...r,
    headers: { ...r.headers, "x-forwarded-for": visitorIp(++visitors) },
    body: lead(offer),
  })
  const url = `${backend.base}/functions/v1/process-simple-lead`
  const headers = { "content-type": "application/json", apikey: LOCAL_ANON_KEY }
  try {
    // Warm-up, then the sustained run.
    await autocannon({
      url,
      method: "POST",
      headers,
      connections: CONNECTIONS,
      amount: 3000,
      requests: [{ setupRequest: (r) => asVisitor(r) }],
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
    // autocannon fires every connection of a rate-limited run on the same tick, so each connection adds
    // to a synchronized burst; the sustained run uses fewer connections than the capacity run.
    const sustained = await run({ duration: DURATION_S, overallRate: TARGET_RATE, connections: SUSTAINED_CONNECTIONS })
    const capacity = await run({ duration: DURATION_S })
    const marker = `bench-${randomUUID()}`
    const exact = await run({ amount: 1000 }, marker)
    const stored = await countLeads(marker)

    const table = {
      "capacity (20 connections): req/s (mean)": capacity.requests.average,
      "capacity (20 connections): p50 / p99 (ms)": `${capacity.latency.p50} / ${capacity.latency.p99}`,
      [`sustained ${TARGET_RATE}/s: req/s (mean)`]: sustained.requests.average,
      [`sustained ${TARGET_RATE}/s (${SUSTAINED_CONNECTIONS} connections): p50 / p90 / p99 / max (ms)`]: `${sustained.latency.p50} / ${sustained.latency.p90} / ${sustained.latency.p99} / ${sustained.latency.max}`,
      "non-2xx, errors, timeouts":
        capacity.non2xx +
        sustained.non2xx +
        capacity.errors +
        sustained.errors +
        capacity.timeouts +
        sustained.timeouts,
      "1,000 at concurrency 20: 2xx": exact["2xx"],
      "1,000 at concurrency 20: leads stored": stored,
    }
    console.table(table)
    const ok =
      capacity.requests.average >= TARGET_RATE &&
      sustained.latency.p99 <= 50 &&
      stored === 1000 &&
      exact["2xx"] === 1000 &&
      capacity.non2xx + sustained.non2xx === 0
    console.log(
      ok
        ? "Target met: ≥ 300 req/s, p99 ≤ 50 ms, exactly 1,000 leads."
        : "Target NOT met (≥ 300 req/s, p99 ≤ 50 ms, exactly 1,000 leads).",
    )
    process.exitCode = ok ? 0 : 1
  } finally {
    await backend.stop()
  }
}

void main()
