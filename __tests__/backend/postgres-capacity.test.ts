/**
 * @jest-environment node
 *
 * What keeps a real Postgres server's CPU per lead small (npm run bench:backend prints the figures):
 * the Node backend prepares each statement once per connection, and the outbox's claim reads only the
 * batch it takes, however many jobs are due, instead of sorting every due job of its lane.
 */
import postgres from "postgres"
import { migrate, postgresMigrationTarget } from "../../server/migrate"
import { postgresDb, preparedStatements } from "../../supabase/functions/_shared/db"
import { CLAIM_ONE_KIND } from "../../supabase/functions/_shared/outbox/claim"
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from "./postgres-cluster"

jest.setTimeout(120_000)

test("DB_PREPARE turns prepared statements on or off; anything else keeps the entry's default", () => {
  expect(preparedStatements("true", false)).toBe(true)
  expect(preparedStatements(" TRUE ", false)).toBe(true)
  expect(preparedStatements("1", false)).toBe(true)
  expect(preparedStatements("false", true)).toBe(false)
  expect(preparedStatements("0", true)).toBe(false)
  for (const setting of [undefined, "", "yes", "maybe"]) {
    expect(preparedStatements(setting, true)).toBe(true)
    expect(preparedStatements(setting, false)).toBe(false)
  }
})

const binDir = postgresBinDir()
// CI installs Postgres (.ci/run), so there a missing server is a failure; a developer's machine may lack it.
const describeServer = binDir || process.env.CI ? describe : describe.skip

interface PlanNode {
  "Node Type": string
  "Index Name"?: string
  "Scan Direction"?: string
  Plans?: PlanNode[]
}

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]

describeServer("on a real Postgres server", () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    if (!binDir)
      throw new Error("No Postgres server binaries (initdb, pg_ctl) found: install Debian's postgresql package.")
    cluster = await startPostgresCluster(binDir)
  })
  afterAll(() => cluster.stop())

  test("with prepare on, a statement is prepared on its connection and answers the same, in and out of a transaction", async () => {
    const sql = postgres(await cluster.createDatabase("prepared"), { max: 1, onnotice: () => undefined })
    try {
      const db = postgresDb(sql, { prepare: true })
      const text = `select $1::text || '!' as said`
      expect(await db.query(text, ["one"])).toEqual([{ said: "one!" }])
      expect(await db.query(text, ["two"])).toEqual([{ said: "two!" }])
      expect(await db.transaction((tx) => tx.query(text, ["three"]))).toEqual([{ said: "three!" }])
      const prepared = await db.query<{ statement: string }>(`select statement from pg_prepared_statements`)
      expect(prepared.map((p) => p.statement)).toContain(text)
      // Off (Supabase's pooler in transaction mode), nothing is left prepared on the connection.
      const unprepared = postgres(await cluster.createDatabase("unprepared"), { max: 1, onnotice: () => undefined })
      try {
        const plain = postgresDb(unprepared)
        expect(await plain.query(text, ["four"])).toEqual([{ said: "four!" }])
        const left = await plain.query<{ statement: string }>(`select statement from pg_prepared_statements`)
        expect(left.map((p) => p.statement)).not.toContain(text)
      } finally {
        await unprepared.end()
      }
    } finally {
      await sql.end()
    }
  })

  test("the outbox's claim scans a due-jobs index backwards to the batch size, with 20,000 jobs due: no sort of the backlog", async () => {
    const sql = postgres(await cluster.createDatabase("claim_plan"), { max: 1, onnotice: () => undefined })
    try {
      await migrate(postgresMigrationTarget(sql))
      // A backlog in the e-mail lane and another lane's, all due.
      await sql.unsafe(
        `insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at)
         select (array['company_email', 'customer_email', 'crm_forward', 'alert_sms'])[1 + n % 4], 'backlog-' || n, '{}'::jsonb,
                now() - (n * interval '1 second')
         from generate_series(1, 20000) as n`,
      )
      await sql.unsafe(`analyze outbox_jobs`)
      const [row] = await sql.unsafe<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }[]>(
        `explain (format json) ${CLAIM_ONE_KIND}`,
        [10, 60_000, new Date().toISOString(), "customer_email"],
      )
      const nodes = nodesOf(row!["QUERY PLAN"][0]!.Plan)
      // Newest first straight off a due-jobs index (by kind, or by due time with the kind filtered, as the
      // statistics say is cheaper), stopping at the batch: never every due job read and sorted.
      const scan = nodes.find((node) => node["Node Type"] === "Index Scan" && node["Index Name"] !== "outbox_jobs_pkey")
      expect(scan).toEqual(expect.objectContaining({ "Scan Direction": "Backward" }))
      expect(["outbox_jobs_lane_due_idx", "outbox_jobs_due_idx"]).toContain(scan?.["Index Name"])
      expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort")
      // And it takes the newest due jobs of that kind.
      const claimed = await sql.unsafe<{ kind: string; due: number }[]>(CLAIM_ONE_KIND, [
        10,
        60_000,
        new Date().toISOString(),
        "customer_email",
      ])
      expect(claimed).toHaveLength(10)
      expect(new Set(claimed.map((job) => job.kind))).toEqual(new Set(["customer_email"]))
      const [newest] = await sql.unsafe<{ due: number }[]>(
        `select max(extract(epoch from next_attempt_at))::float8 as due from outbox_jobs where kind = 'customer_email'`,
      )
      expect(Math.max(...claimed.map((job) => job.due))).toBe(newest!.due)
    } finally {
      await sql.end()
    }
  })
})
