/**
 * A Postgres client that speaks the wire protocol by hand, for the wire server's tests: it can stop halfway
 * through a statement, hold a transaction open without a driver's own timers, and be killed at a chosen
 * moment (its socket reset, as the kernel does for a killed process).
 */
import net from "node:net"
import { cstring, message } from "../../server/wire-protocol"

export interface Reply {
  rows: string[][]
  /** SQLSTATE of the ErrorResponse, if any. */
  error: string | null
  /** ReadyForQuery's transaction status. */
  status: string
}

export interface Farewell {
  /** SQLSTATE of the last ErrorResponse before the server closed the connection, if any. */
  code: string | null
  message: string | null
}

/** Messages of the extended protocol, for a client that stops between them. */
export const messages = {
  parse: (name: string, text: string) => message("P", cstring(name), cstring(text), Buffer.alloc(2)),
  /** Bind with no parameters and text results. */
  bind: (statement: string) => message("B", cstring(""), cstring(statement), Buffer.alloc(6)),
  execute: () => message("E", cstring(""), Buffer.alloc(4)),
  /** Asks for what is pending to be sent now, without ending the statement. */
  flush: () => message("H"),
  sync: () => message("S"),
}

export interface WireClient {
  /** A simple-protocol Query, answered at its ReadyForQuery. */
  query(text: string): Promise<Reply>
  /** Sends messages as they are; `untilReady` waits for the ReadyForQuery they lead to. */
  send(bytes: Buffer): void
  untilReady(): Promise<Reply>
  /** Settles when a message of this type next arrives (ParseComplete '1', CommandComplete 'C', …). */
  arrival(type: string): Promise<void>
  /** Settles when the server closes the connection, with what it said last. */
  closed: Promise<Farewell>
  /** The socket reset, as for a killed process. */
  kill(): void
  end(): void
}

/** Connects and sends the startup packet; resolves once the server is ready for a query. */
export async function connectWire(conn: string): Promise<WireClient> {
  const [host, port] = [conn.slice(0, conn.lastIndexOf(":")), Number(conn.slice(conn.lastIndexOf(":") + 1))]
  const socket = net.connect({ host, port })
  let buffer = Buffer.alloc(0)
  let current: Reply = { rows: [], error: null, status: "" }
  let lastError: Farewell = { code: null, message: null }
  const waiting: Array<(reply: Reply) => void> = []
  const readies: Reply[] = []
  const arrivals: Array<{ type: string; resolve: () => void }> = []

  const closed = new Promise<Farewell>((resolve) => socket.on("close", () => resolve(lastError)))
  socket.on("error", () => undefined)
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    while (buffer.length >= 5) {
      const length = buffer.readInt32BE(1)
      if (buffer.length < 1 + length) break
      const type = String.fromCharCode(buffer[0] ?? 0)
      const body = buffer.subarray(5, 1 + length)
      buffer = buffer.subarray(1 + length)
      for (const arrival of arrivals.filter((a) => a.type === type)) {
        arrivals.splice(arrivals.indexOf(arrival), 1)
        arrival.resolve()
      }
      if (type === "D") current.rows.push(columns(body))
      if (type === "E") {
        const fields = errorFields(body)
        current.error = fields.C ?? "error"
        lastError = { code: fields.C ?? null, message: fields.M ?? null }
      }
      if (type === "Z") {
        current.status = String.fromCharCode(body[0] ?? 0)
        const done = current
        current = { rows: [], error: null, status: "" }
        const next = waiting.shift()
        if (next) next(done)
        else readies.push(done)
      }
    }
  })

  const untilReady = () =>
    new Promise<Reply>((resolve) => {
      const ready = readies.shift()
      if (ready) resolve(ready)
      else waiting.push(resolve)
    })

  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve)
    socket.once("error", reject)
  })
  const params = Buffer.concat([cstring("user"), cstring("postgres"), cstring("database"), cstring("postgres")])
  const startup = Buffer.alloc(8)
  startup.writeInt32BE(8 + params.length + 1, 0)
  startup.writeInt32BE(196608, 4)
  socket.write(Buffer.concat([startup, params, Buffer.from([0])]))
  await untilReady()

  return {
    query: (text) => {
      socket.write(message("Q", cstring(text)))
      return untilReady()
    },
    send: (bytes) => void socket.write(bytes),
    untilReady,
    arrival: (type) => new Promise<void>((resolve) => arrivals.push({ type, resolve })),
    closed,
    kill: () => void socket.resetAndDestroy(),
    end: () => {
      socket.end(message("X"))
    },
  }
}

function columns(body: Buffer): string[] {
  const values: string[] = []
  let at = 2
  for (let i = body.readInt16BE(0); i > 0; i--) {
    const length = body.readInt32BE(at)
    at += 4
    values.push(length < 0 ? "" : body.toString("utf8", at, at + length))
    at += Math.max(length, 0)
  }
  return values
}

function errorFields(body: Buffer): Record<string, string> {
  const fields: Record<string, string> = {}
  let at = 0
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1)
    fields[String.fromCharCode(body[at] ?? 0)] = body.toString("utf8", at + 1, end)
    at = end + 1
  }
  return fields
}
