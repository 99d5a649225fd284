/** Real HTTP servers on 127.0.0.1 standing in for the e-mail API and the CRM. */
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  status: number
}

export interface FakeServer {
  url: string
  received: Received[]
  /** Requests answered 2xx: actual deliveries. */
  delivered: () => Received[]
  close: () => Promise<void>
}

/** Answers each request with the next status of the script (the last one repeats). */
export function fakeServer(statuses: number[], delayMs = 0): Promise<FakeServer> {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const status = statuses[Math.min(received.length, statuses.length - 1)] ?? 200
      received.push({ headers: request.headers, body, status })
      setTimeout(() => {
        response.writeHead(status, { "content-type": "application/json" })
        response.end(JSON.stringify(status < 300 ? { id: `msg_${received.length}` } : { message: "temporarily unavailable" }))
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
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    }),
  )
}
