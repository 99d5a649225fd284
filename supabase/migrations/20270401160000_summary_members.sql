-- A summary's leads in rows of their own (capacity): each lead that came in while the office
-- was closed (or past an alert budget) was appended to its summary job's jsonb list, after a containment
-- check, so every lead of a night rewrote the whole list: after hours a flood's cost per lead grew with
-- the night (8 ms of Postgres CPU per lead after a few thousand, npm run bench:backend). Jobs queued
-- before this keep their list in the payload; the worker reads both.
create table if not exists public.summary_members (
  summary_key text not null references public.outbox_jobs (dedupe_key) on delete cascade,
  record text not null check (record in ('lead', 'message')),
  target_id uuid not null,
  added_at timestamptz not null default now(),
  primary key (summary_key, record, target_id)
);
-- The sweep that announces unalerted leads again asks whether a lead is in a summary still to be sent.
create index if not exists summary_members_target_idx on public.summary_members (target_id);

select private.lock_down('public.summary_members');
