/** Real HTTP servers on 127.0.0.1 standing in for the e-mail API and the CRM. */
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  status: number
  /** performance.now() when the answer was sent. */
  answeredAt?: number
  /** The request's method and path with its query (recorded by the fake Twilio, which serves two). */
  method?: string
  url?: string
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

/** Resolves once `ready` holds, checked now and after each request the server records: a test waits for an event, not a time. */
function waiter(ready: () => boolean) {
  let waiting: Array<() => void> = []
  return {
    check() {
      if (!ready()) return
      const woken = waiting
      waiting = []
      for (const wake of woken) wake()
    },
    until: () => (ready() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  }
}

/** `server` listening on a free port of 127.0.0.1: its URL, and a close that ends open connections first. */
export function listening(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            // Answers still delayed (a hanging provider) must not hold the test up.
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    }),
  )
}

/** A fake server that can also be waited on. */
export interface WatchedServer extends FakeServer {
  /** Resolves once `count` requests have been answered 2xx. */
  untilDelivered: (count: number) => Promise<void>
  /** Resolves once `count` requests have come in, answered or not (a hanging provider has them). */
  untilReceived: (count: number) => Promise<void>
}

/** What a fake server's answer carries besides its JSON content type, by the answer's status (a 429's Retry-After). */
export type HeadersFor = (status: number) => http.OutgoingHttpHeaders

/**
 * A delay for the fakes' answers: a provider that answers only once the caller has hung up (after its
 * timeout), however long a loaded machine makes that. A fixed delay "past the timeout" is a race on a busy
 * machine: the caller's own answers to its look-ups then miss a timeout set short enough for that delay.
 */
export const AFTER_HANG_UP = Number.POSITIVE_INFINITY

/**
 * The caller's timeout (ALERT_TIMEOUT_MS) beside a fake answering AFTER_HANG_UP: long enough that the answers
 * given at once (look-ups, retries) never reach it on a loaded machine (300 ms did: extra look-ups).
 */
export const HANG_UP_TIMEOUT_MS = "2000"

/** Runs `answer` after `delayMs`, or when the caller closes the connection for AFTER_HANG_UP. */
function afterDelay(delayMs: number, response: http.ServerResponse, answer: () => void): void {
  if (delayMs === AFTER_HANG_UP) {
    response.once("close", answer)
    return
  }
  // A late answer must not keep Jest waiting after the test.
  setTimeout(answer, delayMs).unref()
}

/** Answers each request with the status the script gives it, after `delayMs` (or AFTER_HANG_UP), with `headers` for that status. */
export function fakeServer(script: Script, delayMs = 0, headers: HeadersFor = () => ({})): Promise<WatchedServer> {
  const received: Received[] = []
  const waiters: Array<ReturnType<typeof waiter>> = []
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
      for (const w of waiters) w.check()
      afterDelay(delayMs, response, () => {
        entry.answeredAt = performance.now()
        for (const w of waiters) w.check()
        // A caller that gave up (its timeout) has closed the connection: nothing to answer.
        if (response.destroyed) return
        response.writeHead(status, { "content-type": "application/json", ...headers(status) })
        response.end(
          JSON.stringify(status < 300 ? { id: `msg_${received.length}` } : { message: "temporarily unavailable" }),
        )
      })
    })
  })
  return listening(server).then((listener) => ({
    ...listener,
    received,
    delivered: () => received.filter((r) => r.status < 300),
    untilDelivered: (count: number) => {
      const w = waiter(() => received.filter((r) => r.status < 300 && r.answeredAt !== undefined).length >= count)
      waiters.push(w)
      return w.until()
    },
    untilReceived: (count: number) => {
      const w = waiter(() => received.length >= count)
      waiters.push(w)
      return w.until()
    },
  }))
}

/** A list to put this file's fake servers in; each is closed after every test, and the list emptied. */
export function closedAfterEach(): FakeServer[] {
  const servers: FakeServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
  })
  return servers
}

/** One message the fake Twilio holds, as its Messages list shows it. */
export interface TwilioMessage {
  sid: string
  to: string
  from: string
  body: string
  /** RFC 2822, as Twilio writes it. */
  date_created: string
  date_sent: string
  status: "sent"
}

export interface FakeTwilio extends FakeServer {
  /** The messages it sent, in order. */
  messages: TwilioMessage[]
  /** Resolves once `count` messages were sent. */
  untilSent: (count: number) => Promise<void>
}

/**
 * Twilio's Messages resource on 127.0.0.1: POST …/Messages.json sends (the message is sent as soon as it
 * is received, whenever the answer goes out) and GET …/Messages.json lists them, newest first, filtered
 * by To and by `DateSent>=` (a UTC day), as the real one is. `answerAfterMs` delays the answer to each
 * POST (by its number, from 0): a slow Twilio, past the caller's timeout with AFTER_HANG_UP. `status`
 * decides each POST's answer; one that is not 2xx sends nothing. Times come from `clock` (the test's).
 */
export function fakeTwilio({
  clock = () => new Date(),
  answerAfterMs = () => 0,
  status = () => 201,
  readStatus = 200,
  numbers,
}: {
  clock?: () => Date
  answerAfterMs?: (post: number) => number
  status?: (post: number) => number
  /** Every GET's status: 401 is credentials Twilio refuses. */
  readStatus?: number
  /** The account's own numbers (IncomingPhoneNumbers); every number asked for when absent. */
  numbers?: readonly string[]
} = {}): Promise<FakeTwilio> {
  const received: Received[] = []
  const messages: TwilioMessage[] = []
  const waiters: Array<ReturnType<typeof waiter>> = []
  let posts = 0
  const server = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://twilio.test")
      const answer = (code: number, json: unknown, delayMs = 0) => {
        const entry: Received = {
          headers: request.headers,
          body,
          status: code,
          method: request.method,
          url: request.url,
        }
        received.push(entry)
        afterDelay(delayMs, response, () => {
          entry.answeredAt = performance.now()
          if (response.destroyed) return
          response.writeHead(code, { "content-type": "application/json" })
          response.end(JSON.stringify(json))
        })
      }
      if (request.method === "GET" && readStatus !== 200) {
        answer(readStatus, { code: 20003, message: "Authenticate", status: readStatus })
        return
      }
      if (request.method === "GET" && url.pathname.endsWith("/IncomingPhoneNumbers.json")) {
        const asked = url.searchParams.get("PhoneNumber") ?? ""
        const owned = numbers ? numbers.includes(asked) : true
        answer(200, { incoming_phone_numbers: owned ? [{ phone_number: asked }] : [], next_page_uri: null })
        return
      }
      if (request.method === "GET") {
        const to = url.searchParams.get("To")
        const since = url.searchParams.get("DateSent>")
        const listed = messages
          .filter((m) => (!to || m.to === to) && (!since || new Date(m.date_sent).toISOString().slice(0, 10) >= since))
          .reverse()
        answer(200, { messages: listed, next_page_uri: null })
        return
      }
      const n = posts++
      const code = status(n)
      const form = new URLSearchParams(body)
      if (code >= 300) {
        answer(code, { code: 20500, message: "Twilio could not send it" }, answerAfterMs(n))
        return
      }
      const at = clock().toUTCString()
      const message: TwilioMessage = {
        sid: `SM${String(messages.length + 1).padStart(32, "0")}`,
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        date_created: at,
        date_sent: at,
        status: "sent",
      }
      messages.push(message)
      for (const w of waiters) w.check()
      answer(code, message, answerAfterMs(n))
    })
  })
  return listening(server).then((listener) => ({
    ...listener,
    received,
    messages,
    delivered: () => received.filter((r) => r.method === "POST" && r.status < 300),
    untilSent: (count: number) => {
      const w = waiter(() => messages.length >= count)
      waiters.push(w)
      return w.until()
    },
  }))
}

export interface FakeEmailApi extends FakeServer {
  /** The e-mails it sent: one per Idempotency-Key, however often a key was posted. */
  sent: () => Received[]
}

/**
 * Resend's e-mail API as far as idempotency goes: a POST whose Idempotency-Key it has seen is answered
 * as the first one was and sends nothing (Resend keeps a key 24 hours), so `sent` is what reached
 * inboxes. `delayMs` (or AFTER_HANG_UP, or a function giving either per request) holds each answer; the
 * e-mail is sent on receipt.
 */
export function fakeEmailApi(delayMs: number | (() => number) = 0): Promise<FakeEmailApi> {
  const received: Received[] = []
  const byKey = new Map<string, Received>()
  const server = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      const key = String(request.headers["idempotency-key"] ?? "")
      const entry: Received = { headers: request.headers, body, status: 200, method: request.method, url: request.url }
      received.push(entry)
      if (key && !byKey.has(key)) byKey.set(key, entry)
      afterDelay(typeof delayMs === "number" ? delayMs : delayMs(), response, () => {
        entry.answeredAt = performance.now()
        if (response.destroyed) return
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ id: `email_${key}` }))
      })
    })
  })
  return listening(server).then((listener) => ({
    ...listener,
    received,
    delivered: () => received.filter((r) => r.status < 300),
    sent: () => [...byKey.values()],
  }))
}
