import http from "node:http"
import type { AddressInfo } from "node:net"

/** One request a recorder received. */
export interface RecordedRequest {
  path: string
  headers: Record<string, string>
  body: string
}

/**
 * A stand-in for a third party the backend posts to (the CRM's webhook): it answers every POST with
 * 200 and keeps what it got, and lists it at GET /_received, so test files in other processes can read it.
 */
export async function startRequestRecorder(): Promise<{ url: string; stop: () => Promise<void> }> {
  const received: RecordedRequest[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      if (request.method === "GET" && request.url === "/_received") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received))
        return
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      )
      received.push({ path: request.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") })
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The requests the recorder at E2E_RECORDER_URL has received on `path`, waiting until `ready` holds for one of them. */
export async function recordedRequest(
  path: string,
  ready: (request: RecordedRequest) => boolean,
  timeoutMs = 45_000,
): Promise<RecordedRequest> {
  const url = process.env.E2E_RECORDER_URL
  if (!url) throw new Error("E2E_RECORDER_URL is not set; run the browser tests through e2e/jest.config.js")
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const list = (await (await fetch(`${url}/_received`)).json()) as RecordedRequest[]
    const found = list.find((request) => request.path === path && ready(request))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no request to ${path} matched within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
