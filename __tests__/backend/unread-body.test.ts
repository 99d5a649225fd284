/**
 * @jest-environment node
 *
 * An answer given before the request's body has all arrived closes the connection after it, so the client
 * reads the answer and sends what follows on a new connection; the rest of a body within the limit is read
 * first, so a refusal keeps its connection (server/unread-body.ts).
 */
import net from "node:net"
import { startBackend, type RunningBackend } from "../../server/backend"
import http from "node:http"
import { afterTheBody } from "../../server/unread-body"
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
    env: { SUPABASE_ANON_KEY: ANON_KEY, MIN_FORM_FILL_MS: "0", RATE_LIMIT_MAX: "2" },
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

test("a refusal answered while a small body is still arriving (the rate limit) waits for it and keeps the connection", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const answers: Array<{ status: number | undefined; connection: string | undefined }> = []
  for (let i = 0; i < 4; i++)
    await new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ ...bodies.contact(), name: `Split Body ${i}` })
      const request = http.request(
        `${backend.url}/functions/v1/process-contact`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            apikey: ANON_KEY,
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          answers.push({ status: response.statusCode, connection: response.headers.connection })
          response.resume()
          response.on("end", resolve)
        },
      )
      request.on("error", reject)
      // The head and the body's first bytes, then the rest once the request is under way.
      request.write(body.slice(0, 10))
      setImmediate(() => request.end(body.slice(10)))
    })
  agent.destroy()
  // The limit is 2 from this address (the earlier tests' requests count too): the last two are refused.
  expect(answers.map((a) => a.status).slice(-2)).toEqual([429, 429])
  expect(answers.map((a) => a.connection)).toEqual(["keep-alive", "keep-alive", "keep-alive", "keep-alive"])
})

describe("afterTheBody", () => {
  const answer = () => new Response('{"ok":true}', { status: 413, headers: { "content-type": "application/json" } })
  const post = (body: string) => new Request("http://127.0.0.1/", { method: "POST", body })
  /** The Node request's state: `length` as its content-length header. */
  const node = (length: number, state: { complete?: boolean; readableEnded?: boolean } = {}) => ({
    complete: false,
    readableEnded: false,
    ...state,
    headers: { "content-length": String(length) },
  })

  test("a body already read, or all arrived, or a request with none, leaves the answer as it is", async () => {
    expect(
      (await afterTheBody(post("{}"), answer(), node(2, { complete: true }), 100)).headers.get("connection"),
    ).toBeNull()
    const read = post("{}")
    await read.text()
    expect(
      (await afterTheBody(read, answer(), node(2, { readableEnded: true }), 100)).headers.get("connection"),
    ).toBeNull()
    expect((await afterTheBody(post("{}"), answer(), undefined, 100)).headers.get("connection")).toBeNull()
  })

  test("the rest of a body within the limit is read before the answer, which keeps the connection", async () => {
    const request = post('{"name":"Ann"}')
    const response = await afterTheBody(request, answer(), node(14), 100)
    expect(request.bodyUsed).toBe(true)
    expect(response.headers.get("connection")).toBeNull()
  })

  test("a body declared over the limit, or one read in part, is left and the connection closed after the answer", async () => {
    const large = post("x".repeat(200))
    const closing = await afterTheBody(large, answer(), node(200), 100)
    expect(large.bodyUsed).toBe(false)
    expect(closing.headers.get("connection")).toBe("close")
    expect(closing.status).toBe(413)
    expect(await closing.json()).toEqual({ ok: true })
    const partly = post("x".repeat(50))
    await partly.body?.getReader().read()
    expect((await afterTheBody(partly, answer(), node(50), 100)).headers.get("connection")).toBe("close")
  })
})
