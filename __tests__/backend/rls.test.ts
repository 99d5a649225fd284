/**
 * @jest-environment node
 *
 * Row level security, proven on a database set up the way Supabase sets one up: the API roles
 * exist and, by default privileges, get everything on every new table in public. The migrations
 * must still leave the public (anon) key unable to read or change a stored lead.
 */
import type { PGlite } from "@electric-sql/pglite"
import { migrateLocalBackend } from "../../server/local-sinks"
import { pgliteMigrationTarget } from "../../server/migrate"
import { arrayContaining, objectContaining } from "./matchers"
import { unmigratedPglite } from "./migrated-template"

let pg: PGlite
let leadId: string

const TABLES = [
  "leads",
  "contact_messages",
  "outbox_jobs",
  "function_calls",
  "dev_mailbox",
  "rate_limits",
  "spam_attempts",
  "spam_daily_counts",
  "turnstile_passes",
]

beforeAll(async () => {
  pg = await unmigratedPglite()
  // What Supabase does before any migration of ours runs.
  await pg.exec(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
      if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    end $$;
    grant usage on schema public to anon, authenticated;
    alter default privileges in schema public grant all on tables to anon, authenticated;
    alter default privileges in schema public grant all on sequences to anon, authenticated;
    alter default privileges in schema public grant all on functions to anon, authenticated;
  `)
  // As the local backend migrates: its own tables (the local mailbox) are locked down too.
  await migrateLocalBackend(pgliteMigrationTarget(pg))
  const [lead] = (
    await pg.query<{ id: string }>(
      `insert into leads (submission_id, kind, source, full_name, phone, email) values (gen_random_uuid(), 'booking', 'scarsdale_49_offer', 'Tom Hale', '914 555 0199', 'tom@example.com') returning id`,
    )
  ).rows
  leadId = lead!.id
  const [message] = (
    await pg.query<{ id: string }>(
      `insert into contact_messages (submission_id, name, email, phone, message) values (gen_random_uuid(), 'Ann Lee', 'ann@example.com', '914-555-0100', 'Ants') returning id`,
    )
  ).rows
  await pg.query(
    `insert into outbox_jobs (kind, dedupe_key, lead_id, payload) values ('company_email', 'k1', $1, '{}'::jsonb)`,
    [leadId],
  )
  await pg.query(
    `insert into function_calls (function_name, submission_id, request_hash, status_code, response) values ('process-contact', gen_random_uuid(), 'h', 200, '{}'::jsonb)`,
  )
  expect(message).toBeDefined()
})
afterAll(() => pg.close())

const snapshot = async () => (await pg.query(`select to_jsonb(l) as row from leads l order by id`)).rows

/** Runs a statement as the anon role; returns rows affected/read, or the error's message. */
async function asRole(role: string, sql: string): Promise<{ rows: number } | { error: string }> {
  await pg.exec(`set role ${role}`)
  try {
    const result = await pg.query(sql)
    return { rows: result.affectedRows ?? result.rows.length }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    await pg.exec(`reset role`)
  }
}

const isDenied = (result: { rows: number } | { error: string }) =>
  "error" in result ? /permission denied|row-level security/.test(result.error) : result.rows === 0

describe.each(["anon", "authenticated"])("the %s role", (role) => {
  test.each(TABLES)("can neither read, add, change, delete nor truncate %s", async (table) => {
    const before = await snapshot()
    const [column] = (
      await pg.query<{ name: string }>(
        `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position limit 1`,
        [table],
      )
    ).rows
    const attempts = {
      select: await asRole(role, `select * from public.${table}`),
      insert: await asRole(role, `insert into public.${table} default values`),
      update: await asRole(role, `update public.${table} set ${column!.name} = ${column!.name}`),
      delete: await asRole(role, `delete from public.${table}`),
      truncate: await asRole(role, `truncate public.${table} cascade`),
    }
    for (const [operation, result] of Object.entries(attempts)) {
      expect({ operation, denied: isDenied(result), result }).toMatchObject({ operation, denied: true })
    }
    expect(await snapshot()).toEqual(before)
  })

  test("cannot change the lead even by its id, and the lead is still there unchanged", async () => {
    const before = await snapshot()
    expect(isDenied(await asRole(role, `select full_name from public.leads where id = '${leadId}'`))).toBe(true)
    expect(isDenied(await asRole(role, `update public.leads set full_name = 'hacked' where id = '${leadId}'`))).toBe(
      true,
    )
    expect(isDenied(await asRole(role, `delete from public.leads where id = '${leadId}'`))).toBe(true)
    expect(
      isDenied(
        await asRole(
          role,
          `insert into public.leads (submission_id, kind, source, full_name, phone) values (gen_random_uuid(), 'booking', 'x', 'Eve', '9145550000')`,
        ),
      ),
    ).toBe(true)
    const after = await snapshot()
    expect(after).toEqual(before)
    expect(after).toEqual([{ row: objectContaining({ id: leadId, full_name: "Tom Hale", email: "tom@example.com" }) }])
  })
  test("cannot run the migrations' lock helper (its schema is not the API's)", async () => {
    const result = await asRole(role, `select private.lock_down('public.leads')`)
    expect("error" in result ? result.error : result).toMatch(/permission denied for schema private/)
  })
})

test("every table in public has row level security on and grants the API roles nothing", async () => {
  const tables = (
    await pg.query<{ tablename: string; rowsecurity: boolean }>(
      `select tablename, rowsecurity from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows
  expect(tables.map((t) => t.tablename)).toEqual(arrayContaining(TABLES))
  expect(tables.filter((t) => !t.rowsecurity)).toEqual([])
  const grants = (
    await pg.query<{ grantee: string; table_name: string; privilege_type: string }>(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and grantee in ('anon', 'authenticated')`,
    )
  ).rows
  expect(grants).toEqual([])
})
