/**
 * The few pieces of the Postgres frontend/backend protocol (version 3) the wire server needs: cutting a
 * client's bytes into frames, renaming the statements and portals a client names, building the messages the
 * server sends on its own, and scanning PGlite's replies for ReadyForQuery and for rows.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

export const SSL_REQUEST_CODE = 80877103
export const GSSENC_REQUEST_CODE = 80877104
export const CANCEL_REQUEST_CODE = 80877102
const PROTOCOL_MAJOR_3 = 3
/** Postgres's own limit on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_LENGTH = 10_000
/** Postgres's limit on any other message (PQ_LARGE_MESSAGE_LIMIT). */
export const MAX_MESSAGE_LENGTH = 0x3fffffff

export type Frame =
  /** SSLRequest or GSSENCRequest: answered 'N', the client goes on in plain text. */
  | { kind: "encryption-request" }
  | { kind: "cancel-request" }
  | { kind: "startup"; bytes: Buffer }
  | { kind: "message"; type: string; bytes: Buffer }
  | { kind: "invalid"; reason: string }

/** Cuts a client's byte stream into whole frames: before the startup packet, untyped ones; after it, typed messages. */
export class FrameReader {
  private buffer: Buffer = Buffer.alloc(0)
  private started = false

  push(chunk: Buffer): Frame[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    const frames: Frame[] = []
    for (;;) {
      const frame = this.started ? this.typed() : this.untyped()
      if (frame === null) break
      frames.push(frame)
      // Nothing after a frame the server cannot read makes sense any more.
      if (frame.kind === "invalid") break
    }
    return frames
  }

  private take(length: number): Buffer {
    const bytes = this.buffer.subarray(0, length)
    this.buffer = this.buffer.subarray(length)
    return bytes
  }

  private untyped(): Frame | null {
    if (this.buffer.length < 8) return null
    const length = this.buffer.readInt32BE(0)
    if (length < 8 || length > MAX_STARTUP_LENGTH)
      return { kind: "invalid", reason: "invalid length of startup packet" }
    if (this.buffer.length < length) return null
    const code = this.buffer.readInt32BE(4)
    const bytes = this.take(length)
    if (code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE) return { kind: "encryption-request" }
    if (code === CANCEL_REQUEST_CODE) return { kind: "cancel-request" }
    if (code >>> 16 !== PROTOCOL_MAJOR_3) return { kind: "invalid", reason: "unsupported frontend protocol" }
    this.started = true
    return { kind: "startup", bytes }
  }

  private typed(): Frame | null {
    if (this.buffer.length < 5) return null
    const length = this.buffer.readInt32BE(1)
    if (length < 4 || length > MAX_MESSAGE_LENGTH) return { kind: "invalid", reason: "invalid message length" }
    if (this.buffer.length < 1 + length) return null
    const bytes = this.take(1 + length)
    return { kind: "message", type: String.fromCharCode(bytes[0] ?? 0), bytes }
  }
}

/** A string as the protocol writes one: UTF-8, ended by a zero byte. */
export const cstring = (text: string) => Buffer.concat([Buffer.from(text, "utf8"), Buffer.from([0])])

/** A typed message: its type, its length (counting itself) and its body. */
export function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const header = Buffer.alloc(5)
  header.write(type, 0, "latin1")
  header.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}

/** A simple-protocol Query. */
export const query = (text: string) => message("Q", cstring(text))
export const SYNC = message("S")
export const copyFail = (reason: string) => message("f", cstring(reason))

/** An ErrorResponse as Postgres sends it: severity (localised and not), SQLSTATE and message. */
export const errorResponse = (severity: "ERROR" | "FATAL", code: string, text: string) =>
  message(
    "E",
    Buffer.from("S"),
    cstring(severity),
    Buffer.from("V"),
    cstring(severity),
    Buffer.from("C"),
    cstring(code),
    Buffer.from("M"),
    cstring(text),
    Buffer.from([0]),
  )

/** The string that ends at the first NUL at or after `offset`, and where the bytes after it start. */
function readCstring(bytes: Buffer, offset: number): { text: string; next: number } | null {
  const end = bytes.indexOf(0, offset)
  return end === -1 ? null : { text: bytes.toString("utf8", offset, end), next: end + 1 }
}

/** Which of a message's leading strings name a prepared statement and which a portal, by message type. */
const NAMES: Record<string, Array<"statement" | "portal">> = {
  P: ["statement"], // Parse: statement, query, …
  B: ["portal", "statement"], // Bind: portal, statement, …
  E: ["portal"], // Execute: portal, row limit
}

export type Rename = (kind: "statement" | "portal", name: string) => string

/**
 * The message with every statement and portal name it carries passed through `rename` (the unnamed one, "",
 * stays unnamed); null when the message is too short to hold the names its type says (the caller lets
 * PGlite answer it as it would any malformed message).
 */
export function renamed(bytes: Buffer, rename: Rename): Buffer | null {
  const type = String.fromCharCode(bytes[0] ?? 0)
  let offset = 5
  let kinds = NAMES[type]
  const prefix: Buffer[] = []
  if (type === "D" || type === "C") {
    // Describe and Close: 'S' or 'P', then the name.
    const which = String.fromCharCode(bytes[5] ?? 0)
    if (which !== "S" && which !== "P") return null
    kinds = [which === "S" ? "statement" : "portal"]
    prefix.push(bytes.subarray(5, 6))
    offset = 6
  }
  if (kinds === undefined) return bytes
  const names: Buffer[] = []
  for (const kind of kinds) {
    const name = readCstring(bytes, offset)
    if (name === null) return null
    names.push(cstring(name.text === "" ? "" : rename(kind, name.text)))
    offset = name.next
  }
  return message(type, ...prefix, ...names, bytes.subarray(offset))
}

/** The name a Parse message gives its statement ("" for the unnamed one), or null for another message. */
export function parsedStatementName(bytes: Buffer): string | null {
  if (bytes[0] !== "P".charCodeAt(0)) return null
  return readCstring(bytes, 5)?.text ?? null
}

/** The SQL text of a Query or Parse message, or null for another message. */
export function statementText(bytes: Buffer): string | null {
  if (bytes[0] === "Q".charCodeAt(0)) return readCstring(bytes, 5)?.text ?? null
  if (bytes[0] !== "P".charCodeAt(0)) return null
  const name = readCstring(bytes, 5)
  return name === null ? null : (readCstring(bytes, name.next)?.text ?? null)
}

/** The Query or Parse message with another SQL text (a Parse keeps its name and declares no parameter types). */
export function withText(bytes: Buffer, text: string): Buffer {
  if (bytes[0] === "Q".charCodeAt(0)) return query(text)
  const name = readCstring(bytes, 5)?.text ?? ""
  return message("P", cstring(name), cstring(text), Buffer.alloc(2))
}

/** The statement a Bind message binds ("" for the unnamed one), or null for another message. */
export function boundStatementName(bytes: Buffer): string | null {
  if (bytes[0] !== "B".charCodeAt(0)) return null
  const portal = readCstring(bytes, 5)
  return portal === null ? null : (readCstring(bytes, portal.next)?.text ?? null)
}

/** Close of a prepared statement (the caller adds the Sync). */
export const closeStatement = (name: string) => message("C", Buffer.from("S"), cstring(name))

/** What one reply of PGlite's said, as far as the wire server cares. */
export interface ReplySummary {
  /** The transaction status of the last ReadyForQuery ('I' idle, 'T' in a transaction, 'E' in a failed one), or null for none. */
  readyStatus: string | null
  /** Whether the reply ended with that ReadyForQuery (nothing of the exchange is left to come). */
  endsReady: boolean
  /** Whether the server asked for COPY data (CopyInResponse) after the last ReadyForQuery. */
  copyIn: boolean
}

/** Follows the messages of a reply that arrives in chunks, whatever their boundaries. */
export class ReplyScanner {
  private header = Buffer.alloc(0)
  private remaining = 0
  private type = ""
  private lastType = ""
  private summary: ReplySummary = { readyStatus: null, endsReady: false, copyIn: false }

  feed(chunk: Uint8Array): void {
    let offset = 0
    while (offset < chunk.length) {
      if (this.remaining === 0) {
        const need = 5 - this.header.length
        this.header = Buffer.concat([this.header, chunk.subarray(offset, offset + need)])
        offset += Math.min(need, chunk.length - offset)
        if (this.header.length < 5) return
        this.type = String.fromCharCode(this.header[0] ?? 0)
        this.remaining = this.header.readInt32BE(1) - 4
        this.header = Buffer.alloc(0)
        if (this.type === "G") this.summary.copyIn = true
        if (this.remaining <= 0) this.lastType = this.type
        continue
      }
      if (this.type === "Z" && this.remaining === 1) {
        this.summary.readyStatus = String.fromCharCode(chunk[offset] ?? 0)
        this.summary.copyIn = false
      }
      const used = Math.min(this.remaining, chunk.length - offset)
      this.remaining -= used
      offset += used
      if (this.remaining === 0) this.lastType = this.type
    }
  }

  /** What the reply so far said; starts a new one. */
  take(): ReplySummary {
    const summary = { ...this.summary, endsReady: this.lastType === "Z" && this.remaining === 0 }
    this.summary = { readyStatus: null, endsReady: false, copyIn: summary.copyIn }
    this.lastType = ""
    return summary
  }
}

/** The rows (text values, null for NULL) of a whole reply, or the message of its first ErrorResponse. */
export function rowsOf(reply: Uint8Array): { rows: Array<Array<string | null>>; error: string | null } {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength)
  const rows: Array<Array<string | null>> = []
  let error: string | null = null
  let offset = 0
  while (offset + 5 <= bytes.length) {
    const type = String.fromCharCode(bytes[offset] ?? 0)
    const end = offset + 1 + bytes.readInt32BE(offset + 1)
    if (type === "D") {
      const row: Array<string | null> = []
      let at = offset + 7
      for (let i = bytes.readInt16BE(offset + 5); i > 0; i--) {
        const length = bytes.readInt32BE(at)
        at += 4
        row.push(length < 0 ? null : bytes.toString("utf8", at, at + length))
        at += Math.max(length, 0)
      }
      rows.push(row)
    } else if (type === "E" && error === null) {
      error = errorText(bytes.subarray(offset + 5, end))
    }
    offset = end
  }
  return { rows, error }
}

/** The M field of an ErrorResponse's body. */
function errorText(body: Buffer): string {
  let offset = 0
  while (offset < body.length && body[offset] !== 0) {
    const field = String.fromCharCode(body[offset] ?? 0)
    const value = readCstring(body, offset + 1)
    if (value === null) break
    if (field === "M") return value.text
    offset = value.next
  }
  return "error"
}
