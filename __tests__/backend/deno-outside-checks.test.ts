/**
 * @jest-environment node
 *
 * Under Deno, as deployed: a hanging siteverify still answers within its
 * bound and stores the lead unverified, a bot's token is filed as spam, no token is the widget's 400; a
 * foreign origin and a rotated key are stored and flagged, readable by the page; a database refusal that
 * quotes the row is a 500 whose log carries no personal data; forged office tokens are refused 429 after
 * a few, before their signature is checked.
 */
import http from "node:http"
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { ANON_KEY, bodies, freshDb } from "./helpers"
import { spawnDeno, stopDenoFunctions, type DenoFunction } from "./deno-server"
import { listening } from "./fake-servers"

jest.setTimeout(180_000)

let pg: PGlite
let wire: WireServer
let databaseUrl: string
let siteverify: { url: string; asked: string[]; close: () => Promise<void> }

/** Cloudflare as the tests need it: "ok" passes, "bot" is invalid-input-response, "hang" is never answered. */
async function fakeSiteverify() {
  const asked: string[] = []
  const server = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const token = new URLSearchParams(body).get("response") ?? ""
      asked.push(token)
      if (token === "hang") return
      response.writeHead(200, { "content-type": "application/json" })
      response.end(
        JSON.stringify(
          token === "ok" ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
        ),
      )
    })
  })
  // Its close ends the open connections, the hanging one included.
  const { url, close } = await listening(server)
  return { url: `${url}/siteverify`, asked, close }
}

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  siteverify = await fakeSiteverify()
})
afterAll(async () => {
  stopDenoFunctions()
  await siteverify.close()
  await wire.stop()
  await pg.close()
})

/** Starts a function under Deno and waits until it answers; its output stays readable. */
async function started(name: string, env: Record<string, string>): Promise<DenoFunction> {
  const deno = await spawnDeno(name, databaseUrl, env)
  for (;;) {
    if (deno.child.exitCode !== null) throw new Error(`deno exited (${deno.child.exitCode}):\n${deno.output()}`)
    try {
      await fetch(deno.url, { method: "OPTIONS" })
      return deno
    } catch {
      // Not listening yet: Jest's timeout bounds the wait.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

const TIMEOUT_MS = 1_000
let contact: DenoFunction
beforeAll(async () => {
  contact = await started("process-contact", {
    TURNSTILE_SECRET_KEY: "ts-secret",
    TURNSTILE_VERIFY_URL: siteverify.url,
    TURNSTILE_TIMEOUT_MS: String(TIMEOUT_MS),
    RATE_LIMIT_MAX: "0",
  })
})

const send = (body: object, headers: Record<string, string> = {}) =>
  fetch(`${contact.url}/process-contact`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY, ...headers },
    body: JSON.stringify(body),
  })

const flagsOf = async (submissionId: string) =>
  (
    await pg.query<{ flags: unknown }>(`select flags from contact_messages where submission_id = $1`, [submissionId])
  ).rows.map((row) => row.flags)

test("under Deno: a hanging siteverify answers within its bound and stores the lead unverified; a bot's token is spam; no token is a 400", async () => {
  const hanging = { ...bodies.contact(), turnstileToken: "hang" }
  const began = performance.now()
  const response = await send(hanging)
  const elapsed = performance.now() - began
  expect(response.status).toBe(200)
  expect(elapsed).toBeLessThan(TIMEOUT_MS + 4_000)
  console.info(`under Deno, a hanging siteverify with a ${TIMEOUT_MS} ms bound: answered in ${Math.round(elapsed)} ms`)
  expect(await flagsOf(hanging.submissionId)).toEqual([
    [{ code: "turnstile_unverified", detail: `siteverify unreachable (no answer within ${TIMEOUT_MS} ms)` }],
  ])

  const bot = { ...bodies.contact(), turnstileToken: "bot" }
  expect((await send(bot)).status).toBe(200)
  const spam = await pg.query(`select reason from spam_attempts where submission_id = $1`, [bot.submissionId])
  expect(spam.rows).toEqual([{ reason: "turnstile_failed" }])
  expect(await flagsOf(bot.submissionId)).toEqual([])

  const none = bodies.contact()
  const refused = await send(none)
  expect(refused.status).toBe(400)
  expect(await refused.json()).toMatchObject({ fields: { turnstileToken: "Please complete the anti-spam check." } })
})

test("under Deno: a foreign origin and a rotated key are stored and flagged, and the page can read the answer", async () => {
  const preflight = await fetch(`${contact.url}/process-contact`, {
    method: "OPTIONS",
    headers: { origin: "https://westchesterfamilypest.com", "access-control-request-method": "POST" },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get("access-control-allow-origin")).toBe("https://westchesterfamilypest.com")
  const body = { ...bodies.contact(), turnstileToken: "ok" }
  const response = await send(body, { origin: "https://westchesterfamilypest.com", apikey: "rotated-key" })
  expect(response.status).toBe(200)
  expect(response.headers.get("access-control-allow-origin")).toBe("https://westchesterfamilypest.com")
  expect(await flagsOf(body.submissionId)).toEqual([
    [
      { code: "apikey_mismatch", detail: "not the project's key" },
      { code: "origin_not_allowed", detail: "https://westchesterfamilypest.com" },
    ],
  ])
})

test("under Deno: a database refusal quoting the whole row is a 500, logged by class and code with no personal data", async () => {
  await pg.query(`alter table contact_messages add constraint log_probe check (name not like '%Refuse-me%') not valid`)
  try {
    const person = {
      name: "Quinn Refuse-me Harlowe",
      email: "quinn.harlowe@example.com",
      phone: "914-555-0166",
      message: "Hornets in the harlowe attic",
    }
    const response = await send({ ...bodies.contact(), ...person, turnstileToken: "ok" })
    expect(response.status).toBe(500)
    // Waits for the line on Deno's stderr (an event of the pipe), with a deadline.
    const deadline = Date.now() + 30_000
    while (!contact.output().includes("[functions]") && Date.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve))
    const output = contact.output()
    expect(output).toMatch(/\[functions\] POST \/process-contact failed: \w+ \(code 23514\)/)
    for (const value of [...Object.values(person), "9145550166", "Harlowe"])
      expect({ value, logged: output.includes(value) }).toEqual({ value, logged: false })
  } finally {
    await pg.query(`alter table contact_messages drop constraint log_probe`)
  }
})

test("under Deno: 20 forged office tokens from one address, 5 checked (400) and 15 refused 429", async () => {
  const acknowledge = await started("acknowledge-lead", {})
  const statuses: number[] = []
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${acknowledge.url}/acknowledge-lead`, {
      method: "POST",
      // No apikey, another origin: the token is the authority. One address, as the gateway appends it.
      headers: {
        "content-type": "application/json",
        origin: "https://example.org",
        "x-forwarded-for": "198.51.100.20",
      },
      body: JSON.stringify({ token: `v1.${"A".repeat(20 + i)}.${"B".repeat(43)}`, confirm: false }),
    })
    await response.arrayBuffer()
    statuses.push(response.status)
  }
  expect(statuses).toEqual([...Array.from({ length: 5 }, () => 400), ...Array.from({ length: 15 }, () => 429)])
})
