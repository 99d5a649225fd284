-- A Turnstile verification, remembered per submission and lead. A token is single-use at
-- Cloudflare, yet one submission makes several calls: the wizard's three share one submissionId and one
-- token, and the browser re-sends a kept submission later, when its token has expired. A pass for
-- (submission_id, lead_hash) lets those calls through without a new token; another lead under the same
-- id has another hash and needs its own. Rows older than the browser outbox's MAX_AGE (7 days) are purged.
create table if not exists public.turnstile_passes (
  submission_id uuid not null,
  lead_hash text not null,
  passed_at timestamptz not null default now(),
  primary key (submission_id, lead_hash)
);
create index if not exists turnstile_passes_passed_at on public.turnstile_passes (passed_at);

select private.lock_down('public.turnstile_passes');
