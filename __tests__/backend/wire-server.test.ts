/**
 * @jest-environment node
 *
 * The local backend's Postgres wire server (server/wire-server.ts): a client of DB_PORT has PGlite's one
 * session to itself for a statement or a transaction, the backend's own statements wait around it, and no
 * client can keep it for ever or leave it broken.
 */
import net from "node:net"
import type { PGlite } from "@electric-sql/pglite"
import postgres from "postgres"
import { startBackend, type RunningBackend } from "../../server/backend"
import { WireServer } from "../../server/wire-server"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { bodies, freshDb, nextVisitorIp } from "./helpers"
import { connectWire, messages } from "./wire-client"

jest.setTimeout(120_000)

const quiet = { onnotice: () => undefined }

/** The backend's Db with a count of its calls under way, and a wait for that count to reach a number. */
function counted(db: Db) {
  let underWay = 0
  const waits: Array<{ count: number; resolve: () => void }> = []
  const track = <T>(call: Promise<T>): Promise<T> => {
    underWay++
    for (const wait of waits.filter((w) => underWay >= w.count)) {
      waits.splice(waits.indexOf(wait), 1)
      wait.resolve()
    }
    return call.finally(() => underWay--)
  }
  const wrapped: Db = {
    query: <Row>(text: string, params?: readonly SqlParam[]) => track(db.query<Row>(text, params)),
    transaction: <T>(work: (tx: Db) => Promise<T>) => track(db.transaction(work)),
  }
  const reached = (count: number) =>
    new Promise<void>((resolve) => (underWay >= count ? resolve() : waits.push({ count, resolve })))
  return { wrapped, reached }
}

describe("through the real backend", () => {
  let backend: RunningBackend
  let reached: (count: number) => Promise<void>

  beforeAll(async () => {
    backend = await startBackend({
      dataDir: "memory://",
      apiPort: 0,
      dbPort: 0,
      outboxIntervalMs: 0,
      // The first test's client waits on purpose, for as long as a slow machine needs to queue 100 leads.
      wireIdleTimeoutMs: 600_000,
      env: { RATE_LIMIT_MAX: "0", TRUSTED_PROXY_HOPS: "1" },
      wrapDb: (db) => {
        const count = counted(db)
        reached = count.reached
        return count.wrapped
      },
    })
  })
  afterAll(() => backend.stop())

  const postLead = (body: object) =>
    fetch(`${backend.url}/functions/v1/process-simple-lead`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: backend.config.anonKey,
        "x-forwarded-for": nextVisitorIp(),
      },
      body: JSON.stringify(body),
    })

  test("a client holding a transaction open and rolling it back while 100 leads arrive loses none", async () => {
    const sql = postgres(backend.databaseUrl ?? "", { max: 1, ...quiet })
    try {
      await sql`create table wire_probe (note text)`
      const client = await sql.reserve()
      await client`begin`
      await client`insert into wire_probe values ('before the leads')`

      const leads = Array.from({ length: 100 }, () => bodies.callback())
      let answered = 0
      const answers = leads.map((lead) =>
        postLead(lead).then(async (response) => {
          answered++
          return { status: response.status, body: await response.text() }
        }),
      )
      // The leads have reached the database and wait for the client's transaction (or, were they let in
      // beside it, have all been answered).
      await Promise.race([reached(50), Promise.all(answers)])
      expect(answered).toBe(0)
      await client`insert into wire_probe values ('while the leads wait')`
      await client`rollback`
      client.release()

      const results = await Promise.all(answers)
      expect(results.filter((r) => r.status < 200 || r.status > 299)).toEqual([])
      const stored = await backend.db.query<{ submission_id: string; copies: number }>(
        `select submission_id::text, count(*)::int as copies from leads where submission_id = any($1::uuid[]) group by 1`,
        [`{${leads.map((lead) => lead.submissionId).join(",")}}`],
      )
      expect(stored).toHaveLength(100)
      expect(stored.every((row) => row.copies === 1)).toBe(true)
      expect(await sql`select * from wire_probe`).toHaveLength(0)
    } finally {
      await sql.end()
    }
  })

  test("many postgres.js clients, prepared and unnamed, each get their own answers while leads arrive", async () => {
    const clients = [true, true, true, false, false, false].map((prepare) =>
      postgres(backend.databaseUrl ?? "", { max: 2, prepare, ...quiet }),
    )
    try {
      const leads = Array.from({ length: 30 }, () => postLead(bodies.callback()))
      const asked = clients.flatMap((sql, who) =>
        Array.from({ length: 40 }, async (_, n) => {
          // Two statement shapes per client, one with a type of its own, so a statement of another's would show.
          const [row] =
            n % 2 === 0
              ? await sql`select ${n}::int as n, ${`client ${who}`}::text as who, count(*)::int as leads from leads`
              : await sql`select ${n}::int as n, ${`client ${who}`}::text as who, now() as at`
          return row?.n === n && row.who === `client ${who}` ? null : { who, n, row }
        }),
      )
      const settled = await Promise.allSettled(asked)
      expect(settled.filter((s) => s.status === "rejected").map((s) => String(s.reason))).toEqual([])
      expect(settled.filter((s) => s.status === "fulfilled" && s.value !== null)).toEqual([])
      expect((await Promise.all(leads)).filter((r) => r.status < 200 || r.status > 299)).toEqual([])
    } finally {
      await Promise.all(clients.map((sql) => sql.end()))
    }
  })
})

describe("on its own PGlite", () => {
  let pg: PGlite
  let db: Db
  let wire: WireServer
  const idleMs = 300

  beforeEach(async () => {
    ;({ pg, db } = await freshDb())
    await db.query(`create table wire_probe (note text)`)
    wire = new WireServer({ db: pg, port: 0, idleInTransactionTimeoutMs: idleMs })
    await wire.start()
  })
  afterEach(async () => {
    await wire.stop()
    await pg.close()
  })

  const url = () => `postgres://postgres:postgres@${wire.getServerConn()}/postgres`

  test("a client past the connection limit is told so in Postgres's words", async () => {
    const small = new WireServer({ db: pg, port: 0, maxConnections: 1 })
    await small.start()
    try {
      const first = await connectWire(small.getServerConn())
      const [host, port] = small.getServerConn().split(":")
      const refused = net.connect({ host, port: Number(port) })
      const said: Buffer[] = []
      refused.on("data", (chunk) => said.push(chunk))
      await new Promise((resolve) => refused.on("close", resolve))
      expect(Buffer.concat(said).toString("latin1")).toContain("C53300\u0000Msorry, too many clients already")
      first.end()
      await first.closed
    } finally {
      await small.stop()
    }
  })

  test("two clients that name their statements alike each run their own", async () => {
    const [a, b] = [await connectWire(wire.getServerConn()), await connectWire(wire.getServerConn())]
    a.send(Buffer.concat([messages.parse("s1", "select 'a' as who"), messages.sync()]))
    b.send(Buffer.concat([messages.parse("s1", "select 'b' as who, 2 as n"), messages.sync()]))
    expect((await a.untilReady()).error).toBeNull()
    expect((await b.untilReady()).error).toBeNull()
    b.send(Buffer.concat([messages.bind("s1"), messages.execute(), messages.sync()]))
    a.send(Buffer.concat([messages.bind("s1"), messages.execute(), messages.sync()]))
    expect((await a.untilReady()).rows).toEqual([["a"]])
    expect((await b.untilReady()).rows).toEqual([["b", "2"]])
    a.end()
    b.end()
    await Promise.all([a.closed, b.closed])
  })

  test.each([
    ["idle in a transaction", ["begin", "insert into wire_probe values ('held')"], null],
    ["halfway through a statement", [], messages.parse("", "insert into wire_probe values ('half')")],
  ])("a client %s past the timeout is rolled back and told why, and the backend goes on", async (_, queries, parse) => {
    const client = await connectWire(wire.getServerConn())
    for (const text of queries) expect((await client.query(text)).error).toBeNull()
    if (parse !== null) {
      // Parsed (ParseComplete came back), and then nothing more: no Bind, no Sync.
      const parsed = client.arrival("1")
      client.send(Buffer.concat([parse, messages.flush()]))
      await parsed
    }
    // Queued behind the client: it runs once the timeout has ended the client's hold, and not before.
    const asked = performance.now()
    const backendRead = db
      .query<{ count: number }>(`select count(*)::int as count from wire_probe`)
      .then((rows) => ({ rows, waited: performance.now() - asked }))
    expect(await client.closed).toEqual({
      code: "25P03",
      message: "terminating connection due to idle-in-transaction timeout",
    })
    const { rows, waited } = await backendRead
    expect(rows).toEqual([{ count: 0 }])
    expect(waited).toBeGreaterThanOrEqual(idleMs - 1)
    expect(await db.transaction((tx) => tx.query(`select 1 as one`))).toEqual([{ one: 1 }])
  })

  test.each([
    ["inside a transaction", ["begin", "insert into wire_probe values ('killed')"], false],
    ["after an insert's Execute, before its Sync", [], true],
    ["inside a failed transaction", ["begin", "insert into wire_probe values ('failed')", "select nope"], false],
  ])("a client killed %s leaves nothing held and nothing written", async (_, queries, unsynced) => {
    const client = await connectWire(wire.getServerConn())
    for (const text of queries) await client.query(text)
    if (unsynced) {
      // The insert has run (its CommandComplete came back); its Sync, which would commit it, never comes.
      const inserted = client.arrival("C")
      const insert = messages.parse("", "insert into wire_probe values ('unsynced')")
      client.send(Buffer.concat([insert, messages.bind(""), messages.execute(), messages.flush()]))
      await inserted
    }
    // Waiting behind the client when it dies.
    const backendRead = db.query<{ count: number }>(`select count(*)::int as count from wire_probe`)
    client.kill()
    expect(await backendRead).toEqual([{ count: 0 }])
    expect(await db.transaction((tx) => tx.query(`insert into wire_probe values ('backend') returning note`))).toEqual([
      { note: "backend" },
    ])
    const next = await connectWire(wire.getServerConn())
    expect(await next.query(`select note from wire_probe`)).toEqual({ rows: [["backend"]], error: null, status: "I" })
    next.end()
    await next.closed
  })

  test("COPY FROM STDIN, which would stop PGlite's engine, is refused with an error and the database goes on", async () => {
    const client = await connectWire(wire.getServerConn())
    expect(await client.query(`copy wire_probe from stdin`)).toEqual({ rows: [], error: "0A000", status: "I" })
    expect(await client.query(`begin`)).toMatchObject({ error: null, status: "T" })
    expect(await client.query(`copy wire_probe from stdin`)).toEqual({ rows: [], error: "0A000", status: "E" })
    expect(await client.query(`rollback`)).toMatchObject({ error: null, status: "I" })
    client.end()
    await client.closed
    expect(await db.query(`insert into wire_probe values ('still here') returning note`)).toEqual([
      { note: "still here" },
    ])
  })

  test("what a client sets, prepares or creates for itself does not change what the backend's statements do", async () => {
    await db.query(`insert into wire_probe values ('public')`)
    const sql = postgres(url(), { max: 1, ...quiet })
    try {
      await sql`create temp table wire_probe (note text)`
      await sql`insert into wire_probe values ('temporary')`
      // The client's unqualified name is its temporary table, as on any Postgres; the backend's is its table.
      expect(await sql`select note from wire_probe`).toEqual([{ note: "temporary" }])
      await sql`set search_path = pg_catalog`
      await sql`set role pg_read_all_data`
      await sql`set datestyle = 'SQL, DMY'`
      expect(await db.query(`select note from wire_probe`)).toEqual([{ note: "public" }])
      expect(await db.query(`select current_user as who, current_setting('datestyle') as style`)).toEqual([
        { who: "postgres", style: "ISO, MDY" },
      ])
      // The client's own settings are its own again at its next statement.
      expect(await sql`select current_user as who, current_setting('search_path') as path`).toEqual([
        { who: "pg_read_all_data", path: "pg_catalog" },
      ])
      await sql.unsafe(`deallocate all`)
      await sql.unsafe(`discard all`)
      expect(await db.query(`insert into wire_probe values ('after discard') returning note`)).toEqual([
        { note: "after discard" },
      ])
    } finally {
      await sql.end()
    }
  })
})
