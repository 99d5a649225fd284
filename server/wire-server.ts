/**
 * The Postgres wire server in front of the local backend's PGlite (DB_PORT, 54322): psql, postgres.js or any
 * Postgres client can read the leads while the backend serves the same database.
 *
 * PGlite is one Postgres session. pglite-socket's server queues its clients' protocol messages one by one,
 * so one client's Parse can land between another's Parse and Bind ("unnamed prepared statement does not
 * exist"), and its statements between the backend's BEGIN and COMMIT or the backend's between its own. This
 * server gives the session to one client at a time instead, through the same lock the backend's statements
 * take (PGlite's transaction mutex, which query(), exec() and transaction() hold): a client has it from its
 * first message until a ReadyForQuery that says idle, so a statement's messages and a transaction's
 * statements run with nothing of anyone else's between them, and the backend's work waits and then runs
 * with nothing of the client's between its statements.
 *
 * Bounded: a client that keeps the session while it sends nothing (idle in a transaction, or halfway through
 * a statement) is rolled back and disconnected after IDLE_IN_TRANSACTION_TIMEOUT_MS, as Postgres's
 * idle_in_transaction_session_timeout does; a client that goes away is rolled back at once.
 *
 * What a client leaves in the session: the statements and portals it names on the wire are renamed to names
 * of its own (two clients may both call theirs "s1") and closed when it goes; the settings it changes (SET,
 * SET ROLE) are kept aside while others have the session and given back at its next turn; temporary tables
 * come after the backend's tables in the search path, so they cannot stand in for them. Not covered:
 * SQL-level PREPARE names, LISTEN and cursors WITH HOLD are the session's, shared by every client
 * (docs/local-database.md).
 */
import net from "node:net"
import type { PGlite } from "@electric-sql/pglite"
import {
  closeStatement,
  copyFail,
  errorResponse,
  FrameReader,
  parsedStatementName,
  query,
  renamed,
  ReplyScanner,
  boundStatementName,
  rowsOf,
  statementText,
  withText,
  SYNC,
  type ReplySummary,
} from "./wire-protocol"

/** How long a client may hold the session while sending nothing (Postgres: idle_in_transaction_session_timeout). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 5_000
export const DEFAULT_MAX_CONNECTIONS = 20

export interface WireServerOptions {
  db: PGlite
  /** 0 for a free port. */
  port?: number
  host?: string
  maxConnections?: number
  idleInTransactionTimeoutMs?: number
}

/** Waits for PGlite's session (the mutex its query(), exec() and transaction() take) and answers what gives it back. */
function takeSession(pg: PGlite): Promise<() => void> {
  return new Promise((granted) => {
    void pg._runExclusiveTransaction(() => new Promise<void>((release) => granted(() => release())))
  })
}

/**
 * Runs protocol messages on the session (which the caller holds), each as PGlite's own calls run one: one
 * call into its WebAssembly, under its query mutex. Each call gets its own reply callback: PGlite keeps the
 * last one given.
 */
async function exchange(pg: PGlite, bytes: Uint8Array, onData: (chunk: Buffer) => void): Promise<void> {
  await pg.runExclusive(() => pg.execProtocolRawStream(bytes, { onRawData: (data) => onData(Buffer.from(data)) }))
}

/** A statement of the server's own on the held session: its rows, or its error thrown. */
async function ownQuery(pg: PGlite, text: string): Promise<Array<Array<string | null>>> {
  const chunks: Buffer[] = []
  await exchange(pg, query(text), (chunk) => chunks.push(chunk))
  const { rows, error } = rowsOf(Buffer.concat(chunks))
  if (error !== null) throw new Error(error)
  return rows
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`

/** The session's settings that differ from their defaults by SET (pg_settings leaves out role and session_authorization). */
const SETTINGS = `select name, setting from pg_settings where source = 'session'
  union all select 'session_authorization', current_setting('session_authorization')
  union all select 'role', current_setting('role')`

type Settings = Map<string, string>
const IDENTITY = new Set(["session_authorization", "role"])

async function settingsOf(pg: PGlite): Promise<Settings> {
  const settings: Settings = new Map()
  for (const [name, value] of await ownQuery(pg, SETTINGS))
    if (typeof name === "string" && typeof value === "string") settings.set(name, value)
  return settings
}

/** set_config for each, the session's user before the role (setting the user resets the role). */
const applying = (settings: Settings) => {
  const order = (name: string) => (name === "session_authorization" ? 0 : name === "role" ? 2 : 1)
  const calls = [...settings]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([name, value]) => `set_config(${quoted(name)}, ${quoted(value)}, false)`)
  return calls.length > 0 ? `select ${calls.join(", ")}` : null
}

const sameSettings = (a: Settings, b: Settings) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v)

/** Postgres's words and SQLSTATEs for the ends this server puts to a connection. */
const FAREWELLS = {
  idle: () => errorResponse("FATAL", "25P03", "terminating connection due to idle-in-transaction timeout"),
  tooMany: () => errorResponse("FATAL", "53300", "sorry, too many clients already"),
  shutdown: () => errorResponse("FATAL", "57P01", "terminating connection due to administrator command"),
  protocol: (reason: string) => errorResponse("FATAL", "08P01", reason),
  failed: () => errorResponse("FATAL", "XX000", "the embedded database could not run this client's messages"),
}

let clientCount = 0

/** A message waiting for the client's turn; `ends` closes a batch, `sets` may change a setting, `temp` may make a temporary table. */
interface Pending {
  bytes: Buffer
  startup: boolean
  ends: boolean
  sets: boolean
  temp: boolean
}

/** Sync, Query and Flush: after them the client waits for the reply. */
const ENDS_BATCH = new Set(["S", "Q", "H"])
/**
 * A text that may change the session's settings (a statement that starts SET, RESET or DISCARD, or a call
 * of set_config()): only after one are the settings read back (reading pg_settings costs about ten simple
 * statements). A SET inside a function's body is not seen.
 */
const MAY_SET = /(?:^|;)\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(?:set|reset|discard)\b|set_config/i
/**
 * COPY … FROM STDIN: PGlite 0.5 cannot take COPY data over the wire protocol, and its engine exits (every
 * later statement of the backend's would fail until a restart). psql's \copy sends the same.
 */
const COPY_FROM_CLIENT = /\bcopy\b[\s\S]*?\bfrom\s+stdin\b/i
const REFUSE_COPY = `do $refused$ begin raise exception using errcode = '0A000', message =
  'COPY FROM STDIN (and psql''s \\copy … from) is not available on the local database''s port: it would stop the embedded database. Use INSERT.';
  end $refused$`
/** A text that may make a temporary table (CREATE TEMP, SELECT … INTO TEMPORARY). */
const MAY_TEMP = /\btemp(?:orary)?\b/i

class WireClient {
  private readonly reader = new FrameReader()
  private readonly scanner = new ReplyScanner()
  private readonly pending: Pending[] = []
  private readonly prefix = `w${++clientCount}_`
  /** The statements it made on the wire, by their names in the session. */
  private readonly statements = new Set<string>()
  /** Those of its statements whose text may change a setting. */
  private readonly settingStatements = new Set<string>()
  /** Its own settings, kept aside while the session is someone else's. */
  private settings: Settings = new Map()
  /** Gives the session back; null while the client does not hold it. */
  private release: (() => void) | null = null
  /** Whether it ran something since it last held the session idle (what a rollback must undo). */
  private midTurn = false
  private copyIn = false
  /** Whether its turn may have changed the session's settings (then they are read and set back at its end). */
  private touchedSettings = false
  /** Whether the session has this client's search path for its turn. */
  private ownSearchPath = false
  /** Whether its last reply ended with ReadyForQuery (no statement of it is halfway). */
  private betweenStatements = true
  private pumping: Promise<void> | null = null
  private idleTimer: NodeJS.Timeout | undefined
  private ended = false
  private finish: () => void = () => undefined
  /** Settled once the client is gone and the session is free of it. */
  readonly done = new Promise<void>((resolve) => (this.finish = resolve))

  constructor(
    private readonly socket: net.Socket,
    private readonly server: WireServer,
  ) {
    socket.setNoDelay(true)
    socket.on("data", (chunk) => this.receive(chunk))
    socket.on("error", () => this.end())
    socket.on("close", () => this.end())
  }

  /** The same name, of this client's own in the session. */
  private readonly rename = (_kind: "statement" | "portal", name: string) => `${this.prefix}${name}`

  private receive(chunk: Buffer) {
    if (this.ended) return
    this.stopIdleTimer()
    for (const frame of this.reader.push(chunk)) {
      if (frame.kind === "encryption-request") this.socket.write("N")
      else if (frame.kind === "startup")
        this.pending.push({ bytes: frame.bytes, startup: true, ends: true, sets: false, temp: false })
      else if (frame.kind === "cancel-request" || frame.kind === "invalid" || frame.type === "X") {
        // A cancel request comes on a connection of its own and wants no answer; PGlite cannot cancel anyway.
        this.end(frame.kind === "invalid" ? FAREWELLS.protocol(frame.reason) : undefined)
        return
      } else {
        const given = renamed(frame.bytes, this.rename) ?? frame.bytes
        const asked = statementText(given)
        // Refused by Postgres itself (an error in its place, with the transaction failed as any error fails it).
        const [bytes, text] =
          asked !== null && COPY_FROM_CLIENT.test(asked) ? [withText(given, REFUSE_COPY), REFUSE_COPY] : [given, asked]
        const temp = text !== null && MAY_TEMP.test(text)
        this.pending.push({
          bytes,
          startup: false,
          ends: ENDS_BATCH.has(frame.type),
          sets: this.maySet(bytes, text),
          temp,
        })
      }
    }
    this.kick()
  }

  /**
   * Whether the message may change a setting: a Query or Parse whose text may, or a Bind of a statement parsed
   * from such a text (a prepared statement runs in a later turn than its Parse).
   */
  private maySet(bytes: Buffer, text: string | null): boolean {
    const parsed = parsedStatementName(bytes)
    if (parsed !== null) {
      if (parsed) this.statements.add(parsed)
      const sets = text !== null && MAY_SET.test(text)
      if (sets) this.settingStatements.add(parsed)
      else this.settingStatements.delete(parsed)
      return sets
    }
    const bound = boundStatementName(bytes)
    if (bound !== null) return this.settingStatements.has(bound)
    return text !== null && MAY_SET.test(text)
  }

  private kick() {
    this.pumping ??= this.pump().finally(() => {
      this.pumping = null
      if (this.ended ? !this.finished : this.pending.length > 0) this.kick()
    })
  }

  private finished = false

  /** Whether it has ended (read afresh after an await). */
  private gone(): boolean {
    return this.ended
  }

  private async pump(): Promise<void> {
    while (!this.ended && this.pending.length > 0) {
      if (this.release === null) {
        this.release = await takeSession(this.server.db)
        if (this.gone()) break
        this.betweenStatements = true
        await this.resumeSettings()
      }
      const next = this.batch()
      if (next === null) break
      this.midTurn = true
      if (next.sets) this.touchedSettings = true
      if (next.temp) this.server.temporaryObjects = true
      // Only between statements: a query of the server's own halfway through one would drop its unnamed statement.
      if (this.server.temporaryObjects && !this.ownSearchPath && this.betweenStatements) await this.useOwnSearchPath()
      let reply: ReplySummary
      try {
        reply = await this.run(next.bytes)
      } catch {
        this.end(FAREWELLS.failed())
        break
      }
      this.betweenStatements = reply.endsReady
      if (reply.copyIn) this.copyIn = true
      if (reply.endsReady) this.copyIn = false
      // A turn ends idle: the startup's reply, or a ReadyForQuery outside a transaction with nothing after it.
      if (next.startup || (reply.endsReady && reply.readyStatus === "I")) await this.giveBack()
    }
    if (this.ended) return this.leave()
    if (this.release !== null) this.startIdleTimer()
  }

  /**
   * The messages to run in one call: up to the next Sync, Query or Flush (PGlite runs every message it is
   * given before it answers), the startup packet alone.
   */
  private batch(): Omit<Pending, "ends"> | null {
    const first = this.pending[0]
    if (first === undefined) return null
    if (first.startup) {
      this.pending.shift()
      return first
    }
    const taken: Pending[] = []
    for (let next = this.pending[0]; next !== undefined && !next.startup; next = this.pending[0]) {
      taken.push(next)
      this.pending.shift()
      if (next.ends) break
    }
    return {
      bytes: Buffer.concat(taken.map((m) => m.bytes)),
      startup: false,
      sets: taken.some((m) => m.sets),
      temp: taken.some((m) => m.temp),
    }
  }

  /** Messages on the session, their reply written to the client as it comes. */
  private async run(bytes: Buffer): Promise<ReplySummary> {
    await exchange(this.server.db, bytes, (chunk) => {
      this.scanner.feed(chunk)
      if (!this.ended && this.socket.writable) this.socket.write(chunk)
    })
    return this.scanner.take()
  }

  /** Its settings set again for its turn. */
  private async resumeSettings() {
    this.ownSearchPath = this.settings.has("search_path")
    const statement = applying(this.settings)
    if (statement === null) return
    this.touchedSettings = true
    await ownQuery(this.server.db, statement).catch(() => undefined)
  }

  /**
   * The search path a client of Postgres has (its temporary tables first) rather than the backend's (them
   * last), once the session may hold temporary tables.
   */
  private async useOwnSearchPath() {
    this.ownSearchPath = true
    this.touchedSettings = true
    const path = quoted(this.server.clientSearchPath)
    await ownQuery(this.server.db, `select set_config('search_path', ${path}, false)`).catch(() => undefined)
  }

  /** The session given back idle, with the settings it had before this client's turn. */
  private async giveBack() {
    if (this.touchedSettings) this.settings = await this.server.keepSettingsOf().catch(() => this.settings)
    this.touchedSettings = false
    this.ownSearchPath = false
    this.midTurn = false
    this.release?.()
    this.release = null
  }

  /** After it has gone: what it left undone rolled back, its statements closed, the session given back. */
  private async leave() {
    this.stopIdleTimer()
    try {
      if (this.statements.size > 0 && this.release === null) this.release = await takeSession(this.server.db)
      if (this.release !== null) {
        const db = this.server.db
        const ignore = () => undefined
        if (this.midTurn) {
          // COPY data refused, then ROLLBACK; a Sync ends any skipping after an error of the extended protocol,
          // and the second ROLLBACK ends the transaction that error left aborted.
          if (this.copyIn) await exchange(db, copyFail("client went away"), ignore)
          await exchange(db, query("rollback"), ignore)
          await exchange(db, SYNC, ignore)
          await exchange(db, query("rollback"), ignore)
        }
        for (const name of this.statements) await exchange(db, Buffer.concat([closeStatement(name), SYNC]), ignore)
        this.statements.clear()
        this.settings = new Map()
        if (this.touchedSettings) await this.server.keepSettingsOf().catch(() => undefined)
      }
    } catch {
      // The database is closing: nothing of the session is left to give back.
    } finally {
      this.release?.()
      this.release = null
      this.finished = true
      this.finish()
    }
  }

  private startIdleTimer() {
    this.stopIdleTimer()
    this.idleTimer = setTimeout(() => {
      if (this.release !== null && this.pending.length === 0 && this.pumping === null) this.end(FAREWELLS.idle())
    }, this.server.idleInTransactionTimeoutMs)
    this.idleTimer.unref()
  }

  private stopIdleTimer() {
    clearTimeout(this.idleTimer)
    this.idleTimer = undefined
  }

  /** Ends the connection (with a last message, when the server ends it); the session is cleaned up after. */
  end(farewell?: Buffer) {
    if (this.ended) return
    this.ended = true
    this.pending.length = 0
    this.stopIdleTimer()
    if (farewell !== undefined && this.socket.writable) this.socket.end(farewell)
    else this.socket.end()
    this.socket.destroySoon()
    this.kick()
  }
}

/** A Postgres server on a TCP port in front of one PGlite, one client at a time on its session. */
export class WireServer {
  readonly db: PGlite
  readonly idleInTransactionTimeoutMs: number
  private readonly host: string
  private port: number
  private readonly maxConnections: number
  private readonly clients = new Set<WireClient>()
  private server: net.Server | null = null
  /** The search path a client has by default: Postgres's, temporary tables first. */
  clientSearchPath = "public"
  /** Whether a client may have made a temporary table (from then on each turn has the client's search path). */
  temporaryObjects = false
  /** The session's own settings (the backend's), given back after each client's turn. */
  private baseline: Settings = new Map()

  constructor(options: WireServerOptions) {
    this.db = options.db
    this.host = options.host ?? "127.0.0.1"
    this.port = options.port ?? 5432
    this.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
    this.idleInTransactionTimeoutMs = options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS
  }

  async start(): Promise<void> {
    if (this.server !== null) throw new Error("The wire server is already started")
    await this.db.waitReady
    const release = await takeSession(this.db)
    try {
      // Temporary tables last: a client's temporary "leads" must not stand in for the backend's table.
      const [[path] = []] = await ownQuery(this.db, "select current_setting('search_path')")
      if (path !== undefined && path !== null && !/\bpg_temp\b/.test(path)) {
        this.clientSearchPath = path
        await ownQuery(this.db, `select set_config('search_path', ${quoted(`${path}, pg_temp`)}, false)`)
      }
      this.baseline = await settingsOf(this.db)
    } finally {
      release()
    }
    const server = net.createServer((socket) => this.accept(socket))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(this.port, this.host, () => {
        server.off("error", reject)
        const address = server.address()
        if (typeof address === "object" && address !== null) this.port = address.port
        resolve()
      })
    })
  }

  /** host:port, as a connection URL takes it. */
  getServerConn(): string {
    return `${this.host}:${this.port}`
  }

  /** How many clients are connected. */
  get connections(): number {
    return this.clients.size
  }

  private accept(socket: net.Socket) {
    if (this.clients.size >= this.maxConnections) {
      socket.on("error", () => undefined)
      socket.end(FAREWELLS.tooMany())
      return
    }
    const client = new WireClient(socket, this)
    this.clients.add(client)
    void client.done.then(() => this.clients.delete(client))
  }

  /**
   * Called with the session held, at the end of a client's turn: the client's own settings (those that differ
   * from the backend's), and the session's set back to the backend's when they differ.
   */
  async keepSettingsOf(): Promise<Settings> {
    const now = await settingsOf(this.db)
    if (sameSettings(now, this.baseline)) return new Map()
    const own: Settings = new Map([...now].filter(([name, value]) => this.baseline.get(name) !== value))
    // Each step on its own: one that fails (a setting PGlite refuses) must not keep the others from running.
    // SET SESSION AUTHORIZATION DEFAULT gives back the user and the role; the backend sets neither.
    const restore = applying(new Map([...this.baseline].filter(([name]) => !IDENTITY.has(name))))
    for (const statement of ["set session authorization default", "reset all", ...(restore ? [restore] : [])])
      await ownQuery(this.db, statement).catch(() => undefined)
    return own
  }

  /** Stops listening and ends every client, each rolled back; resolves once the session is free of them. */
  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()
    const clients = [...this.clients]
    for (const client of clients) client.end(FAREWELLS.shutdown())
    await Promise.all(clients.map((client) => client.done))
    await closed
  }
}
