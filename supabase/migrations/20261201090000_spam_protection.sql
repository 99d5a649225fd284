-- Spam protection: the per-IP rate limit and the record of spam attempts.
-- Spam is kept apart from leads and contact messages, so it never reaches an
-- e-mail, the CRM or a count of leads, yet stays reviewable (false positives).

-- Fixed windows: one row per (IP hash, window); the row's hits are that IP's requests in the window.
create table if not exists public.rate_limits (
  ip_hash text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (ip_hash, window_start)
);
create index if not exists rate_limits_window_start_idx on public.rate_limits (window_start);

-- A bot's submission (honeypot filled, or sent too fast): answered like a real one, stored only here.
-- One row per submission id, so the wizard's three calls share one row (and one reference) as a real lead does.
create table if not exists public.spam_attempts (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null unique,
  function_name text not null,
  reason text not null check (reason in ('honeypot', 'too_fast')),
  body jsonb not null,
  ip_hash text,
  user_agent text,
  hits integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists spam_attempts_created_at_idx on public.spam_attempts (created_at desc);

-- Row level security on every table of the schema (this one's and any earlier one's), and nothing for
-- Supabase's API roles: Supabase's default privileges grant them everything on each new table, and
-- RLS does not stop TRUNCATE, so the grants themselves are revoked as well.
select private.lock_down(format('public.%I', tablename)::regclass) from pg_tables where schemaname = 'public';
