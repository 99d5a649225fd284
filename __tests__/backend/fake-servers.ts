/** Real HTTP servers on 127.0.0.1 standing in for the e-mail API and the CRM. */
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  status: number
  /** performance.now() when the answer was sent. */
  answeredAt?: number
}

/** A status per request in turn (the last one repeats), or one chosen from the request itself. */
export type Script = number[] | ((request: { headers: http.IncomingHttpHeaders; body: string }) => number)

export interface FakeServer {
  url: string
  received: Received[]
  /** Requests answered 2xx: actual deliveries. */
  delivered: () => Received[]
  close: () => Promise<void>
}

/** Answers each request with the status the script gives it, after `delayMs`. */
export function fakeServer(script: Script, delayMs = 0): Promise<FakeServer> {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const status =
        typeof script === "function"
          ? script({ headers: request.headers, body })
          : (script[Math.min(received.length, script.length - 1)] ?? 200)
      const entry: Received = { headers: request.headers, body, status }
      received.push(entry)
      setTimeout(() => {
        entry.answeredAt = performance.now()
        response.writeHead(status, { "content-type": "application/json" })
        response.end(
          JSON.stringify(status < 300 ? { id: `msg_${received.length}` } : { message: "temporarily unavailable" }),
        )
      }, delayMs)
    })
  })
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        delivered: () => received.filter((r) => r.status < 300),
        close: () =>
          new Promise<void>((done) =>
            server.close(() => {
              done()
            }),
          ),
      })
    }),
  )
}

/** A list to put this file's fake servers in; each is closed after every test, and the list emptied. */
export function closedAfterEach(): FakeServer[] {
  const servers: FakeServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
  })
  return servers
}
