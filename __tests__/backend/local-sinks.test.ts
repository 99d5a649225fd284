/** @jest-environment node */
/**
 * The local mailbox and alerts page are the local backend's tables: the migrations that run in
 * production create neither (and drop them where earlier ones had), the local backend creates both
 * after migrating, idempotently, locked down like every other table.
 */
import type { PGlite } from "@electric-sql/pglite"
import { createLocalSinks, migrateLocalBackend } from "../../server/local-sinks"
import { migrate, pgliteMigrationTarget } from "../../server/migrate"
import { unmigratedPglite } from "./migrated-template"

const SINKS = ["dev_mailbox", "dev_alerts", "dev_pings"]

/** Each sink table that exists, with whether row level security is on. */
async function sinks(pg: PGlite) {
  const { rows } = await pg.query<{ relname: string; relrowsecurity: boolean }>(
    `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname = any($1) order by relname`,
    [SINKS],
  )
  return rows
}

let pg: PGlite
beforeEach(async () => {
  pg = await unmigratedPglite()
})
afterEach(() => pg.close())

test("the production migrations alone create neither the local mailbox nor the local alerts table", async () => {
  await migrate(pgliteMigrationTarget(pg))
  expect(await sinks(pg)).toEqual([])
})

test("a database that earlier migrations gave them (production's) loses them", async () => {
  await pg.exec(`create table dev_mailbox (id int); create table dev_alerts (id int)`)
  await migrate(pgliteMigrationTarget(pg))
  expect(await sinks(pg)).toEqual([])
})

test("the local backend creates both after migrating, with row level security on, and again keeps what they hold", async () => {
  const target = pgliteMigrationTarget(pg)
  await migrateLocalBackend(target)
  expect(await sinks(pg)).toEqual([
    { relname: "dev_alerts", relrowsecurity: true },
    { relname: "dev_mailbox", relrowsecurity: true },
    { relname: "dev_pings", relrowsecurity: true },
  ])
  await pg.query(`insert into dev_alerts (channel, to_address, body) values ('sms', '+19145550100', 'kept')`)
  // A second start (and a second creation) changes nothing.
  expect(await migrateLocalBackend(target)).toEqual([])
  await createLocalSinks(target)
  expect((await pg.query(`select body from dev_alerts`)).rows).toEqual([{ body: "kept" }])
})

test("a mailbox made before e-mails carried attachments gets the column at the next start, and keeps its messages", async () => {
  const target = pgliteMigrationTarget(pg)
  await migrateLocalBackend(target)
  await pg.exec(`alter table dev_mailbox drop column attachments`)
  await pg.query(
    `insert into dev_mailbox (to_address, from_address, subject, html, text_body) values ('a@example.com', 'b@example.com', 'Old', '<p>Old</p>', 'Old')`,
  )
  await migrateLocalBackend(target)
  expect((await pg.query(`select subject, attachments from dev_mailbox`)).rows).toEqual([
    { subject: "Old", attachments: null },
  ])
})

test("Supabase's API roles get nothing on the local tables", async () => {
  await pg.exec(`
    create role anon nologin noinherit;
    grant usage on schema public to anon;
    alter default privileges in schema public grant all on tables to anon;
  `)
  await migrateLocalBackend(pgliteMigrationTarget(pg))
  const { rows } = await pg.query<{ table_name: string }>(
    `select table_name from information_schema.role_table_grants where grantee = 'anon' and table_name = any($1)`,
    [SINKS],
  )
  expect(rows).toEqual([])
})
