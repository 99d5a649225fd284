/** @jest-environment node */
/**
 * The outbox's job kinds are declared once in code (outbox/job-kinds.ts, each alert channel's from
 * notify/registry.ts): the worker's table has a handler for each, the queue refuses any other kind
 * when a job is queued, and the database checks none, so a new channel needs no migration.
 */
import type { PGlite } from "@electric-sql/pglite"
import type { Db } from "../../supabase/functions/_shared/db"
import { CHANNELS } from "../../supabase/functions/_shared/notify/registry"
import { isJobKind, JOB_KINDS } from "../../supabase/functions/_shared/outbox/job-kinds"
import { OUTBOX_JOBS } from "../../supabase/functions/_shared/outbox/jobs"
import { enqueueJobs, enqueueSql, type NewJob } from "../../supabase/functions/_shared/outbox/queue"
import { freshDb } from "./helpers"

jest.setTimeout(60_000)

const job = (dedupeKey: string): NewJob => ({ kind: "company_email", dedupeKey, payload: { text: "hello" } })

/** A job whose kind nobody declared, as a caller that builds the kind from text would queue it. */
const undeclared = (dedupeKey: string, kind: string): NewJob => Object.assign(job(dedupeKey), { kind })

let pg: PGlite
let db: Db
beforeAll(async () => {
  ;({ pg, db } = await freshDb())
})
afterAll(() => pg.close())

const stored = async (prefix: string) =>
  (
    await db.query<{ n: number }>(`select count(*)::int as n from outbox_jobs where dedupe_key like $1`, [`${prefix}%`])
  )[0]?.n

test("every declared kind has a handler in the worker's table, and every handler a declared kind", () => {
  expect(Object.keys(OUTBOX_JOBS.handlers).sort()).toEqual([...JOB_KINDS].sort())
  expect(new Set(JOB_KINDS).size).toBe(JOB_KINDS.length)
})

test("each alert channel's kind is a job kind, delivered in the channel's own lane", () => {
  for (const channel of CHANNELS) {
    expect(isJobKind(channel.kind)).toBe(true)
    expect(OUTBOX_JOBS.handlers[channel.kind].lane).toBe(channel.name)
  }
})

test("the queue refuses a kind nobody declared, and queues nothing of that batch", async () => {
  await expect(enqueueJobs(db, [job("refused:1"), undeclared("refused:2", "no_such_kind")])).rejects.toThrow(
    'Not a job kind: "no_such_kind"',
  )
  expect(await stored("refused:")).toBe(0)
  // The statement a request's transaction runs with its lead is built by the same check.
  expect(() => enqueueSql([undeclared("refused:3", "")], new Date())).toThrow('Not a job kind: ""')
})

test("a declared kind is queued as before", async () => {
  await enqueueJobs(db, [job("declared:1")])
  expect(await stored("declared:")).toBe(1)
})

test("the database checks no kind and no budget channel: the code does", async () => {
  const constraints = await db.query<{ conname: string }>(
    `select conname from pg_constraint where conname in ('outbox_jobs_kind_check', 'alert_spend_channel_check')`,
  )
  expect(constraints).toEqual([])
  await db.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at) values ('no_such_kind', 'raw:1', '{}', now())`,
  )
  await db.query(
    `insert into alert_spend (channel, minute, used) values ('no_such_channel', date_trunc('minute', now()), 1)`,
  )
  expect(await stored("raw:")).toBe(1)
})
