/**
 * The local backend's own tables, which production never uses: the mailbox (e-mails "sent" while no
 * e-mail API is configured, shown at /mailbox), the alerts page (SMS and chat while no provider is) and
 * the pipeline check's pings of the local stand-in for the outside dead-man's switch.
 * Created after the migrations, never by them (a migration runs on Supabase too; 20270501090000 drops
 * them where earlier versions of the migrations made them). Idempotent, under the migrations' lock;
 * locked down as the migrations lock every table: row level security on, nothing for Supabase's API
 * roles where they exist.
 */
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR, migrate, type MigrationTarget } from "./migrate"

/** Supabase's roles for its API (they exist only on Supabase, or where a test makes them). */
const API_ROLES = ["anon", "authenticated"]

/** Each local table's definition (the one place it is written). */
const LOCAL_SINKS: Readonly<Record<string, string>> = {
  dev_mailbox: `create table if not exists public.dev_mailbox (
    id uuid primary key default gen_random_uuid(),
    job_id uuid unique,
    to_address text not null,
    from_address text not null,
    reply_to text,
    subject text not null,
    html text not null,
    text_body text not null,
    attachments jsonb,
    created_at timestamptz not null default now()
  )`,
  dev_alerts: `create table if not exists public.dev_alerts (
    id uuid primary key default gen_random_uuid(),
    job_id uuid unique,
    channel text not null check (channel in ('sms', 'chat')),
    to_address text not null,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  // The outside dead-man's switch, locally: the pipeline check's pings when it passes (PIPELINE_CHECK_PING_URL).
  dev_pings: `create table if not exists public.dev_pings (
    id uuid primary key default gen_random_uuid(),
    method text not null,
    query text not null default '',
    created_at timestamptz not null default now()
  )`,
}

/** Columns added since a table was first made: a local database made before them gets them at the next start. */
const ADDED_COLUMNS: readonly string[] = [`alter table public.dev_mailbox add column if not exists attachments jsonb`]

/** Creates the local mailbox and alerts tables where they are missing. */
export const createLocalSinks = (target: MigrationTarget): Promise<void> =>
  target.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    const roles = await tx.query<{ rolname: string }>(
      `select rolname from pg_roles where rolname in (${API_ROLES.map((role) => `'${role}'`).join(", ")})`,
    )
    for (const [table, definition] of Object.entries(LOCAL_SINKS)) {
      await tx.exec(definition)
      await tx.exec(`alter table public.${table} enable row level security`)
      for (const { rolname } of roles) await tx.exec(`revoke all on public.${table} from ${rolname}`)
    }
    for (const statement of ADDED_COLUMNS) await tx.exec(statement)
  })

/** What the local backend runs at start: the migrations production runs, then its own tables. */
export async function migrateLocalBackend(target: MigrationTarget, dir = MIGRATIONS_DIR): Promise<string[]> {
  const ran = await migrate(target, dir)
  await createLocalSinks(target)
  return ran
}
