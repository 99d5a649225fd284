/**
 * @jest-environment node
 *
 * An answer given before the request's body has all arrived closes the connection after it, so the client
 * reads the answer and sends what follows on a new connection (server/unread-body.ts).
 */
import net from "node:net"
import { startBackend, type RunningBackend } from "../../server/backend"
import { closingWhenBodyUnread } from "../../server/unread-body"
import { MAX_BODY_BYTES } from "../../supabase/functions/_shared/kernel/contract"
import { ANON_KEY, bodies } from "./helpers"

jest.setTimeout(60_000)

let backend: RunningBackend
beforeAll(async () => {
  backend = await startBackend({
    dataDir: "memory://",
    apiPort: 0,
    dbPort: null,
    outboxIntervalMs: 0,
    env: { SUPABASE_ANON_KEY: ANON_KEY, MIN_FORM_FILL_MS: "0" },
  })
})
afterAll(() => backend.stop())

/** Sends the head and the first `sent` bytes of a body declared `declared` bytes long; resolves with the answer's head. */
function partialPost(headers: Record<string, string>, declared: number, sent: number): Promise<string> {
  const { port } = new URL(backend.url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1")
    let answer = ""
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1")
      const head = answer.indexOf("\r\n\r\n")
      if (head >= 0) {
        socket.destroy()
        resolve(answer.slice(0, head).toLowerCase())
      }
    })
    socket.on("error", reject)
    const head = Object.entries({ ...headers, "content-length": String(declared), host: "127.0.0.1" })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n")
    socket.write(`POST /functions/v1/process-contact HTTP/1.1\r\n${head}\r\n\r\n`)
    socket.write(Buffer.alloc(sent, 0x20))
  })
}

test("a body over the limit, still arriving, is answered 413 with Connection: close", async () => {
  const head = await partialPost(
    { "content-type": "application/json", apikey: ANON_KEY },
    4 * MAX_BODY_BYTES,
    MAX_BODY_BYTES + 1024,
  )
  expect(head).toMatch(/^http\/1\.1 413/)
  expect(head).toContain("connection: close")
})

test("a whole request keeps its connection for the next one", async () => {
  const response = await fetch(`${backend.url}/functions/v1/process-contact`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify(bodies.contact()),
  })
  expect(response.status).toBe(200)
  expect(response.headers.get("connection")).not.toBe("close")
})

test("closingWhenBodyUnread: only an answer to a message not all received is changed", async () => {
  const answer = () => new Response('{"ok":true}', { status: 413, headers: { "content-type": "application/json" } })
  expect(closingWhenBodyUnread(answer(), { complete: true, readableEnded: false }).headers.get("connection")).toBeNull()
  expect(closingWhenBodyUnread(answer(), undefined).headers.get("connection")).toBeNull()
  const closing = closingWhenBodyUnread(answer(), { complete: false, readableEnded: false })
  expect(closing.headers.get("connection")).toBe("close")
  expect(closing.status).toBe(413)
  expect(await closing.json()).toEqual({ ok: true })
})
