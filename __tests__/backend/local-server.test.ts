/** @jest-environment node */
import net from "node:net"
import { createClient, FunctionsHttpError } from "@supabase/supabase-js"
import postgres from "postgres"
import twilio from "twilio"
import WebSocket from "ws"
import { LOCAL_TWILIO_AUTH_TOKEN } from "../../supabase/functions/_shared/kernel/local-defaults"
import { COMPANY } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { PortInUseError, startBackend, type RunningBackend } from "../../server/backend"
import { bodies, TEST_IP_HASH_SALT, postTo } from "./helpers"
import { arrayContaining, textContaining } from "./matchers"
import { tempFolders } from "./migrated-template"

// Each backend resumes a copy of the migrated database rather than making its own (initdb, every migration).
const { holding } = tempFolders()

let backend: RunningBackend
let supabase: ReturnType<typeof createClient>

beforeAll(async () => {
  backend = await startBackend({
    dataDir: await holding("migrated"),
    apiPort: 0,
    dbPort: 0,
    outboxIntervalMs: 0,
    env: {},
  })
  // Node 20 has no WebSocket; supabase-js's realtime client needs one even when unused.
  supabase = createClient(backend.url, backend.config.anonKey, { realtime: { transport: WebSocket as never } })
})
afterAll(() => backend.stop())

test("supabase-js calls a function on the running local server", async () => {
  const answer: { data: unknown; error: unknown } = await supabase.functions.invoke("process-contact", {
    body: bodies.contact(),
  })
  const { data, error } = answer
  expect(error).toBeNull()
  expect(data).toMatchObject({ success: true, message: textContaining("Thank you, Ann!"), error: null })
})

test("an invalid body comes back as a FunctionsHttpError whose response names the fields", async () => {
  const answer: { data: unknown; error: unknown } = await supabase.functions.invoke("process-simple-lead", {
    body: { ...bodies.booking(), email: "not-an-email" },
  })
  const { data, error } = answer
  expect(data).toBeNull()
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const response = (error as FunctionsHttpError).context as Response
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({
    success: false,
    fields: { email: "Please enter a valid email address" },
  })
})

test("the outbox delivers into the local mailbox, listed and shown at /_dev/mail", async () => {
  await supabase.functions.invoke<unknown>("process-simple-lead", { body: bodies.booking() })
  await backend.dispatch()
  const messages = (await (await fetch(`${backend.url}/_dev/mail.json`)).json()) as Array<{
    id: string
    subject: string
    to_address: string
  }>
  const confirmation = messages.find((m) => m.to_address === "tom@example.com")
  expect(confirmation?.subject).toBe("Your $49 Scarsdale Starter Visit price is reserved")
  const list = await (await fetch(`${backend.url}/_dev/mail`)).text()
  expect(list).toContain("Your $49 Scarsdale Starter Visit price is reserved")
  const shown = await fetch(`${backend.url}/_dev/mail/${confirmation!.id}`)
  expect(shown.status).toBe(200)
  expect(await shown.text()).toContain("30-point inspection")
})

test("the embedded database is a real Postgres server for postgres.js and psql", async () => {
  const sql = postgres(backend.databaseUrl!, { max: 1, onnotice: () => undefined })
  try {
    const [row] = await sql`select count(*)::int as leads from leads`
    expect(row?.leads).toBeGreaterThanOrEqual(1)
  } finally {
    await sql.end()
  }
})

test("with DATABASE_URL the backend uses that Postgres (here: the first backend's server) through postgres.js", async () => {
  const second = await startBackend({
    databaseUrl: backend.databaseUrl!,
    apiPort: 0,
    dbPort: null,
    outboxIntervalMs: 0,
    env: { IP_HASH_SALT: TEST_IP_HASH_SALT },
  })
  try {
    const body = bodies.contact()
    const response = await postTo(second, "process-contact", body)
    expect(response.status).toBe(200)
    const rows = await backend.db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId])
    expect(rows).toHaveLength(1)
  } finally {
    await second.stop()
  }
})

test("npm start on another port (PORT=9100): the local backend allows its own site, whose leads carry no origin flag", async () => {
  const other = await startBackend({
    dataDir: await holding("migrated"),
    apiPort: 0,
    dbPort: null,
    outboxIntervalMs: 0,
    env: { PORT: "9100" },
  })
  try {
    expect(other.config.allowedOrigins).toEqual(arrayContaining(["http://localhost:9100", "http://127.0.0.1:9100"]))
    const body = bodies.contact()
    const response = await fetch(`${other.url}/functions/v1/process-contact`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: other.config.anonKey, origin: "http://localhost:9100" },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:9100")
    const rows = await other.db.query(`select flags from contact_messages where submission_id = $1`, [
      body.submissionId,
    ])
    expect(rows).toEqual([{ flags: [] }])
  } finally {
    await other.stop()
  }
})

test("a port already in use is a clear error", async () => {
  const blocker = net.createServer()
  await new Promise<void>((resolve) =>
    blocker.listen(0, "127.0.0.1", () => {
      resolve()
    }),
  )
  const port = (blocker.address() as net.AddressInfo).port
  // Both on one folder: a refused start leaves it as it found it (closed, unlocked).
  const refused = { dataDir: await holding("migrated"), apiPort: port, dbPort: null, outboxIntervalMs: 0, env: {} }
  try {
    await expect(startBackend(refused)).rejects.toThrow(PortInUseError)
    await expect(startBackend(refused)).rejects.toThrow(`Port ${port} (local functions API) is already in use`)
  } finally {
    blocker.close()
  }
  // Each refused start opens (and closes) a database first: seconds each on a loaded machine.
}, 60_000)

test("stopping twice stops once: both calls wait for the same stop, and the folder opens again after it", async () => {
  const options = { dataDir: await holding("migrated"), apiPort: 0, dbPort: 0, outboxIntervalMs: 0, env: {} }
  const first = await startBackend(options)
  // Ctrl+C pressed twice, or a test's cleanup after the test's own stop.
  const stopping = first.stop()
  expect(first.stop()).toBe(stopping)
  await stopping
  await first.stop()
  const again = await startBackend(options)
  await again.stop()
}, 60_000)

test("Twilio's inbound-text webhook works with no Twilio account: signed with the local token over the backend's own URL", async () => {
  const url = `${backend.config.texts.webhookBaseUrl ?? ""}/receive-text`
  expect(url).toBe(`${backend.url}/functions/v1/receive-text`.replace("localhost", "127.0.0.1"))
  const params = { MessageSid: `SM${"ab".repeat(16)}`, From: "+19145550177", To: COMPANY.phone.e164, Body: "AYUDA" }
  const signature = twilio.getExpectedTwilioSignature(LOCAL_TWILIO_AUTH_TOKEN, url, params)
  const send = (headers: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(params).toString(),
    })
  const answer = await send({ "x-twilio-signature": signature })
  expect(answer.status).toBe(200)
  expect(await answer.text()).toContain(COMPANY.name)
  expect((await send({})).status).toBe(403)
})
