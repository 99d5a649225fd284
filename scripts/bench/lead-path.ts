/**
 * How far one contact lead travels through the backend's code: from the request to its stored row,
 * and from the outbox to the office's SMS. For each leg it prints the files whose code ran (V8's
 * precise coverage, after a warm-up lead) and the call path at the moment that matters (the insert of
 * the row, the request to Twilio) as V8's async stack trace keeps it (awaited calls only): its project
 * files and its hops, a hop being a call from one file
 * into another. `npm run bench:lead-path`; a figure for the issue that straightened these seams.
 */
import http from "node:http"
import { Session } from "node:inspector/promises"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { pgliteDb } from "../../server/pglite-db"
import { migrate, pgliteMigrationTarget } from "../../server/migrate"
import { createApp } from "../../supabase/functions/_shared/app"
import { configFromEnv } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import { LOCAL_ANON_KEY } from "../../supabase/functions/_shared/kernel/local-defaults"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"

const ROOT = path.resolve(__dirname, "..", "..")
/** Tuesday 3 March 2026, 10:00 in New York: the office is open, so the lead is alerted at once. */
const OPEN = new Date("2026-03-03T15:00:00Z")

/** The project's own file of a stack frame or coverage URL, or null for Node's and the packages'. */
function projectFile(location: string): string | null {
  const file = location.replace(/^file:\/\//, "")
  // This script is the harness, not the path.
  if (!file.startsWith(ROOT) || file.includes("node_modules") || file === __filename) return null
  return path.relative(ROOT, file)
}

/**
 * The project files of a stack, caller first, the hops between them (a frame in another file than the one before)
 * and the returns (a hop into a file the path had already left).
 */
function callPath(stack: string): { files: string[]; hops: number; returns: number } {
  const frames = stack
    .split("\n")
    .flatMap((line) => {
      const match = /\(?(\/[^():]+):\d+:\d+\)?$/.exec(line.trim())
      const file = match?.[1] ? projectFile(match[1]) : null
      return file ? [file] : []
    })
    .reverse()
  const hopsAt = frames.flatMap((file, i) => (i > 0 && file !== frames[i - 1] ? [i] : []))
  const returns = hopsAt.filter((i) => frames.slice(0, i).includes(frames[i] ?? "")).length
  return { files: [...new Set(frames)], hops: hopsAt.length, returns }
}

async function ranFiles(session: Session, run: () => unknown): Promise<string[]> {
  await session.post("Profiler.takePreciseCoverage")
  await run()
  const { result } = await session.post("Profiler.takePreciseCoverage")
  return result
    .filter((script) => script.functions.some((fn) => fn.ranges[0] && fn.ranges[0].count > 0))
    .flatMap((script) => projectFile(script.url) ?? [])
    .sort()
}

async function main() {
  Error.stackTraceLimit = 200
  const twilio = http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      response.writeHead(201, { "content-type": "application/json" })
      response.end(JSON.stringify({ sid: `SM${"0".repeat(32)}`, status: "queued" }))
    })
  })
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve))
  const address = twilio.address()
  const port = typeof address === "object" && address ? address.port : 0
  const env: Record<string, string> = {
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM: "+19145550000",
    TWILIO_API_URL: `http://127.0.0.1:${port}`,
    ALERT_CONTACTS: JSON.stringify([{ name: "Dana", sms: "+19145550101" }]),
    SITE_URL: "https://office.example",
  }
  const config = configFromEnv((name) => env[name], {
    localMailbox: true,
    ipHashSalt: "lead-path-salt-0123456789abcdef",
  })
  const pg = await PGlite.create()
  await migrate(pgliteMigrationTarget(pg))
  /** The stack at each moment that matters, first seen after the warm-up. */
  const stacks = new Map<"stored" | "sms", string>()
  const keep = (moment: "stored" | "sms") => {
    if (!stacks.has(moment)) stacks.set(moment, new Error().stack ?? "")
  }
  const plain = pgliteDb(pg)
  const watch = (db: Db): Db => ({
    ...db,
    query: (text, params) => {
      if (/insert into contact_messages/i.test(text)) keep("stored")
      return db.query(text, params)
    },
    transaction: (work) => db.transaction((tx) => work(watch(tx))),
  })
  const db = watch(plain)
  const fetchImpl: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
    if (url.includes("/Messages.json")) keep("sms")
    return fetch(input, init)
  }
  const clock = () => OPEN
  const app = createApp({ db, config, clock, fetchImpl })
  const send = (n: number) =>
    app.request("/functions/v1/process-contact", {
      method: "POST",
      headers: { "content-type": "application/json", apikey: LOCAL_ANON_KEY, "x-forwarded-for": `203.0.113.${n}` },
      body: JSON.stringify({
        submissionId: crypto.randomUUID(),
        website: "",
        formFillMs: 30_000,
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "914-555-0100",
        message: `Carpenter ants near the deck (${n}).`,
      }),
    })
  const dispatch = () => dispatchOutbox({ db, config, clock, fetchImpl })

  const session = new Session()
  session.connect()
  await session.post("Profiler.enable")
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false })
  // A warm-up lead first: the measured one then runs only its own path, not the modules' first loads.
  await send(1)
  await dispatch()
  stacks.clear()
  const submitted = await ranFiles(session, () => send(2))
  const alerted = await ranFiles(session, dispatch)
  session.disconnect()
  await pg.close()
  twilio.close()

  const stored = stacks.get("stored")
  const sms = stacks.get("sms")
  if (!stored || !sms) throw new Error("the lead was not stored, or no SMS was sent")
  const legs = [
    { leg: "request → stored row", ran: submitted, path: callPath(stored) },
    { leg: "outbox → office's SMS", ran: alerted, path: callPath(sms) },
  ]
  for (const { leg, ran, path: route } of legs) {
    console.log(
      `\n${leg}: ${ran.length} files ran; the call path crosses ${route.files.length} files in ${route.hops} hops, ${route.returns} of them back to a file it had left`,
    )
    console.log(`  path: ${route.files.join(" → ")}`)
    console.log(`  ran:  ${ran.join(", ")}`)
  }
  const together = new Set([...submitted, ...alerted])
  console.log(
    `\nthe whole path, form to the office's SMS: ${together.size} files in ${new Set([...together].map((file) => path.dirname(file))).size} folders`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
