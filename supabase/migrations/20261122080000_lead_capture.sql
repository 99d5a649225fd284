-- Lead capture: contact messages, leads, idempotent function calls and the outbox.
-- Row level security is on for every table and no policy grants the anon or
-- authenticated roles anything: only the functions (service connection) read or write.

create table if not exists public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null unique,
  name text not null,
  email text not null,
  phone text not null,
  message text not null,
  page_url text,
  user_agent text,
  ip_hash text,
  is_spam boolean not null default false,
  created_at timestamptz not null default now()
);

-- One row per lead, whatever form it came from; a wizard submission's three calls share one row.
create table if not exists public.leads (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null unique,
  kind text not null check (kind in ('estimate', 'booking', 'callback')),
  source text not null,
  full_name text not null,
  first_name text,
  last_name text,
  phone text not null,
  email text,
  street_address text,
  city text,
  state text,
  zip_code text,
  property_type text,
  service_plan text,
  pests jsonb not null default '[]'::jsonb,
  additional_pests smallint,
  same_day_service boolean,
  quick_knock boolean,
  account_id text,
  special_offer text,
  notes text,
  utm_source text,
  utm_campaign text,
  utm_term text,
  user_agent text,
  ip_hash text,
  is_spam boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists leads_created_at_idx on public.leads (created_at desc);

-- Idempotency: the first answer to (function, submission id) is kept and replayed.
create table if not exists public.function_calls (
  function_name text not null,
  submission_id uuid not null,
  request_hash text not null,
  status_code smallint,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (function_name, submission_id)
);

-- Work to do after a lead is stored: e-mails and the CRM forward, retried until delivered or dead.
create table if not exists public.outbox_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('customer_email', 'company_email', 'crm_forward')),
  dedupe_key text not null unique,
  lead_id uuid references public.leads (id) on delete cascade,
  contact_message_id uuid references public.contact_messages (id) on delete cascade,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'dead', 'not_configured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists outbox_jobs_due_idx on public.outbox_jobs (next_attempt_at) where status in ('pending', 'sending');

-- The local mailbox is the local backend's own table (server/local-sinks.ts), never production's.

-- Every table's lock: row level security on, and nothing for Supabase's API roles (the roles exist only on
-- Supabase, whose default privileges grant them everything on each new table; RLS does not stop TRUNCATE, so
-- the grants themselves are revoked). In a schema of its own, which the API neither exposes nor lets them use.
-- Databases migrated before the later migrations called it lack it (docs/decisions.md).
create schema if not exists private;
revoke all on schema private from public;
create or replace function private.lock_down(target regclass) returns void
language plpgsql set search_path = '' as $$
declare
  api_role text;
begin
  execute format('alter table %s enable row level security', target);
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = api_role) then
      execute format('revoke all on %s from %I', target, api_role);
    end if;
  end loop;
end
$$;
revoke all on function private.lock_down(regclass) from public;

select private.lock_down('public.contact_messages');
select private.lock_down('public.leads');
select private.lock_down('public.function_calls');
select private.lock_down('public.outbox_jobs');
