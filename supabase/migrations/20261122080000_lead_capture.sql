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

alter table public.contact_messages enable row level security;
alter table public.leads enable row level security;
alter table public.function_calls enable row level security;
alter table public.outbox_jobs enable row level security;

-- Supabase's API roles get nothing on these tables (the roles exist only on Supabase).
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on public.contact_messages, public.leads, public.function_calls, public.outbox_jobs from %I', api_role);
    end if;
  end loop;
end
$$;
